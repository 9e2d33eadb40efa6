"""What a room's sockets are pushed, and which socket is pushed what: the one owner of
an online room's `state` messages, for a seat or a watcher, of their routing after a
commit and of their caches (issue 47; as boardgame.io's one player-view filter and
lila-ws's typed out-messages). The consumer hands it what the store committed and
sends what it is handed; rooms.render draws the boards.

- A seat's `state` carries only what the page reads (rooms/static/rooms/play.js): the
  seat, its view of the game (`view`: the page hands it to the board scripts'
  `play:view` listeners, and the tests read it to prove no hidden card travels), the
  status, the board's HTML, and `pushed` (protocol.pushed: presence, consents,
  colours, `deletes_at`). Never the other seat's hidden hand.
- A watcher's `state` is the public view (`seat` None), one frame per (room,
  version, language) on each process whatever the number of watchers
  (bench/watchers.py).
- Routing (`route`): a committed action goes to the other seat's socket (straight
  to its channel when the commit read it, else through its seat's group) and once to
  the room's watchers' group; the acting socket renders its own at once, without a
  round through Redis (issue 12). A new round's deal goes to the room's group: both
  seats and the watchers.
- Caches (gamekit.memo): the board of each (room, version, seat, language), so a seat
  that asks again (sync, a stale action, a new tab) costs no render; the watchers'
  frame of each (room, version, language); the state is parsed once for all of them
  (rooms.online.store.parsed). With the store's statements and the boards' markup
  this took an action from 20.9 to 9.6 ms of CPU (bench/action_cpu.py, issue 12).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from channels.exceptions import ChannelFull
from django.utils import translation

from gamekit.engine import Seat, Status, View
from gamekit.memo import Memo
from gamekit.seats import other
from rooms import registry, render
from rooms.errors import RoomError
from rooms.models import Room, idle_limit
from rooms.online import protocol, sql, store
from rooms.online.connection import Socket
from rooms.online.notify import room_group, seat_group, watch_group
from rooms.online.threads import database
from rooms.presence import fresh_since

logger = logging.getLogger(__name__)

# A version's board never changes: rendered once per seat (None: a watcher's) and
# language, for every socket of this process that is sent it.
BOARDS = Memo("rooms.online.push.boards", 512)
# A watcher's whole frame, encoded once per version and language for all watchers.
FRAMES = Memo("rooms.online.push.frames", 256)
# Frames built (a render and an encoding each), for bench/watchers.py and the tests.
built = 0


def board(
    game: registry.Game, code: str, version: int, state_json: Any, seat: Seat | None
) -> tuple[View, Status, str]:
    """A seat's (None: a watcher's) view, the status and the board's HTML of one
    version of a room, rendered once per version and language."""
    key = (code, version, seat, translation.get_language() or "")
    found = BOARDS.get(key)
    if found is not None:
        return found
    engine = game.engine
    state = store.parsed(engine, code, version, state_json)
    view = engine.view(state, seat)
    status = engine.status(state)
    found = (view, status, render.render_board(game, view, status, seat, "friend"))
    BOARDS.put(key, found)
    return found


def seat_message(
    game: registry.Game,
    code: str,
    version: int,
    state_json: Any,
    seat: Seat,
    pushed: dict[str, Any],
) -> protocol.State:
    """The `state` message for one seat: only that seat's view, never the other's
    hidden hand; `pushed` as protocol.pushed makes it. The view goes with the board
    though no game's script reads it today: play.js hands it on in `play:view`, a
    game's script's contract (docs/games.md says why it stays and what it costs)."""
    view, status, html = board(game, code, version, state_json, seat)
    return {
        "type": "state",
        "version": version,
        "seat": seat,
        "view": view,
        "status": status,
        "html": html,
        **{field: pushed[field] for field in protocol.PUSHED},
    }


def watcher_frame(
    game: registry.Game, code: str, version: int, state_json: Any, colours: dict[str, str]
) -> str:
    """The spectator's `state` of one version, the public view only (`seat` None), as
    the text every watcher is sent."""
    global built
    key = (code, version, translation.get_language() or "")
    text = FRAMES.get(key)
    if text is not None:
        return text
    view, status, html = board(game, code, version, state_json, None)
    message: protocol.State = {"type": "state", "version": version, "seat": None}
    message |= {"watching": True, "view": view, "status": status, "html": html}
    message["colours"] = colours
    text = protocol.encode(message)
    built += 1
    FRAMES.put(key, text)
    return text


# --- Read from the database (on the database threads) ---------------------------------


def _read(code: str) -> tuple[Room, dict[str, Any]]:
    room = Room.objects.get(code=code)
    seats = sql.seats(room.pk, fresh_since())
    return room, protocol.pushed(seats, room.last_activity + idle_limit())


def seat_state(code: str, seat: Seat) -> protocol.State:
    """The `state` message for one seat of a room as the database has it (two queries).
    Raises Room.DoesNotExist once the room is gone."""
    room, pushed = _read(code)
    return seat_message(room.registered_game, code, room.version, room.state, seat, pushed)


def watcher_state(code: str) -> tuple[int, str]:
    """The room's version and its spectator frame as the database has it. Raises
    Room.DoesNotExist once the room is gone."""
    room, pushed = _read(code)
    game = room.registered_game
    return room.version, watcher_frame(game, code, room.version, room.state, pushed["colours"])


# --- Routing --------------------------------------------------------------------------


async def route(
    layer: Any,
    committed: store.Committed,
    seat: Seat | None,
    own: Callable[[protocol.Changed], Awaitable[None]] | None = None,
) -> None:
    """Send a commit's event to every socket of the room: `seat`'s own (the one that
    acted) through `own`, at once, after the other seat's and before the watchers'
    (neither seat waits for them); `seat` None for a new round's deal, which goes to
    the room's group. The event carries the state's JSON text (between server
    processes only: no socket is sent it)."""
    event = protocol.changed(committed.version, committed.state_text, committed.pushed)
    code = committed.code
    if seat is None:
        await layer.group_send(room_group(code), event)
        return
    opponent = other(seat)
    if committed.channels is not None:
        # One round trip to its socket, where a group_send makes four.
        try:
            await layer.send(committed.channels[opponent], event)
        except ChannelFull:
            # As a group_send drops it: the move is committed, the page gets it with
            # the next push or its reconnect.
            logger.warning("Room %s: the other seat's inbox is full", code)
    else:
        await layer.group_send(seat_group(code, opponent), event)
    if own is not None:
        await own(event)
    # The watchers last, once for all of them.
    await layer.group_send(watch_group(code), {**event, "type": "watch.changed"})


# --- The socket's side: its handlers of the room's events and of a sync ------------


async def changed(socket: Socket, event: protocol.Changed) -> None:
    """A commit's event (`route`): the seat's state or the watchers' frame, unless this
    socket has sent as new a one already."""
    conn = socket.conn
    if conn.stopped or (conn.seat is None and not conn.watching):
        return
    if event["version"] <= conn.sent_version:
        return
    # Rendered here, on the event loop: a few milliseconds of CPU, which a thread would
    # not make shorter (the GIL) but would make wait its turn.
    game, version, state = conn.room.registered_game, event["version"], event["state"]
    if conn.watching:
        text = watcher_frame(game, conn.code, version, state, event["colours"])
        await socket.send_frame(version, text)
    else:
        message = seat_message(game, conn.code, version, state, conn.seat.number, event)
        await socket.send_json(message)


async def presence_changed(socket: Socket, event: protocol.News) -> None:
    # Read when received, not carried by the event: two arrivals' events may come in
    # either order, and the later must not show the earlier's picture.
    conn = socket.conn
    if conn.seat is not None and not conn.stopped:
        presence = await database(conn.room.presence)()
        await socket.send_json({"type": "presence", "presence": presence})


async def consent_changed(socket: Socket, event: protocol.ConsentNews) -> None:
    conn = socket.conn
    if conn.seat is None or conn.stopped:
        return
    asked = await database(conn.room.consents)()
    await socket.send_json(protocol.consent(asked, event))


async def send_state(socket: Socket) -> None:
    """Send this seat (or watcher) the room's state as the database has it."""
    conn = socket.conn
    try:
        if conn.watching:
            version, text = await database(watcher_state)(conn.code)
        else:
            message = await database(seat_state)(conn.code, conn.seat.number)
    except Room.DoesNotExist:
        await closed(socket, {"type": "room.closed"})
        return
    if conn.watching:
        await socket.send_frame(version, text)
    else:
        await socket.send_json(message)


async def closed(socket: Socket, event: protocol.News) -> None:
    """The room was deleted (rooms.online.notify.purge), or found gone."""
    if not socket.conn.stopped:
        await socket.stop("closed", RoomError("room_closed"), protocol.CLOSE_CLOSED)
