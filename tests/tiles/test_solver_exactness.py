"""tiles.solver.best_placement: exactness against independent methods. The brute force
(solver_reference.py) shares nothing with the solver: it lists every valid set outright,
tries every sub-multiset of the rack, and partitions table + chosen tiles into those sets.
The rummikub-solver ILP (a dev-only dependency) is a second reference on bigger positions;
its tests skip when it is not installed. The tightened bounds, the `at_least` floor and
searches cut and resumed keep the brute force's answer.
"""

from __future__ import annotations

import random

import pytest

from tests.tiles import ilp_reference
from tests.tiles.solver_reference import (
    Position,
    brute_force,
    check_placement,
    objective,
    random_position,
    small_positions,
)
from tiles import solver
from tiles.solver import best_placement


def test_the_brute_force_agrees_with_hand_worked_answers() -> None:
    assert brute_force(([["R1", "R2", "R3", "R4", "R5"]], ["R3", "K1"], True)) == (1, 3)
    assert brute_force(([], ["R9", "R10", "R11"], False)) == (3, 30)
    assert brute_force(([], ["R8", "R9", "R10"], False)) == (0, 0)
    assert brute_force(([], ["K9", "J", "K11", "K1"], False)) == (3, 50)


@pytest.mark.parametrize("seed", range(5))
def test_solver_matches_the_brute_force_on_random_small_positions(seed: int) -> None:
    for position in small_positions(100, seed):
        found = best_placement(*position)
        if found is not None:
            check_placement(position, found)
        assert objective(found) == brute_force(position), position


# --- the rummikub-solver ILP as a second reference -------------------------------------


NO_ILP = "rummikub-solver (a dev-only reference) is not installed"


def ilp_tile_count(position: Position) -> int:
    pytest.importorskip("rummikub_solver", reason=NO_ILP)
    return ilp_reference.ilp_tile_count(position)


def test_solver_places_at_least_as_many_tiles_as_the_ilp_on_mid_game_positions() -> None:
    """The ILP leaves out sets it deems wasteful (a joker ending a run longer than 3, a
    joker in a group of 4) and maximises only number tiles when opening, so with jokers it
    may place fewer: there our table is checked valid, which proves the ILP short. Without
    jokers both are exact and must agree."""
    pytest.importorskip("rummikub_solver", reason=NO_ILP)
    rng = random.Random(2015)
    for _ in range(120):
        position = random_position(rng, rng.randint(2, 8), rng.randint(5, 14), longest=6)
        found = best_placement(*position)
        if found is not None:
            check_placement(position, found)
        ours, theirs = objective(found)[0], ilp_tile_count(position)
        has_jokers = "J" in position[1] or any("J" in s for s in position[0])
        if has_jokers:
            assert ours >= theirs, position
        else:
            assert ours == theirs, position


def test_the_ilp_falls_short_where_a_joker_ends_a_long_run_and_the_solver_does_not() -> None:
    """A disagreement found while testing, decided for the solver: the ILP's set list
    leaves out runs longer than three ending with a joker, and its opening maximises
    numbered tiles only. R5 R6 R7 R8 J is a valid run of five (jokers as R9)."""
    pytest.importorskip("rummikub_solver", reason=NO_ILP)
    for position, tiles in [
        (([], ["R5", "R6", "R7", "R8", "J"], True), 5),
        (([], ["R9", "R10", "R11", "J"], False), 4),
    ]:
        found = best_placement(*position)
        assert found is not None
        check_placement(position, found)
        assert len(found.placed) == tiles
        assert ilp_tile_count(position) == tiles - 1


# --- the tightened bounds (tighten_bounds) never change the answer ----------------------


@pytest.fixture
def bounds_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tighten the bounds after one state, with no limit on the dolls: every position,
    not only the hard ones, goes through them."""
    monkeypatch.setattr(solver, "_FIRST_BUDGET", 1)
    monkeypatch.setattr(solver, "_DOLL_BUDGET", 10**9)


@pytest.mark.parametrize("seed", range(3))
def test_tightened_bounds_keep_the_brute_force_answer(bounds_at_once: None, seed: int) -> None:
    for position in small_positions(100, 50 + seed):
        found = best_placement(*position)
        if found is not None:
            check_placement(position, found)
        assert objective(found) == brute_force(position), position


def test_tightened_bounds_keep_the_answer_on_late_game_positions(bounds_at_once: None) -> None:
    """Racks of 20-30 tiles against tables of 9-14 sets: the answer with the bounds tightened
    from the start is the answer of the plain search (the default: only hard positions
    get them), and the ILP's where there are no jokers."""
    rng = random.Random(2026)
    for _ in range(12):
        position = random_position(rng, rng.randint(9, 14), rng.randint(20, 30), longest=6)
        table, rack, _ = position
        position = (table, rack, True)
        found = best_placement(*position)
        if found is not None:
            check_placement(position, found)
        with pytest.MonkeyPatch.context() as plain:
            plain.setattr(solver, "_FIRST_BUDGET", 10**9)  # never tighten
            assert objective(best_placement(*position)) == objective(found), position
        has_jokers = "J" in rack or any("J" in s for s in table)
        if ilp_reference.installed() and not has_jokers:
            assert objective(found)[0] == ilp_reference.ilp_tile_count(position), position


@pytest.mark.parametrize("seed", range(2))
def test_at_least_finds_the_best_placement_of_that_many_tiles_or_none(seed: int) -> None:
    for position in small_positions(60, 70 + seed):
        table, rack, opened = position
        tiles, _ = brute_force(position)
        for at_least in (len(rack), max(1, tiles), tiles + 1):
            found = best_placement(table, rack, opened, at_least=at_least)
            if tiles >= at_least:
                assert found is not None, (position, at_least)
                check_placement(position, found)
                assert objective(found) == brute_force(position), (position, at_least)
            else:
                assert found is None, (position, at_least)


@pytest.mark.parametrize("seed", range(2))
def test_searches_cut_after_a_few_states_and_resumed_keep_the_brute_force_answer(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """Turns of 2, 4, 8... states with next to no dolls: both searches stop and resume
    often, inside the pass asking for every live tile and in the full one, so the
    bounds they remember (fail-soft) are used across turns and passes."""
    monkeypatch.setattr(solver, "_FIRST_BUDGET", 2)
    monkeypatch.setattr(solver, "_DOLL_BUDGET", 1)
    for position in small_positions(100, 90 + seed):
        found = best_placement(*position)
        if found is not None:
            check_placement(position, found)
        assert objective(found) == brute_force(position), position
