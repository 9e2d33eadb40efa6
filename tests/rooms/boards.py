"""A game's board template rendered the way the rooms app renders it for one seat."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from rooms import registry


def render_board(slug: str, state: Any, seat: int | None, mode: str = "local") -> str:
    """The board of `slug` at `state` for `seat` (None: a spectator's) in `mode`."""
    game = registry.get(slug)
    assert game is not None, f"no game {slug!r} is registered"
    context = {
        "game": None,
        "view": game.engine.view(state, seat),
        "status": game.engine.status(state),
        "seat": seat,
        "mode": mode,
    }
    return render_to_string(game.board_template, context)
