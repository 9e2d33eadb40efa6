"""What a room's sockets are pushed, and which socket is pushed what: the one owner of
every event sent to a room's sockets and its recipients (issue 57: the consumer, the
watchers, the groups, the purges and the seat moves call it, and none sends an event of
its own), of what a socket sends when told, of an online room's `state` messages, for
a seat or a watcher, and of their caches (issue 47; as boardgame.io's one player-view
filter and lila-ws's typed out-messages). The consumer hands it what the store
committed and sends what it is handed; rooms.render draws the boards.

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
  round through Redis (issue 12). A new round's deal goes to both seats' groups and
  the watchers'. The other events (`tell_*`) below, each with its recipients.
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
from gamekit.seats import SEATS, other
from rooms import registry, render
from rooms.errors import RoomError
from rooms.models import Room, idle_limit
from rooms.online import connection, protocol, sql, store, watchers
from rooms.online.connection import Socket
from rooms.online.groups import room_group, seat_group, watch_group
from rooms.online.layers import TRANSPORT_ERRORS
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
    game: registry.Game,
    code: str,
    version: int,
    state_json: Any,
    seat: Seat | None,
    state: Any = None,
) -> tuple[View, Status, str]:
    """A seat's (None: a watcher's) view, the status and the board's HTML of one
    version of a room, rendered once per version and language; from `state` when the
    caller holds it (the commit just made), else from the state the store keeps or
    the JSON."""
    key = (code, version, seat, translation.get_language() or "")
    found = BOARDS.get(key)
    if found is not None:
        return found
    engine = game.engine
    if state is None:
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
    state: Any = None,
) -> protocol.State:
    """The `state` message for one seat: only that seat's view, never the other's
    hidden hand; `pushed` as protocol.pushed makes it. The view goes with the board
    though no game's script reads it today: play.js hands it on in `play:view`, a
    game's script's contract (docs/games.md says why it stays and what it costs)."""
    view, status, html = board(game, code, version, state_json, seat, state)
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


# --- Who is sent what: every event of a room, and its recipients ---------------------
#
# Each event goes to the sockets that act on it and to no other, so that none is
# filtered again where it arrives (a stopped socket, which has told its page to stop or
# to reconnect, handles none: rooms.online.consumers). A seat's news (presence,
# consents, watchers) goes to the two seats' groups, not to the watchers; a commit to
# the seats and, once for all of them, to the watchers' group; the room's end to
# every socket of the room.


async def route(
    layer: Any,
    committed: store.Committed,
    seat: Seat | None,
    own: Socket | None = None,
) -> None:
    """Send a commit's event to every socket of the room: `seat`'s own (the one that
    acted, `own`) at once, from the state it committed, after the other seat's and
    before the watchers' (neither seat waits for them); `seat` None for a new round's
    deal, which goes to both seats' groups. The event carries the state's JSON text
    (between server processes only: no socket is sent it)."""
    # The JSON text as written: the layer copies a string, where it would pack and
    # unpack a state's every list and key.
    event: protocol.Changed = {
        "type": "room.changed",
        "version": committed.version,
        "state": committed.state_text,
        **committed.pushed,
    }
    code = committed.code
    if seat is None:
        await to_seats(layer, code, event)
    else:
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
            await on_changed(own, event, committed.kept)
    # The watchers last, once for all of them.
    await layer.group_send(watch_group(code), {**event, "type": "watch.changed"})


async def to_seats(layer: Any, code: str, event: protocol.Event) -> None:
    for number in SEATS:
        await layer.group_send(seat_group(code, number), event)


async def tell_presence(layer: Any, code: str) -> None:
    """A seat arrived: the seats read who is connected."""
    await to_seats(layer, code, {"type": "room.presence"})


async def tell_left(layer: Any, code: str, withdrawn: bool) -> None:
    """A seat's socket closed: the seats read who is connected (and the requests for a
    new round, when its request was `withdrawn`)."""
    try:
        await tell_presence(layer, code)
        if withdrawn:
            await tell_consent(layer, code, left=True)
    except TRANSPORT_ERRORS as error:
        # The other page learns of the absence from its next ping, and of the withdrawn
        # request when it next asks or is sent the state.
        logger.warning("Room %s: telling of the leave failed (%r)", code, error)


async def tell_consent(layer: Any, code: str, declined: bool = False, left: bool = False) -> None:
    """The requests for a new round changed: the seats read them."""
    event: protocol.ConsentNews = {"type": "room.consent"}
    if declined:
        event["declined"] = True
    if left:
        event["left"] = True
    await to_seats(layer, code, event)


async def tell_watchers(layer: Any, code: str) -> None:
    """The number of watchers changed: the seats read it."""
    await to_seats(layer, code, {"type": "room.watchers"})


async def tell_replaced(layer: Any, code: str, seat: Seat, by: str) -> None:
    """The socket `by` takes the seat: the seat's other sockets stop."""
    await layer.group_send(seat_group(code, seat), {"type": "seat.replaced", "by": by})


async def tell_moved(layer: Any, code: str, seat: Seat) -> None:
    """The seat moved to another device (rooms.online.seat_moves): its sockets stop."""
    await layer.group_send(seat_group(code, seat), {"type": "seat.moved"})


async def tell_freed(layer: Any, code: str, seat: Seat) -> None:
    """The admin freed the seat (its key is gone): its sockets stop, as after a move."""
    await layer.group_send(seat_group(code, seat), {"type": "seat.freed"})


async def tell_closed(layer: Any, code: str) -> None:
    """The room was deleted (rooms.online.notify.purge): every socket of it stops."""
    await layer.group_send(room_group(code), {"type": "room.closed"})


# --- What a socket sends when told (from any process), and on a sync -----------------


async def on_changed(socket: Socket, event: protocol.Changed, state: Any = None) -> None:
    """A commit's event to a seat (`route`): its state, unless this socket has sent as
    new a one already; `state` the committed state when this socket made it."""
    conn = socket.conn
    if event["version"] <= conn.sent_version:
        return
    # Rendered here, on the event loop: a few milliseconds of CPU, which a thread would
    # not make shorter (the GIL) but would make wait its turn.
    game, version = conn.room.registered_game, event["version"]
    seat = conn.seat.number
    message = seat_message(game, conn.code, version, event["state"], seat, event, state)
    await connection.send(socket, message)


async def on_watched(socket: Socket, event: protocol.Changed) -> None:
    """A commit's event to the watchers: the frame they all are sent."""
    conn, version = socket.conn, event["version"]
    if version <= conn.sent_version:
        return
    game = conn.room.registered_game
    text = watcher_frame(game, conn.code, version, event["state"], event["colours"])
    await connection.send_text(socket, version, text)


# The news a seat is told it reads when told, not from the event: two arrivals' events
# may come in either order, and the later must not show the earlier's picture.


async def on_presence(socket: Socket, event: protocol.News) -> None:
    presence = await database(socket.conn.room.presence)()
    await connection.send(socket, {"type": "presence", "presence": presence})


async def on_consent(socket: Socket, event: protocol.ConsentNews) -> None:
    asked = await database(socket.conn.room.consents)()
    # The requests now, and why they changed.
    message: protocol.Consent = {
        "type": "consent",
        "consent": {"asked": asked},
        "declined": bool(event.get("declined")),
        "left": bool(event.get("left")),
    }
    await connection.send(socket, message)


async def on_watchers(socket: Socket, event: protocol.News) -> None:
    number = await database(watchers.count)(socket.conn.room.pk)
    await connection.send(
        socket, {"type": "watchers", "count": number, "text": watchers.words(number)}
    )


async def on_replaced(socket: Socket, event: protocol.SeatTaken) -> None:
    """Another socket took the seat: this one stops (the new one, which sent the event
    before it joined its seat's group, only when it said `hello` again)."""
    if event["by"] != socket.channel_name:
        await connection.stop(socket, "replaced", None, protocol.CLOSE_REPLACED)


async def on_moved(socket: Socket, event: protocol.News) -> None:
    """The seat's one-time link was used on another device: its key is gone."""
    await connection.stop(socket, "seat_moved", RoomError("seat_moved"), protocol.CLOSE_BAD_KEY)


async def on_freed(socket: Socket, event: protocol.News) -> None:
    """The admin freed the seat: the page says so as when the seat moved."""
    await connection.stop(socket, "seat_moved", RoomError("seat_freed"), protocol.CLOSE_BAD_KEY)


async def on_closed(socket: Socket, event: protocol.News) -> None:
    """The room was deleted, or found gone (then maybe by a socket stopped already)."""
    if not socket.conn.stopped:
        await connection.stop(socket, "closed", RoomError("room_closed"), protocol.CLOSE_CLOSED)


# The handler of each event this module sends.
EVENTS: dict[str, Callable[[Socket, Any], Awaitable[None]]] = {
    "room.changed": on_changed,
    "watch.changed": on_watched,
    "room.presence": on_presence,
    "room.consent": on_consent,
    "room.watchers": on_watchers,
    "room.closed": on_closed,
    "seat.moved": on_moved,
    "seat.freed": on_freed,
    "seat.replaced": on_replaced,
}


async def send_state(socket: Socket) -> None:
    """Send this seat (or watcher) the room's state as the database has it."""
    conn = socket.conn
    try:
        if conn.watching:
            version, text = await database(watcher_state)(conn.code)
        else:
            message = await database(seat_state)(conn.code, conn.seat.number)
    except Room.DoesNotExist:
        await on_closed(socket, {"type": "room.closed"})
        return
    if conn.watching:
        await connection.send_text(socket, version, text)
    else:
        await connection.send(socket, message)
