"""tiles.solver.best_placement on hand-made cases (exactness against independent methods:
test_solver_exactness.py; the references: solver_reference.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.tiles.solver_reference import (
    check_placement,
    objective,
)
from tiles.solver import best_placement

# --- hand-made cases -------------------------------------------------------------------


def test_solver_lays_a_run_and_a_group_from_the_rack_after_opening() -> None:
    found = best_placement([], ["R1", "R2", "R3", "K9", "B9", "O9", "K2"], True)
    assert found is not None
    assert sorted(found.placed) == sorted(["R1", "R2", "R3", "K9", "B9", "O9"])
    assert found.table == [["R1", "R2", "R3"], ["K9", "B9", "O9"]]


def test_solver_returns_none_when_nothing_fits() -> None:
    assert best_placement([["R5", "R6", "R7"]], ["K1", "B8", "O12"], True) is None


def test_solver_returns_none_for_an_empty_rack() -> None:
    assert best_placement([["R5", "R6", "R7"]], [], True) is None


def test_solver_extends_a_run_at_both_ends() -> None:
    found = best_placement([["B5", "B6", "B7"]], ["B4", "B8", "K1"], True)
    assert found is not None
    assert found.table == [["B4", "B5", "B6", "B7", "B8"]]


def test_solver_splits_a_run_to_place_a_middle_tile() -> None:
    found = best_placement([["R1", "R2", "R3", "R4", "R5"]], ["R3"], True)
    assert found is not None
    assert found.placed == ["R3"]
    assert sorted(found.table) == [["R1", "R2", "R3"], ["R3", "R4", "R5"]]


def test_solver_takes_a_tile_from_a_group_of_four_to_make_a_run() -> None:
    table = [["K7", "B7", "O7", "R7"], ["K1", "B1", "O1"]]
    found = best_placement(table, ["R5", "R6"], True)
    assert found is not None
    assert sorted(found.placed) == ["R5", "R6"]
    assert ["R5", "R6", "R7"] in found.table
    check_placement((table, ["R5", "R6"], True), found)


def test_solver_keeps_every_table_tile_in_a_valid_set() -> None:
    # R4 fits at the end of the run only if the table stays whole; it is the only play.
    table = [["R1", "R2", "R3"], ["K5", "B5", "O5"]]
    found = best_placement(table, ["R4", "K13"], True)
    assert found is not None
    assert found.placed == ["R4"]
    check_placement((table, ["R4", "K13"], True), found)


def test_solver_uses_a_joker_to_fill_a_gap() -> None:
    found = best_placement([], ["O3", "J", "O5"], True)
    assert found is not None
    assert found.table == [["O3", "J", "O5"]]


def test_solver_writes_a_joker_in_the_position_it_fills() -> None:
    found = best_placement([], ["K11", "K12", "J"], True)
    assert found is not None
    assert found.table in ([["J", "K11", "K12"]], [["K11", "K12", "J"]])


def test_solver_never_puts_a_joker_after_13() -> None:
    found = best_placement([], ["K12", "K13", "J"], True)
    assert found is not None
    assert found.table == [["J", "K12", "K13"]]


def test_solver_must_place_the_table_jokers_too() -> None:
    table = [["R5", "J", "R7"]]
    found = best_placement(table, ["R6"], True)
    assert found is not None
    assert Counter(t for s in found.table for t in s)["J"] == 1
    check_placement((table, ["R6"], True), found)


def test_solver_opens_with_exactly_30() -> None:
    found = best_placement([], ["R9", "R10", "R11"], False)
    assert found is not None
    assert found.table == [["R9", "R10", "R11"]]


def test_solver_refuses_an_opening_worth_29() -> None:
    assert best_placement([], ["K8", "K9", "K12", "B12"], False) is None
    assert best_placement([], ["R8", "R9", "R10", "R1", "R2"], False) is None  # 27 + 3


def test_solver_counts_a_joker_as_the_tile_it_stands_for_when_opening() -> None:
    # 9 + J(10) + 11 = 30, the joker is worth 10 here, not 30
    assert best_placement([], ["K9", "J", "K11"], False) is not None
    # 1 + J(2) + 3 and 7 + 7 + 7 make 27, or 7 + 7 + 7 + J(7) 28: short of 30
    assert best_placement([], ["K1", "J", "K3", "K7", "B7", "O7"], False) is None


def test_solver_opens_with_several_sets_adding_up_to_30() -> None:
    found = best_placement([], ["K1", "K2", "K3", "B8", "O8", "R8", "K13"], False)
    assert found is not None
    assert len(found.placed) == 6


def test_solver_leaves_the_table_unchanged_before_the_opening() -> None:
    table = [["R1", "R2", "R3"]]
    found = best_placement(table, ["R4", "K10", "B10", "O10"], False)
    assert found is not None
    assert found.table == [["R1", "R2", "R3"], ["K10", "B10", "O10"]]
    assert "R4" not in found.placed


def test_solver_prefers_the_higher_value_when_tile_counts_tie() -> None:
    found = best_placement([["K1", "K2", "K3"], ["K11", "K12", "K13"]], ["B1", "B13"], True)
    # either tile needs two others; neither fits: nothing to do
    assert found is None
    found = best_placement([["K2", "K3", "K4"], ["K9", "K10", "K11"]], ["K1", "K12"], True)
    assert found is not None
    assert len(found.placed) == 2
    found = best_placement([], ["B1", "B2", "B3", "B11", "B12", "B13"], True)
    assert found is not None
    assert len(found.placed) == 6
    found = best_placement([], ["R1", "R2", "R3", "R11", "R12", "J"], True)
    assert found is not None
    assert objective(found) == (6, 1 + 2 + 3 + 11 + 12 + 30)


def test_solver_rejects_unknown_tile_codes() -> None:
    with pytest.raises(ValueError, match="not a tile code"):
        best_placement([], ["X5"], True)
    with pytest.raises(ValueError, match="not a tile code"):
        best_placement([], ["R14"], True)
