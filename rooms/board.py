"""The board HTML and the state message of one seat: what a browser is sent."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from rooms import registry
from rooms.engine import Seat, Status, View
from rooms.models import Room


def render_board(
    game: registry.Game,
    view: View,
    status: Status,
    seat: Seat | None,
    mode: str,
    request: HttpRequest | None = None,
) -> str:
    """The game's `<slug>/board.html` with the context docs/games.md promises."""
    context = {"game": game, "view": view, "status": status, "seat": seat, "mode": mode}
    return render_to_string(game.board_template, context, request=request)


def state_message(code: str, seat: Seat) -> dict[str, Any]:
    """The `state` message for one seat of a room: only that seat's view, never the
    other's hidden hand. Raises Room.DoesNotExist once the room is gone."""
    room = Room.objects.get(code=code)
    engine = room.engine
    state = room.game_state()
    view = engine.view(state, seat)
    status = engine.status(state)
    return {
        "type": "state",
        "version": room.version,
        "seat": seat,
        "view": view,
        "status": status,
        "html": render_board(room.registered_game, view, status, seat, "friend"),
        "presence": room.presence(),
        "consent": {"asked": room.consents()},
        "colours": {str(s.number): s.colour for s in room.seats.all()},
    }
