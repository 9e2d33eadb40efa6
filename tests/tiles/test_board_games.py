"""What the tile board shows over whole bot games, every seat, mode and language: the
rack, the table, the turn's buttons and data, the words of the board's language."""

from __future__ import annotations

import html as html_module
import random
import re
from collections.abc import Iterator

import pytest
from django.utils import translation

from tests.tiles.test_board import board_data, rack_codes, render
from tiles import bots, engine
from tiles.state import State

MODES = ("local", "computer", "friend")
# Words every board of a live game shows, in English, and their sign in the other
# languages (a word of the catalogue, not an English one).
ENGLISH = ("Pool", "Table and rack", "The server could not be reached")
TRANSLATED = {"ru": "Запас", "pt": "Reserva"}


def states(game: int) -> Iterator[State]:
    """Every third state of one bot game (easy against medium), its end included."""
    rng = random.Random(game)
    levels = {1: "easy", 2: "medium"}
    state = engine.new_round(game, 1 + game % 2)
    number = 0
    while not engine.status(state)["over"]:
        if number % 3 == 0:
            yield state
        seat = engine.status(state)["turn"]
        state = engine.apply(state, seat, bots.choose(state, seat, levels[seat], rng))
        number += 1
    yield state


def table_sets(board: str) -> list[str]:
    """The markup of each table set, in order."""
    table = board.split('class="tiles-table', 1)[1].split('class="tiles-rack-area"', 1)[0]
    return re.split(r'<li class="tile-set', table)[1:]


def test_the_spectator_and_each_seat_see_their_rack_the_table_and_their_turn() -> None:
    shown = 0
    for state in states(5):
        status = engine.status(state)
        for seat in (1, 2, None):
            view = engine.view(state, seat)
            for mode in MODES:
                board = render(state, seat, mode)
                data = board_data(board)
                assert data["table"] == view["table"]
                assert data["seat"] == seat
                editable = seat is not None and not status["over"] and status["turn"] == seat
                assert data["editable"] is editable
                assert ('data-action="end-turn"' in board) is editable
                assert ('data-action="hint"' in board) is (editable and mode != "friend")
                if editable:
                    assert ('data-action="draw"' in board) is bool(view["pool_count"])
                    assert ('data-action="pass"' in board) is not bool(view["pool_count"])
                if seat is None or status["over"]:
                    assert 'class="tiles-rack"' not in board
                else:
                    assert rack_codes(board) == view["rack"]
                    assert data["rack"] == view["rack"]
                sets = table_sets(board)
                assert len(sets) == len(view["table"])
                for item, codes in zip(sets, view["table"], strict=True):
                    assert item.count('class="tile tile-') == len(codes)
                    if editable:  # tiles to move: buttons with their codes
                        assert re.findall(r'data-code="([A-Z0-9]+)"', item) == codes
                assert f'<dd data-count="pool">{view["pool_count"]}</dd>' in board
                assert ("is-over" in board) is bool(status["over"])
                shown += 1
    assert shown > 100


@pytest.mark.parametrize("language", ["ru", "pt"])
def test_every_board_of_a_game_speaks_the_players_language(language: str) -> None:
    with translation.override(language):
        for state in states(6):
            for seat in (1, 2, None):
                board = html_module.unescape(render(state, seat, "friend"))
                assert TRANSLATED[language] in board
                for english in ENGLISH:
                    assert english not in board
                if engine.view(state, seat).get("last"):
                    assert "Last move" not in board
                if not engine.status(state)["over"] and seat is not None:
                    assert "Your rack" not in board
