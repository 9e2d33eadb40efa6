"""A game's board rendered the way the rooms app renders it for one seat."""

from __future__ import annotations

from typing import Any

from rooms import registry
from rooms.render import render_board as render_seat_board


def render_board(slug: str, state: Any, seat: int | None, mode: str = "local") -> str:
    """The board of `slug` at `state` for `seat` (None: a spectator's) in `mode`."""
    game = registry.get(slug)
    assert game is not None, f"no game {slug!r} is registered"
    engine = game.engine
    return render_seat_board(game, engine.view(state, seat), engine.status(state), seat, mode)
