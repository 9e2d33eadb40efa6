"""Tile rummy (RULES.md, "Tile rummy for two"): what each seat sees of a game (the view and
the status)."""

from __future__ import annotations

import json

from tests.tiles.positions import RUN_OF_TENS, play
from tiles.engine import apply, new_round, status, view
from tiles.state import state_from_position

# --- What each seat sees ---------------------------------------------------------------


def test_a_player_sees_their_own_rack_but_never_the_pool_or_the_opponents_rack():
    state = new_round(11, 1)
    shown = view(state, 1)
    text = json.dumps(shown)
    assert shown["rack"] == list(state.racks[1])
    assert shown["rack_counts"] == {"1": 14, "2": 14}
    assert shown["pool_count"] == 78
    assert "pool" not in shown
    assert list(state.racks[2]) != shown["rack"]
    assert json.dumps(list(state.racks[2])) not in text


def test_a_spectator_sees_no_rack():
    shown = view(new_round(11, 1), None)
    assert shown["rack"] is None
    assert shown["rack_sum"] is None


def test_the_view_is_json_ready():
    state = new_round(11, 1)
    shown = view(state, 2)
    assert json.loads(json.dumps(shown)) == shown


def test_both_racks_are_revealed_once_the_game_is_over():
    state = state_from_position({1: RUN_OF_TENS, 2: ["B1", "J"]})
    over = apply(state, 1, play([RUN_OF_TENS]))
    shown = view(over, 1)
    assert shown["over"]
    assert shown["result"]["racks"] == {"1": [], "2": ["B1", "J"]}
    assert shown["result"]["scores"] == {"1": 31, "2": -31}


def test_status_says_whose_turn_and_nothing_else_the_platform_does_not_read():
    state = new_round(3, 2)
    assert status(state) == {"turn": 2, "over": False, "winner": None, "scores": None}
