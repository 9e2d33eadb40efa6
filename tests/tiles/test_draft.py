"""The turn in progress (RULES.md, "Table editing"): replaying a draft's edits (the whole
table arranged at once: test_draft_arrange.py)."""

import pytest

from tests.tiles.draft_edits import (
    OLD,
    RESET,
    UNDO,
    add,
    codes,
    move,
    new_set,
    refused_edit,
    split,
    take_back,
)
from tiles.draft import replay, replay_state
from tiles.engine import apply
from tiles.state import state_from_position

# --- Making sets -----------------------------------------------------------------------


def test_selected_rack_tiles_make_a_new_set():
    draft = replay(OLD, ["K10", "K11", "K12", "B1"], False, [new_set("K12", "K10", "K11")])
    assert draft.table == [["R1", "R2", "R3"], ["K10", "K11", "K12"]]
    assert draft.rack == ["B1"]
    assert draft.placed == ["K10", "K11", "K12"]
    assert draft.valid
    assert draft.changed
    assert draft.opening_total == 33


def test_tiles_may_be_added_to_a_set_after_the_initial_meld():
    draft = replay(OLD, ["R4", "B1"], True, [add(0, "R4")])
    assert draft.table == [["R1", "R2", "R3", "R4"]]
    assert draft.valid


def test_a_tile_may_be_moved_between_sets_after_the_initial_meld():
    table = [["R1", "R2", "R3", "R4"], ["K5", "B5", "O5"]]
    draft = replay(table, ["R5"], True, [add(1, "R5"), move(0, 3, 1)])
    # An invalid set keeps the order its tiles were put in.
    assert draft.table == [["R1", "R2", "R3"], ["K5", "B5", "O5", "R5", "R4"]]
    assert codes(draft) == ["invalid_set"]
    assert draft.problems[0]["set"] == 1
    assert draft.problems[0]["params"]["set"] == 2


def test_a_tile_moved_to_new_starts_a_set_and_empty_sets_disappear():
    table = [["R1", "R2", "R3"], ["K9", "B9", "O9"]]
    draft = replay(table, ["O1"], True, [move(0, 0, "new"), move(0, 0, "new")])
    assert draft.table == [["R3"], ["K9", "B9", "O9"], ["R1"], ["R2"]]
    draft = replay(table, ["O1"], True, [move(0, 0, 1), move(0, 0, 1), move(0, 0, 1)])
    assert draft.table == [["K9", "B9", "O9", "R1", "R2", "R3"]]


def test_a_set_may_be_split_after_the_initial_meld():
    table = [["R1", "R2", "R3", "R4", "R5", "R6"]]
    draft = replay(table, ["R7"], True, [split(0, 3), add(1, "R7")])
    assert draft.table == [["R1", "R2", "R3"], ["R4", "R5", "R6", "R7"]]
    assert draft.valid


def test_a_split_must_fall_between_two_tiles():
    for at in (0, 3, -1):
        assert refused_edit(OLD, ["B1"], True, [split(0, at)]).code == "bad_split"


def test_valid_sets_are_shown_in_canonical_order_and_invalid_ones_as_placed():
    draft = replay([], ["R7", "J", "R5", "K1", "B9"], True, [new_set("R7", "J", "R5")])
    assert draft.table == [["R5", "J", "R7"]]
    draft = replay([], ["R7", "J", "R5", "K1", "B9"], True, [new_set("R7", "K1", "B9")])
    assert draft.table == [["R7", "K1", "B9"]]


# --- Taking back -----------------------------------------------------------------------


def test_own_tiles_placed_this_turn_can_be_taken_back():
    draft = replay(OLD, ["R4", "B1"], True, [add(0, "R4"), take_back(0, 3)])
    assert draft.table == OLD
    assert sorted(draft.rack) == ["B1", "R4"]
    assert not draft.changed
    assert draft.placed == []


def test_taking_table_tiles_back_is_refused():
    error = refused_edit(OLD, ["R4", "B1"], True, [add(0, "R4"), take_back(0, 0)])
    assert error.code == "table_tile_removed"
    assert error.params["edit"] == 2


def test_a_tile_code_placed_this_turn_may_go_back_from_any_set_holding_it():
    # Tiles are fungible: with an R3 placed, either R3 may return.
    table = [["R1", "R2", "R3"], ["K3", "B3", "O3"]]
    edits = [add(1, "R3"), take_back(0, 2)]
    draft = replay(table, ["R3", "B1"], True, edits)
    assert draft.table == [["R1", "R2"], ["K3", "B3", "O3", "R3"]]
    assert sorted(draft.rack) == ["B1", "R3"]


# --- Undo and reset --------------------------------------------------------------------


def test_undo_takes_back_one_change():
    draft = replay([], ["K1", "K2", "K3", "B1"], True, [new_set("K1", "K2"), add(0, "K3"), UNDO])
    assert draft.table == [["K1", "K2"]]
    assert draft.edits == 1


def test_reset_returns_to_the_start_of_the_turn():
    draft = replay(OLD, ["R4", "B1"], True, [add(0, "R4"), move(0, 0, "new"), RESET])
    assert draft.table == OLD
    assert sorted(draft.rack) == ["B1", "R4"]
    assert not draft.changed


def test_a_reset_can_itself_be_undone():
    draft = replay(OLD, ["R4", "B1"], True, [add(0, "R4"), RESET, UNDO])
    assert draft.table == [["R1", "R2", "R3", "R4"]]


def test_undo_with_nothing_to_undo_is_refused():
    assert refused_edit(OLD, ["B1"], True, [UNDO]).code == "nothing_to_undo"
    edits = [new_set("B1"), UNDO, UNDO]
    assert refused_edit(OLD, ["B1"], True, edits).code == "nothing_to_undo"


# --- Before the initial meld -----------------------------------------------------------


@pytest.mark.parametrize(
    "edit",
    [add(0, "R4"), move(0, 0, "new"), move(1, 0, 0), split(0, 1), take_back(0, 0)],
)
def test_before_the_initial_meld_edits_touching_old_sets_are_refused(edit):
    edits = [new_set("K10", "K11", "K12"), edit]
    error = refused_edit(OLD, ["K10", "K11", "K12", "R4"], False, edits)
    assert error.code == "opening_touches_table"


def test_before_the_initial_meld_new_sets_may_be_rearranged_freely():
    rack = ["K10", "K11", "K12", "K13", "B1"]
    edits = [new_set("K10", "K11"), new_set("K12", "K13"), move(2, 0, 1), move(2, 0, 1)]
    draft = replay(OLD, rack, False, edits)
    assert draft.table == [["R1", "R2", "R3"], ["K10", "K11", "K12", "K13"]]
    assert draft.opening_total == 46
    draft = replay(OLD, rack, False, [*edits, split(1, 2)])
    assert draft.table == [["R1", "R2", "R3"], ["K10", "K11"], ["K12", "K13"]]


def test_end_turn_says_the_opening_total_so_far_against_30():
    draft = replay(OLD, ["K7", "J", "K9", "B1"], False, [new_set("K7", "J", "K9")])
    assert not draft.valid
    assert draft.opening_total == 24
    (problem,) = draft.problems
    assert problem["code"] == "opening_too_low"
    assert problem["params"] == {"total": 24, "minimum": 30}
    assert problem["set"] is None


def test_joker_counts_as_the_tile_it_stands_for_in_the_draft_opening_total():
    draft = replay([], ["K9", "J", "K11", "B1"], False, [new_set("K9", "J", "K11")])
    assert draft.opening_total == 30
    assert draft.valid


def test_the_opening_total_counts_only_valid_new_sets():
    rack = ["K10", "K11", "K12", "B5", "O6"]
    draft = replay([], rack, False, [new_set("K10", "K11", "K12"), new_set("B5", "O6")])
    assert draft.opening_total == 33
    assert codes(draft) == ["invalid_set"]


# --- Why "End turn" is refused ---------------------------------------------------------


def test_an_untouched_table_says_add_at_least_one_tile():
    draft = replay(OLD, ["B1"], True, [])
    assert not draft.valid
    assert not draft.changed
    assert codes(draft) == ["nothing_placed"]
    assert draft.problems[0]["message"] == "Add at least one tile from your rack."


def test_a_rearranged_table_without_a_rack_tile_cannot_end_the_turn():
    table = [["R1", "R2", "R3", "R4", "R5", "R6"]]
    draft = replay(table, ["B1"], True, [split(0, 3)])
    assert draft.changed
    assert codes(draft) == ["nothing_placed"]


def test_each_invalid_set_is_named_with_its_reason():
    rack = ["K1", "R9", "B9", "O2", "O3"]
    draft = replay([], rack, True, [new_set("K1", "R9"), new_set("B9", "O2", "O3")])
    assert [(p["set"], p["params"]["reason"]) for p in draft.problems] == [
        (0, "too_short"),
        (1, "mixed_colours"),
    ]
    message = draft.problems[0]["message"] % draft.problems[0]["params"]
    assert message.startswith("Set 1 is too short")


def test_a_valid_draft_ends_the_turn_with_its_table():
    state = state_from_position({1: ["R4", "K4", "B4", "O9"], 2: ["B13"]}, OLD)
    edits = [add(0, "R4"), move(0, 3, "new"), add(1, "K4", "B4")]
    draft = replay_state(state, 1, edits)
    assert draft.valid
    after = apply(state, 1, {"type": "play", "table": draft.table})
    assert [list(tiles) for tiles in after.table] == draft.table
    assert list(after.racks[1]) == draft.rack


# --- Refused edits ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "edits",
    [
        None,
        "undo",
        [None],
        [{"type": "fly"}],
        [{}],
        [{"type": "new_set"}],
        [{"type": "new_set", "tiles": "R4"}],
        [{"type": "new_set", "tiles": ["X4"]}],
        [{"type": "add", "set": "0", "tiles": ["R4"]}],
        [{"type": "add", "set": True, "tiles": ["R4"]}],
        [{"type": "move", "from": 0, "index": None, "to": 0}],
        [{"type": "move", "from": 0, "index": 0, "to": "old"}],
        [{"type": "split", "set": 0}],
        [{"type": "take_back", "set": 0, "index": 1.0}],
        [UNDO] * 1001,
    ],
)
def test_malformed_edits_are_refused(edits):
    assert refused_edit(OLD, ["R4", "B1"], True, edits).code == "malformed"


def test_tiles_not_on_the_rack_are_refused():
    error = refused_edit(OLD, ["R4", "B1"], True, [new_set("R4", "R4")])
    assert error.code == "not_in_rack"
    assert error.params["tiles"] == "R4"


def test_an_empty_selection_is_refused():
    assert refused_edit(OLD, ["R4"], True, [new_set()]).code == "empty_selection"


def test_an_edit_naming_a_missing_set_or_tile_is_refused():
    assert refused_edit(OLD, ["R4"], True, [add(1, "R4")]).code == "no_such_set"
    assert refused_edit(OLD, ["R4"], True, [add(-1, "R4")]).code == "no_such_set"
    assert refused_edit(OLD, ["R4"], True, [move(0, 3, "new")]).code == "no_such_tile"
    assert refused_edit(OLD, ["R4"], True, [take_back(0, 7)]).code == "no_such_tile"
    assert refused_edit(OLD, ["R4"], True, [move(0, 0, 4)]).code == "no_such_set"


def test_replaying_changes_nothing_it_was_given():
    table = [["R1", "R2", "R3"]]
    rack = ["R4", "B1"]
    replay(table, rack, True, [add(0, "R4"), move(0, 0, "new")])
    assert table == [["R1", "R2", "R3"]]
    assert rack == ["R4", "B1"]
