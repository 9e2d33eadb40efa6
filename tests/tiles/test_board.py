"""The tile board (tiles/board.py), as the rooms app renders it for one seat in each mode."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.utils import translation

from tests.rooms.boards import render_board
from tiles import engine
from tiles.state import State, state_from_position

MODES = ["local", "computer", "friend"]


def render(state: State, seat: int | None, mode: str = "local") -> str:
    return render_board("tiles", state, seat, mode)


def rack_codes(html: str) -> list[str]:
    rack = html.split('class="tiles-rack"', 1)[1]
    return re.findall(r'data-code="([A-Z0-9]+)"', rack)


def board_data(html: str) -> dict[str, Any]:
    match = re.search(r'<script id="tiles-data" type="application/json">(.*?)</script>', html)
    assert match
    return json.loads(match.group(1))


def mid_game() -> State:
    return state_from_position(
        {1: ["R1", "R2", "K7", "J"], 2: ["B4", "B5", "O9", "O10", "O11"]},
        [["K5", "B5", "O5"], ["R10", "R11", "R12", "R13"]],
        turn=1,
    )


def game_over() -> State:
    state = state_from_position(
        {1: ["R7", "R8", "R9"], 2: ["B4", "B5", "J"]}, [["K5", "B5", "O5"]], turn=1
    )
    return engine.apply(
        state, 1, {"type": "play", "table": [["K5", "B5", "O5"], ["R7", "R8", "R9"]]}
    )


@pytest.mark.parametrize("mode", MODES)
def test_the_board_shows_only_the_seats_own_rack(mode: str) -> None:
    html = render(mid_game(), 1, mode)
    assert sorted(rack_codes(html)) == sorted(["R1", "R2", "K7", "J"])
    for code in ["B4", "O9", "O10", "O11"]:
        assert f'data-code="{code}"' not in html
        assert code not in json.dumps(board_data(html))


@pytest.mark.parametrize("mode", MODES)
def test_the_player_whose_turn_it_is_gets_the_turn_buttons(mode: str) -> None:
    html = render(mid_game(), 1, mode)
    for action in ["new-set", "undo", "reset", "draw", "end-turn"]:
        assert f'data-action="{action}"' in html
    assert 'data-action="pass"' not in html
    assert board_data(html)["editable"] is True


def test_the_other_player_sees_the_table_and_no_turn_buttons() -> None:
    html = render(mid_game(), 2, "friend")
    assert 'data-action="end-turn"' not in html
    assert "Your friend" in html
    assert "R12" in html  # the table is public
    assert board_data(html)["editable"] is False


def test_the_table_sets_and_the_counts_are_shown() -> None:
    html = render(mid_game(), 1, "computer")
    assert html.count('class="tile-set"') == 2
    assert 'data-count="pool"' in html
    assert "5 tiles" in html  # the computer's rack count
    assert "The computer" in html


def test_pass_replaces_draw_when_the_pool_is_empty() -> None:
    state = mid_game()
    empty = State(**{**state.__dict__, "pool": ()})
    racks = dict(empty.racks)
    racks[2] = racks[2] + state.pool  # keep the 106 tiles somewhere
    html = render(State(**{**empty.__dict__, "racks": racks}), 1)
    assert 'data-action="pass"' in html
    assert 'data-action="draw"' not in html


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_the_last_move_is_summarised() -> None:
    state = engine.apply(mid_game(), 1, {"type": "draw"})
    html = render(state, 2, "local")
    assert "Last move: Player 1 drew a tile." in text(html)


def words(html: str) -> str:
    line = html.split('class="tiles-last', 1)[1].split("</p>", 1)[0]
    # The words end with a colon, before the small tiles placed.
    return " ".join(text(line.split(">", 1)[1]).split()).rsplit(":", 1)[0] + ":"


def test_the_last_play_says_which_sets_it_made_and_which_it_changed() -> None:
    table = [["K5", "B5", "O5"], ["R10", "R11", "R12", "R13"]]
    start = state_from_position(
        {1: ["R1", "R2", "R3", "R9", "K7", "J"], 2: ["B4", "B5", "O9"]}, table, turn=1
    )
    group, run = table
    # The joker joins the group of 5s: one set changed.
    changed = engine.apply(start, 1, {"type": "play", "table": [[*group, "J"], run]})
    assert words(render(changed, 2, "local")) == "Last move: Player 1 placed 1 tile, changed 1 set:"
    # A new run R1 R2 R3: one set made, none changed.
    made = engine.apply(start, 1, {"type": "play", "table": [*table, ["R1", "R2", "R3"]]})
    assert words(render(made, 2, "local")) == "Last move: Player 1 placed 3 tiles, made 1 new set:"
    # Both; the player sees its own move as its own.
    both = engine.apply(
        start, 1, {"type": "play", "table": [group, ["R9", *run], ["R1", "R2", "R3"]]}
    )
    assert words(render(both, 1, "computer")) == (
        "Last move: you placed 4 tiles, made 1 new set, changed 1 set:"
    )


@pytest.mark.parametrize("mode", MODES)
def test_each_seat_is_named_in_its_colour_in_the_counts_last_move_and_result(mode: str) -> None:
    state = engine.apply(mid_game(), 1, {"type": "draw"})
    html = render(state, 2, mode) + render(game_over(), 2, mode)
    assert re.findall(r'<span class="seat-name" data-colour="(\w+)">', html)
    assert 'data-colour="teal">' in html  # seat 1: the last move, the result
    assert 'data-colour="amber">' in html  # seat 2: the result


def test_before_the_initial_meld_the_board_says_what_is_needed() -> None:
    html = render(engine.new_round(3, 1), 1)
    assert "Initial meld: 0 of at least 30 points" in html


@pytest.mark.parametrize("mode", MODES)
def test_game_over_reveals_both_racks_and_the_scores(mode: str) -> None:
    html = render(game_over(), 2, mode)
    assert 'class="tiles-result board-result"' in html
    assert "B4" in html
    assert "+39" in html
    assert "-39" in html
    assert 'class="tiles-rack"' not in html  # the result table shows both racks instead
    assert 'data-action="end-turn"' not in html
    assert board_data(html)["editable"] is False


def test_a_spectator_sees_no_rack_at_all() -> None:
    html = render(mid_game(), None, "friend")
    assert 'class="tiles-rack"' not in html
    assert 'data-action="end-turn"' not in html
    assert board_data(html)["rack"] == []


def test_every_tile_has_a_spoken_name_and_a_colour_mark() -> None:
    html = render(mid_game(), 1)
    assert 'aria-label="red 1"' in html
    assert 'aria-label="joker"' in html
    assert "◆" in html
    assert "●" in html


def test_the_draft_identity_changes_with_every_turn() -> None:
    state = mid_game()
    before = board_data(render(state, 1))["turn_id"]
    after = board_data(render(engine.apply(state, 1, {"type": "draw"}), 1))["turn_id"]
    assert before != after


@pytest.mark.parametrize("language", ["ru", "pt"])
def test_the_board_speaks_the_players_language(language: str) -> None:
    with translation.override(language):
        html = render(mid_game(), 1, "friend") + render(game_over(), 1, "computer")
    assert "Your rack" not in html
    assert "End turn" not in html
    assert "Winner" not in html
