"""The board's HTML, the one render of every way to play, and the `state` message of
one seat of an online room: what a browser is sent.

Local play renders one board per answer (rooms.local.views); online, every confirmed
action renders the board of each seat, on the event loop, so the render keeps each
(room, version, seat, language)'s board and view (`seat_view`): a seat that asks again
(sync, a stale action, a new tab) costs no render, and the state is parsed once for
both seats (rooms.online.store.parsed). With the store's statements and the boards'
markup this took an action from 20.9 to 9.6 ms of CPU (bench/action_cpu.py, issue 12).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, cast

from django.http import HttpRequest
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from gamekit.engine import Seat, Status, View
from rooms import registry
from rooms.models import Room
from rooms.online import protocol, store


def render_board(
    game: registry.Game,
    view: View,
    status: Status,
    seat: Seat | None,
    mode: str,
    request: HttpRequest | None = None,
) -> SafeString:
    """The board of one seat, drawn by the game's Board (`<slug>/board.html` with the
    context docs/games.md promises, unless the game has a builder of its own): HTML the
    board escaped, marked safe here whatever kind of string the board returned, so that
    a page that includes it (a replay's first step) draws it, never shows its markup."""
    board = cast(registry.Board, game.board)
    return mark_safe(board.render(game, view, status, seat, mode, request))


# Rendered boards by (room code, version, seat, language): a version's state never
# changes, so a seat that asks again (sync, a stale action, a new tab) costs no render.
RENDERED_MAX = 512
_rendered: OrderedDict[tuple[str, int, Seat, str], tuple[View, Status, str]] = OrderedDict()
_rendered_lock = threading.Lock()


def seat_view(
    game: registry.Game, code: str, version: int, state_json: Any, seat: Seat
) -> tuple[View, Status, str]:
    """This seat's view, the status and the board HTML of one version of a room,
    rendered once per version and language."""
    key = (code, version, seat, translation.get_language() or "")
    with _rendered_lock:
        if key in _rendered:
            _rendered.move_to_end(key)
            return _rendered[key]
    engine = game.engine
    state = store.parsed(engine, code, version, state_json)
    view = engine.view(state, seat)
    status = engine.status(state)
    rendered = (view, status, render_board(game, view, status, seat, "friend"))
    with _rendered_lock:
        _rendered[key] = rendered
        while len(_rendered) > RENDERED_MAX:
            _rendered.popitem(last=False)
    return rendered


def seat_message(
    game: registry.Game,
    code: str,
    version: int,
    state_json: Any,
    seat: Seat,
    pushed: dict[str, Any],
) -> dict[str, Any]:
    """The `state` message for one seat: only that seat's view, never the other's
    hidden hand. `pushed` holds the presence, the consents, the colours and when the
    room is deleted unless someone plays (`deletes_at`)."""
    view, status, html = seat_view(game, code, version, state_json, seat)
    return {
        "type": "state",
        "version": version,
        "seat": seat,
        "view": view,
        "status": status,
        "html": html,
        "presence": pushed["presence"],
        "consent": pushed["consent"],
        "colours": pushed["colours"],
        "deletes_at": pushed["deletes_at"],
    }


def state_message(code: str, seat: Seat) -> dict[str, Any]:
    """The `state` message for one seat of a room, read from the database (three
    queries). Raises Room.DoesNotExist once the room is gone."""
    room = Room.objects.get(code=code)
    seats = list(room.seats.all())
    pushed = {
        "presence": room.presence(seats),
        "consent": {"asked": room.consents(seats)},
        "colours": {str(s.number): s.colour for s in seats},
        "deletes_at": protocol.moment(room.deletes_at()),
    }
    return seat_message(room.registered_game, code, room.version, room.state, seat, pushed)
