"""tiles/board_markup.py builds the board template's markup byte for byte."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from rooms import registry
from tiles import bots, engine
from tiles.board_markup import board_html
from tiles.rules import State


def states(game: int, drawing_only: bool) -> Iterator[State]:
    """Every state of one game: bots playing sets, or both seats drawing and passing
    (long racks, the online bench's game); the last one is over."""
    rng = random.Random(game)
    state = engine.new_round(game, 1 + game % 2)
    yield state
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        if drawing_only:
            action = {"type": "draw" if state.pool else "pass"}
        else:
            action = bots.choose(state, seat, "easy", rng)
        state = engine.apply(state, seat, action)
        yield state


@pytest.mark.parametrize("drawing_only", [False, True])
def test_the_board_is_the_templates_markup_for_every_seat_mode_and_language(
    drawing_only: bool,
) -> None:
    compared = 0
    for number, state in enumerate(states(3, drawing_only)):
        over = engine.status(state)["over"]
        if number % 3 and not over:
            continue
        for language in ("en", "ru", "pt"):
            with translation.override(language):
                for seat in (1, 2, None):
                    for mode in registry.MODES:
                        view, status = engine.view(state, seat), engine.status(state)
                        context = {"view": view, "status": status, "seat": seat, "mode": mode}
                        expected = render_to_string("tiles/board.html", {"game": None, **context})
                        assert board_html(view, status, seat, mode) == expected
                        compared += 1
    assert compared > 300


def test_the_rooms_app_renders_the_tile_board_with_it() -> None:
    assert registry.get("tiles").board_function is board_html
