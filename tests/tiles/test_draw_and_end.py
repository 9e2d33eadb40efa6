"""Tile rummy rules (RULES.md, "Tile rummy for two"): drawing, passing, the end of a game
and its scores."""

from __future__ import annotations

import json
from dataclasses import replace

from tests.tiles.positions import RUN_OF_TENS, empty_pool_state, opened_state, play, refused
from tiles.engine import apply, new_round, status, view
from tiles.state import next_first_seat, state_from_position

# --- Drawing and passing ---------------------------------------------------------------


def test_drawing_one_tile_ends_the_turn():
    state = new_round(5, 1)
    after = apply(state, 1, {"type": "draw"})
    assert after.racks[1] == (*state.racks[1], state.pool[-1])
    assert after.pool == state.pool[:-1]
    assert after.turn == 2
    assert after.last == {"seat": 1, "type": "draw", "tile": after.racks[1][-1]}


def test_drawing_resets_the_count_of_passes():
    # Passes happen only with an empty pool, so this is a guard for odd saves.
    state = replace(new_round(5, 1), passes=1)
    assert apply(state, 1, {"type": "draw"}).passes == 0


def test_the_last_move_never_says_which_tile_was_drawn():
    after = apply(new_round(5, 1), 1, {"type": "draw"})
    assert "tile" not in json.dumps(view(after, 2)["last"])
    assert set(view(after, 2)["last"]) == {"seat", "type"}
    assert set(view(after, None)["last"]) == {"seat", "type"}
    # The player who drew sees the tile.
    assert view(after, 1)["last"]["tile"] == after.racks[1][-1]


def test_drawing_needs_an_unchanged_table():
    state = opened_state(["R4", "B1"], [["R1", "R2", "R3"]])
    error = refused(state, 1, {"type": "draw", "table": [["R1", "R2", "R3", "R4"]]})
    assert error.code == "table_changed"
    assert apply(state, 1, {"type": "draw", "table": [["R3", "R2", "R1"]]}).turn == 2


def test_draw_with_pool_empty_is_refused():
    state = empty_pool_state({1: ["K1"], 2: ["B1"]})
    error = refused(state, 1, {"type": "draw"})
    assert error.code == "pool_empty"
    assert "pass" in str(error)


def test_pass_with_pool_non_empty_is_refused():
    state = new_round(5, 1)
    assert refused(state, 1, {"type": "pass"}).code == "pool_not_empty"


def test_when_the_pool_is_empty_a_player_may_pass():
    state = empty_pool_state({1: ["K1"], 2: ["B1"]})
    after = apply(state, 1, {"type": "pass"})
    assert (after.turn, after.passes, after.result) == (2, 1, None)
    assert after.last == {"seat": 1, "type": "pass"}


def test_a_play_between_two_passes_restarts_the_count():
    state = empty_pool_state({1: ["K1"], 2: ["B1", "B2", "B3", "K13"]})
    state = apply(state, 1, {"type": "pass"})
    state = apply(state, 2, play([*map(list, state.table), ["B1", "B2", "B3"]]))
    assert state.passes == 0
    state = apply(state, 1, {"type": "pass"})
    assert state.result is None
    assert state.turn == 2


# --- The end and its scores ------------------------------------------------------------


def test_two_passes_end_the_game_and_the_lower_sum_wins_the_difference():
    state = empty_pool_state({1: ["K1", "K2"], 2: ["B13"]})
    state = apply(apply(state, 1, {"type": "pass"}), 2, {"type": "pass"})
    assert state.turn is None
    assert state.result == {
        "winner": 1,
        "scores": {1: 10, 2: -10},
        "reason": "blocked",
        "rack_sums": {1: 3, 2: 13},
    }
    assert status(state)["over"]
    assert status(state)["scores"] == {"1": 10, "2": -10}


def test_two_passes_with_equal_sums_are_a_draw():
    state = empty_pool_state({1: ["K1", "K2"], 2: ["B1", "B2"]})
    state = apply(apply(state, 1, {"type": "pass"}), 2, {"type": "pass"})
    assert state.result is not None
    assert state.result["winner"] is None
    assert state.result["scores"] == {1: 0, 2: 0}


def test_a_joker_left_on_the_rack_counts_30():
    state = empty_pool_state({1: ["J"], 2: ["B13", "O13"]})
    state = apply(apply(state, 1, {"type": "pass"}), 2, {"type": "pass"})
    assert state.result is not None
    assert state.result["rack_sums"] == {1: 30, 2: 26}
    assert state.result["winner"] == 2
    assert state.result["scores"] == {1: -4, 2: 4}


def test_going_out_wins_at_once_and_scores_the_opponents_rack():
    state = state_from_position(
        {1: ["R4"], 2: ["B13", "J", "K2"]}, [["R1", "R2", "R3"]], opened={1: True, 2: True}
    )
    after = apply(state, 1, play([["R1", "R2", "R3", "R4"]]))
    assert after.turn is None
    assert after.result == {
        "winner": 1,
        "scores": {1: 45, 2: -45},
        "reason": "out",
        "rack_sums": {1: 0, 2: 45},
    }


def test_going_out_with_the_initial_meld_wins_too():
    state = state_from_position({1: RUN_OF_TENS, 2: ["B1"]})
    after = apply(state, 1, play([RUN_OF_TENS]))
    assert after.result is not None
    assert after.result["winner"] == 1


def test_no_action_is_accepted_once_the_game_is_over():
    state = state_from_position({1: RUN_OF_TENS, 2: ["B1"]})
    over = apply(state, 1, play([RUN_OF_TENS]))
    for seat in (1, 2):
        assert refused(over, seat, {"type": "draw"}).code == "game_over"


def test_there_is_no_running_total_across_games():
    state = state_from_position({1: RUN_OF_TENS, 2: ["B1"]})
    over = apply(state, 1, play([RUN_OF_TENS]))
    following = new_round(9, next_first_seat(over), previous=over)
    assert following.result is None
    assert status(following)["scores"] is None
