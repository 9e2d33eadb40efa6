"""The turn in progress (RULES.md, "Table editing"): arranging the whole table at once,
as the Hint button does, checked like any other draft."""

from tests.tiles.draft_edits import RESET, UNDO, add, codes, move, refused_edit
from tiles.draft import replay

# --- Arranging the whole table at once (the Hint button) --------------------------------


def arrange(*sets: list[str]) -> dict:
    return {"type": "arrange", "table": [list(tiles) for tiles in sets]}


MID_GAME = [["R1", "R2", "R3", "R4"], ["K5", "B5", "O5"]]


def test_arrange_replaces_the_table_with_the_start_tiles_and_some_rack_tiles():
    draft = replay(
        MID_GAME,
        ["R5", "O6", "B9"],
        True,
        [arrange(["K5", "B5", "O5"], ["R5", "R4", "R3", "R2", "R1"])],
    )
    assert draft.table == [["K5", "B5", "O5"], ["R1", "R2", "R3", "R4", "R5"]]
    assert draft.rack == ["O6", "B9"]
    assert draft.placed == ["R5"]
    assert draft.valid
    assert draft.changed


def test_an_arranged_table_is_checked_like_any_other_draft():
    draft = replay(
        MID_GAME, ["R5", "O6"], True, [arrange(["R1", "R2", "R3", "R4", "O6"], ["K5", "B5", "O5"])]
    )
    assert codes(draft) == ["invalid_set"]
    assert draft.problems[0]["set"] == 0


def test_an_arrangement_may_rearrange_the_table_after_the_initial_meld():
    draft = replay(
        MID_GAME,
        ["R5", "K4"],
        True,
        [arrange(["R1", "R2", "R3"], ["R4", "R5"], ["K5", "B5", "O5"])],
    )
    assert codes(draft) == ["invalid_set"]  # R4 R5 alone is no set: the draft says so
    draft = replay(
        [["R1", "R2", "R3", "R4"], ["K5", "B5", "O5", "R5"]],
        ["R6", "R7"],
        True,
        [arrange(["R1", "R2", "R3"], ["R4", "R5", "R6", "R7"], ["K5", "B5", "O5"])],
    )
    assert draft.valid
    assert draft.placed == ["R6", "R7"]


def test_an_arrangement_that_drops_a_table_tile_is_refused():
    error = refused_edit(
        MID_GAME, ["R5"], True, [arrange(["R1", "R2", "R3", "R5"], ["K5", "B5", "O5"])]
    )
    assert error.code == "table_tile_removed"
    assert error.params == {"tiles": "R4", "edit": 1}


def test_an_arrangement_with_tiles_not_on_the_rack_is_refused():
    error = refused_edit(
        MID_GAME, ["R5"], True, [arrange(["R1", "R2", "R3", "R4", "R5", "R6"], ["K5", "B5", "O5"])]
    )
    assert error.code == "not_in_rack"
    assert error.params["tiles"] == "R6"
    error = refused_edit(
        MID_GAME, ["R5"], True, [arrange(["R1", "R2", "R3", "R4", "R5", "R5"], ["K5", "B5", "O5"])]
    )
    assert error.params["tiles"] == "R5"  # one R5 in the rack, not two


def test_an_arrangement_that_is_not_a_list_of_sets_of_tiles_is_malformed():
    for table in (None, "R1", [["R1", "X9"]], [[["R1"]]], [["R1"]] * 200):
        error = refused_edit(MID_GAME, ["R5"], True, [{"type": "arrange", "table": table}])
        assert error.code == "malformed"


def test_before_the_initial_meld_an_arrangement_keeps_the_old_sets_at_the_head():
    rack = ["K10", "K11", "K12", "B1"]
    draft = replay(
        MID_GAME, rack, False, [arrange(["K10", "K11", "K12"], ["O5", "B5", "K5"], MID_GAME[0])]
    )
    assert draft.table == [*MID_GAME, ["K10", "K11", "K12"]]
    assert draft.rack == ["B1"]
    assert draft.valid
    assert draft.opening_total == 33
    # The old sets are where the other edits expect them: still out of bounds.
    error = refused_edit(
        MID_GAME, rack, False, [arrange(["K10", "K11", "K12"], *MID_GAME), add(0, "B1")]
    )
    assert error.code == "opening_touches_table"


def test_before_the_initial_meld_an_arrangement_may_not_change_the_old_sets():
    error = refused_edit(
        MID_GAME,
        ["R5", "K10"],
        False,
        [arrange(["R1", "R2", "R3", "R4", "R5"], ["K5", "B5", "O5"])],
    )
    assert error.code == "opening_touches_table"
    assert error.params == {"edit": 1}


def test_an_arrangement_can_be_undone_and_reset_like_any_edit():
    rack = ["R5", "O6", "B9"]
    hint = arrange(["R1", "R2", "R3", "R4", "R5"], ["K5", "B5", "O5"])
    draft = replay(MID_GAME, rack, True, [move(0, 3, "new"), hint, UNDO])
    assert draft.table == [["R1", "R2", "R3"], ["K5", "B5", "O5"], ["R4"]]
    assert draft.edits == 1
    draft = replay(MID_GAME, rack, True, [move(0, 3, "new"), hint, RESET])
    assert draft.table == MID_GAME
    assert not draft.changed
    # An arrangement counts from the start of the turn, whatever came before it.
    draft = replay(MID_GAME, rack, True, [add(0, "R5"), hint])
    assert draft.rack == ["O6", "B9"]
    assert draft.placed == ["R5"]
