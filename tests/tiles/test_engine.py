"""Tile rummy rules (RULES.md, "Tile rummy for two"): dealing, turns, the initial meld and
rearranging (drawing, passing and the end: test_draw_and_end.py; views: test_seen.py;
saves: test_codec.py)."""

import json
from collections import Counter

import pytest

from tests.tiles.positions import RUN_OF_TENS, opened_state, play, refused
from tiles.engine import apply, from_json, new_round, to_json, view
from tiles.sets import ALL_TILES
from tiles.state import OPENING_MINIMUM, State, next_first_seat, state_from_position


def all_tiles(state: State) -> Counter:
    tiles = Counter(state.pool) + Counter(state.racks[1]) + Counter(state.racks[2])
    return tiles + Counter(code for tiles in state.table for code in tiles)


# --- Dealing ---------------------------------------------------------------------------


def test_each_player_gets_14_tiles_and_the_rest_form_the_pool():
    state = new_round(seed=7, first_seat=1)
    assert len(state.racks[1]) == len(state.racks[2]) == 14
    assert len(state.pool) == 106 - 28
    assert state.table == ()
    assert all_tiles(state) == Counter(ALL_TILES)


def test_a_deal_is_deterministic_from_the_seed():
    assert new_round(42, 1) == new_round(42, 1)
    assert new_round(42, 1).racks != new_round(43, 1).racks


def test_player_1_starts_the_first_game():
    assert next_first_seat(None) == 1
    state = new_round(1, next_first_seat(None))
    assert (state.turn, state.first, state.game_no) == (1, 1, 1)


def test_first_player_alternates_between_games():
    first = new_round(1, 1)
    second = new_round(2, next_first_seat(first), previous=first)
    third = new_round(3, next_first_seat(second), previous=second)
    assert (second.first, second.turn, second.game_no) == (2, 2, 2)
    assert (third.first, third.turn, third.game_no) == (1, 1, 3)


def test_new_round_refuses_a_seat_that_does_not_exist():
    with pytest.raises(ValueError, match="first_seat"):
        new_round(1, 3)


# --- Turns and malformed actions -------------------------------------------------------


def test_a_player_may_not_act_out_of_turn():
    state = new_round(1, 1)
    assert refused(state, 2, {"type": "draw"}).code == "not_your_turn"


@pytest.mark.parametrize(
    "action",
    [
        None,
        "draw",
        [],
        {},
        {"type": "fly"},
        {"type": 3},
        {"type": "play"},
        {"type": "play", "table": "K10 K11 K12"},
        {"type": "play", "table": [RUN_OF_TENS, "K1"]},
        {"type": "play", "table": [["K10", "K11", "X12"]]},
        {"type": "play", "table": [["K10", "K11", 12]]},
        {"type": "play", "table": [["K10", "K11", None]]},
        {"type": "play", "table": {"0": RUN_OF_TENS}},
        {"type": "play", "table": [[]] * 200},
    ],
)
def test_malformed_actions_are_refused_with_the_state_unchanged(action):
    state = state_from_position({1: [*RUN_OF_TENS, "R1"], 2: ["B1"]})
    assert refused(state, 1, action).code == "malformed"


@pytest.mark.parametrize("seat", [0, 3, None, True, "1"])
def test_an_unknown_seat_is_refused(seat):
    state = new_round(1, 1)
    assert refused(state, seat, {"type": "draw"}).code == "malformed"


# --- The initial meld ------------------------------------------------------------------


def test_a_first_placement_of_at_least_30_opens():
    state = state_from_position({1: [*RUN_OF_TENS, "R1"], 2: ["B1"]})
    after = apply(state, 1, play([RUN_OF_TENS]))
    assert after.opened[1]
    assert not after.opened[2]
    assert after.table == (tuple(RUN_OF_TENS),)
    assert after.racks[1] == ("R1",)
    assert after.turn == 2


def test_opening_exactly_30_is_enough():
    state = state_from_position({1: ["K9", "K10", "K11", "R1"], 2: ["B1"]})
    assert apply(state, 1, play([["K9", "K10", "K11"]])).opened[1]


def test_opening_29_is_refused_with_the_total_and_30():
    # B2 B3 B4 (9) + K5 B5 O5 R5 (20) = 29.
    rack = ["B2", "B3", "B4", "K5", "O5", "R5", "B5", "K13"]
    state = state_from_position({1: rack, 2: ["R1"]})
    error = refused(state, 1, play([["B2", "B3", "B4"], ["K5", "O5", "R5", "B5"]]))
    assert error.code == "opening_too_low"
    assert error.params == {"total": 29, "minimum": OPENING_MINIMUM}
    assert str(error) == "Your initial meld totals 29 points; it needs at least 30."


def test_the_opening_may_be_made_of_several_new_sets():
    state = state_from_position({1: ["K1", "K2", "K3", "B8", "O8", "R8", "B1"], 2: ["B2"]})
    after = apply(state, 1, play([["K1", "K2", "K3"], ["B8", "O8", "R8"]]))
    assert after.opened[1]


def test_joker_counts_as_the_tile_it_stands_for_in_the_opening():
    # K9 J K11 is 9 + 10 + 11 = 30, not 9 + 30 + 11.
    state = state_from_position({1: ["K9", "J", "K11", "B1"], 2: ["B2"]})
    assert apply(state, 1, play([["K9", "J", "K11"]])).opened[1]
    state = state_from_position({1: ["K7", "J", "K9", "B1"], 2: ["B2"]})
    error = refused(state, 1, play([["K7", "J", "K9"]]))
    assert error.params["total"] == 24


def test_the_opening_may_not_touch_the_sets_on_the_table():
    table = [["R1", "R2", "R3"]]
    state = state_from_position(
        {1: [*RUN_OF_TENS, "R4"], 2: ["B1"]}, table, opened={1: False, 2: True}
    )
    error = refused(state, 1, play([["R1", "R2", "R3", "R4"], RUN_OF_TENS]))
    assert error.code == "opening_touches_table"


def test_the_opening_may_not_move_table_tiles_into_new_sets():
    table = [["R1", "R2", "R3", "R4"]]
    state = state_from_position(
        {1: ["K10", "K11", "B4", "O4"], 2: ["B1"]}, table, opened={1: False, 2: True}
    )
    error = refused(state, 1, play([["R1", "R2", "R3"], ["R4", "B4", "O4"]]))
    assert error.code == "opening_touches_table"


def test_the_opening_leaves_old_sets_and_adds_new_ones_beside_them():
    table = [["R1", "R2", "R3"]]
    state = state_from_position(
        {1: [*RUN_OF_TENS, "B1"], 2: ["B2"]}, table, opened={1: False, 2: True}
    )
    after = apply(state, 1, play([RUN_OF_TENS, ["R3", "R1", "R2"]]))
    assert after.table == (tuple(RUN_OF_TENS), ("R1", "R2", "R3"))


# --- After the initial meld ------------------------------------------------------------


def test_after_opening_a_player_may_extend_a_set():
    state = opened_state(["R4", "B1"], [["R1", "R2", "R3"]])
    after = apply(state, 1, play([["R1", "R2", "R3", "R4"]]))
    assert after.table == (("R1", "R2", "R3", "R4"),)
    assert after.racks[1] == ("B1",)


def test_after_opening_a_player_need_not_reach_30_again():
    state = opened_state(["R4", "B1"], [["R1", "R2", "R3"]])
    assert apply(state, 1, play([["R1", "R2", "R3", "R4"]])).turn == 2


def test_after_opening_a_player_may_split_and_rearrange_sets():
    # R1..R6 split in two, and R4 joins K4 B4 from the rack as a group.
    state = opened_state(["K4", "B4", "O1"], [["R1", "R2", "R3", "R4", "R5", "R6", "R7"]])
    after = apply(state, 1, play([["R1", "R2", "R3"], ["R4", "K4", "B4"], ["R5", "R6", "R7"]]))
    assert after.table == (("R1", "R2", "R3"), ("K4", "B4", "R4"), ("R5", "R6", "R7"))


def test_after_opening_a_joker_on_the_table_may_be_moved_into_another_set():
    # K4 J K6 gets its real K5, and the joker joins B5 O5 from the rack.
    state = opened_state(["K5", "B5", "O5", "R1"], [["K4", "J", "K6"]])
    after = apply(state, 1, play([["K4", "K5", "K6"], ["B5", "O5", "J"]]))
    assert after.table == (("K4", "K5", "K6"), ("B5", "O5", "J"))
    assert after.racks[1] == ("R1",)


def test_every_set_on_the_table_must_be_valid_at_the_end_of_the_turn():
    state = opened_state(["R4", "B9", "B1"], [["R1", "R2", "R3"]])
    error = refused(state, 1, play([["R1", "R2"], ["R3", "R4", "B9"]]))
    assert error.code == "invalid_set"
    assert error.params["set"] == 1
    assert error.params["reason"] == "too_short"
    assert str(error).startswith("Set 1 is too short")


def test_the_invalid_set_is_named_by_its_1_based_number():
    state = opened_state(["R4", "B9", "B1"], [["R1", "R2", "R3"]])
    error = refused(state, 1, play([["R1", "R2", "R3", "R4"], ["B9", "B1"]]))
    assert error.params["set"] == 2


def test_jokers_on_the_table_must_be_in_a_valid_set_too():
    state = opened_state(["R9", "B1"], [["K4", "J", "K6"], ["O1", "O2", "O3"]])
    error = refused(state, 1, play([["K4", "K6", "R9"], ["O1", "O2", "O3", "J"]]))
    assert error.code == "invalid_set"


def test_at_least_one_rack_tile_must_be_added():
    state = opened_state(["B1"], [["R1", "R2", "R3", "R4", "R5", "R6"]])
    error = refused(state, 1, play([["R1", "R2", "R3"], ["R4", "R5", "R6"]]))
    assert error.code == "nothing_placed"
    assert str(error) == "Add at least one tile from your rack."


def test_table_tiles_never_go_back_to_a_rack():
    state = opened_state(["R5", "B1"], [["R1", "R2", "R3", "R4"]])
    error = refused(state, 1, play([["R2", "R3", "R4", "R5"]]))
    assert error.code == "table_tile_removed"
    assert error.params == {"tiles": "R1"}


def test_a_player_may_not_place_tiles_not_on_the_rack():
    state = opened_state(["B1"], [["R1", "R2", "R3"]])
    error = refused(state, 1, play([["R1", "R2", "R3", "R4"]]))
    assert error.code == "not_in_rack"
    assert error.params == {"tiles": "R4"}


def test_a_player_may_not_place_a_tile_twice_when_holding_one():
    state = opened_state(["R4", "B1"], [["R1", "R2", "R3"]])
    error = refused(state, 1, play([["R1", "R2", "R3", "R4"], ["R4", "K4", "B4"]]))
    assert error.code == "not_in_rack"


def test_valid_sets_are_stored_in_canonical_order():
    state = opened_state(["J", "B1"], [["R1", "R2", "R3"]])
    after = apply(state, 1, play([["J", "R3", "R1", "R2"]]))
    assert after.table == (("R1", "R2", "R3", "J"),)


def test_a_play_is_summarised_without_hidden_information():
    state = opened_state(["R4", "B1"], [["R1", "R2", "R3"]])
    after = apply(state, 1, play([["R1", "R2", "R3", "R4"]]))
    assert after.last == {"seat": 1, "type": "play", "placed": ["R4"], "changed": [0]}
    assert after.turns == 1


def test_the_last_play_names_the_sets_it_changed_and_survives_a_save():
    state = opened_state(["R4", "K7", "B7", "O7"], [["B1", "B2", "B3"], ["R1", "R2", "R3"]])
    after = apply(
        state, 1, play([["B1", "B2", "B3"], ["R1", "R2", "R3", "R4"], ["K7", "B7", "O7"]])
    )
    assert after.last["changed"] == [1, 2]
    assert from_json(json.loads(json.dumps(to_json(after)))).last == after.last
    assert view(after, 2)["last"]["changed"] == [1, 2]
