"""The WebSocket of an online room, `/ws/rooms/<code>/`: it reads each frame into its
typed message (rooms.online.protocol, which defines every message), hands it to its
handler (`SEATS` for a seat's page, rooms.online.watching.HANDLERS for a watcher's;
`EVENTS` for the channel layer's events, rooms.online.push's), and sends what it is
handed. The socket's state is one object (rooms.online.connection.Connection); the work
is the store's (rooms.online.store, on the database threads); every event sent to the
room's sockets, its recipients through the channel layer (rooms.online.layers) and the
messages' caches are the push module's (rooms.online.push): no event is sent from here.
A failure of either service closes the socket with a code the page reconnects after.
The path of one action, function by function: docs/online.md.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError
from django.utils import translation

from rooms.codes import is_room_code
from rooms.errors import RoomError
from rooms.models import Room
from rooms.online import connection, groups, protocol, push, store, watching
from rooms.online.connection import Connection
from rooms.online.flood import TokenBucket
from rooms.online.groups import room_group, seat_group
from rooms.online.layers import TRANSPORT_ERRORS
from rooms.online.outage import DATABASE_ERRORS, pool_exhausted
from rooms.online.protocol import (
    CLOSE_BAD_KEY,
    CLOSE_REPLACED,
    CLOSE_UNKNOWN_ROOM,
    language_of,
)
from rooms.online.store import database

# Each page's last activity is written on connect and then at most this often.
TOUCH_SECONDS = 3600
logger = logging.getLogger(__name__)

Handler = Callable[["RoomConsumer", Any], Awaitable[None]]


class RoomConsumer(AsyncWebsocketConsumer):
    """The socket: its state is `conn`, its handlers the tables below the class."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn = Connection()

    async def dispatch(self, message: dict[str, Any]) -> None:
        conn = self.conn
        # Every handler (browser messages and group events) speaks the player's language:
        # activated once, in this socket's own task (its context, which the database
        # threads' calls copy), not overridden and restored around every frame and event.
        if conn.language is None:
            conn.language = language_of(self.scope)
            translation.activate(conn.language)
        # Channels' own dispatch first hops to the shared sync thread and back to close
        # old database connections, for every frame and group event: three hand-offs an
        # action, queued on that one thread (issue 12). This consumer's database calls
        # (rooms.online.threads.database) close them on their own thread: it calls the
        # handler of the message's type (`EVENTS`) directly.
        kind = message["type"]
        handler = EVENTS.get(kind)
        if handler is None:
            raise ValueError(f"No handler for message type {kind}")
        if conn.stopped and kind in ROOM_EVENTS:
            return  # the page was told to stop or to reconnect: nothing more to it
        try:
            await handler(self, message)
        except TRANSPORT_ERRORS as error:
            # Redis failed under a handler. Whatever was committed stays committed;
            # the page reconnects and resyncs instead of seeing 1011 and a traceback.
            if kind == "websocket.disconnect":
                raise StopConsumer from None
            logger.warning("Room %s: channel layer failed (%r)", conn.code, error)
            await layer_lost(self, {"type": "layer.lost"})
        except DATABASE_ERRORS as error:
            # The database is gone (restarting, failing over) or every pooled connection
            # stayed busy (`busy`), under any handler: logged once per outage
            # (rooms.online.threads). An action is committed or not as a whole, and a
            # resent one is refused as stale, so the page may reconnect and resync at
            # once. Unhandled, the socket closed with 1011, or stayed open, silent (#26).
            if kind == "websocket.disconnect":
                raise StopConsumer from None
            await connection.retry(
                self, RoomError("busy" if pool_exhausted(error) else "database_lost")
            )

    # --- Connection ---------------------------------------------------------------

    async def connect(self) -> None:
        conn = self.conn
        conn.code = self.scope["url_route"]["kwargs"]["code"]
        conn.bucket = TokenBucket(capacity=settings.ROOM_SOCKET_BURST)
        await self.accept()
        # A code out of shape (a NUL byte, a control character) names no room: refused
        # before any query, which PostgreSQL would fail (issue 42).
        if is_room_code(conn.code):
            conn.room = await database(Room.objects.filter(code=conn.code).first)()
        if conn.room is None:
            await connection.stop(self, "error", RoomError("unknown_room"), CLOSE_UNKNOWN_ROOM)
            return
        await self.channel_layer.group_add(room_group(conn.code), self.channel_name)

    async def disconnect(self, code: int) -> None:
        """Forget this socket's presence and groups. Nothing a failure here leaves
        lasts: the presence row counts as gone once its heartbeat is older than
        rooms.presence.ttl(), the group entries expire after the layer's
        group_expiry."""
        conn = self.conn
        if conn.room is None:
            return
        # The seat's presence first: it lives in the database, and must not be left
        # behind when the channel layer fails below. Leaving also withdraws the seat's
        # request for a new round (unless a newer tab holds the seat now).
        withdrawn = False
        if conn.seat is not None:
            try:
                withdrawn = await database(store.leave)(conn.room, conn.seat, self.channel_name)
            except DATABASE_ERRORS:
                pass  # the database is gone: told once per outage (rooms.online.threads)
            except DatabaseError as error:
                logger.warning("Room %s: forgetting the presence failed (%r)", conn.code, error)
        if conn.watching:
            with contextlib.suppress(*DATABASE_ERRORS, *TRANSPORT_ERRORS, DatabaseError):
                await watching.leave(self)  # else its row goes stale, its groups expire
        await groups.leave_all(self)
        if conn.seat is not None:
            await push.tell_left(self.channel_layer, conn.code, withdrawn)

    # --- Browser messages ---------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        conn = self.conn
        if conn.stopped or conn.room is None:
            return
        if not conn.bucket.take():
            # Said once per flood, so that the refusals do not become a flood themselves.
            if not conn.rate_warned:
                conn.rate_warned = True
                await connection.refuse(self, RoomError("rate_limited"))
            return
        conn.rate_warned = False
        try:
            message = protocol.read(text_data)
        except RoomError as error:
            await connection.refuse(self, error)
            return
        if conn.watching:
            handler = watching.HANDLERS[type(message)]
        elif conn.seat is None and not isinstance(message, protocol.Hello):
            await connection.refuse(self, RoomError("hello_first"))
            return
        else:
            handler = SEATS[type(message)]
        try:
            await handler(self, message)
        except Room.DoesNotExist:  # purged while this page was open
            await push.on_closed(self, {"type": "room.closed"})


# --- A seat's page's messages: one handler for each type of the protocol ---------------


async def on_hello(socket: RoomConsumer, message: protocol.Hello) -> None:
    conn = socket.conn
    if message.watch:
        await watching.hello(socket)
        return
    seat = await database(conn.room.seat_for_key)(message.key)
    if seat is None:
        await connection.stop(socket, "error", RoomError("bad_key"), CLOSE_BAD_KEY)
        return
    if conn.seat is not None and conn.seat.pk != seat.pk:
        await connection.refuse(socket, RoomError("bad_key"))
        return
    conn.seat = seat
    group = seat_group(conn.code, seat.number)
    # Replace the seat's other connections first (on any process), then join.
    await push.tell_replaced(socket.channel_layer, conn.code, seat.number, socket.channel_name)
    await groups.join(socket, group)
    conn.touched = conn.groups_renewed
    await database(store.connect)(seat, socket.channel_name)
    await push.send_state(socket)
    await push.tell_presence(socket.channel_layer, conn.code)
    if not conn.stopped:  # the room may have gone meanwhile (send_state said so)
        await push.on_watchers(socket, {"type": "room.watchers"})


async def on_action(socket: RoomConsumer, message: protocol.Action) -> None:
    conn = socket.conn
    outcome = await database(store.commit_action)(
        conn.room, conn.seat.number, message.version, message.action
    )
    match outcome:
        case store.Done(committed):
            await push.route(socket.channel_layer, committed, conn.seat.number, own=socket)
        case store.Refused(error):
            await connection.refuse(socket, error, conn.room.registered_game.names)
        case store.Stale():
            await connection.refuse(socket, RoomError("stale"))
            await push.send_state(socket)


async def on_ping(socket: RoomConsumer, message: protocol.Ping) -> None:
    conn = socket.conn
    now = time.monotonic()
    touch = now - conn.touched > TOUCH_SECONDS
    beat = await database(store.beat)(conn.seat, socket.channel_name, touch)
    if beat is None:
        # Another connection holds the seat now (e.g. it reconnected elsewhere).
        await connection.stop(socket, "replaced", None, CLOSE_REPLACED)
        return
    if touch:
        conn.touched = now
    if beat.watchers_purged:  # of a killed process: no watcher pings to tell
        await push.tell_watchers(socket.channel_layer, conn.code)
    await groups.renew(socket)
    await connection.send(socket, {"type": "pong", "presence": beat.presence})


async def on_new_round(socket: RoomConsumer, message: protocol.NewRound) -> None:
    conn = socket.conn
    try:
        started = await database(store.new_round)(conn.room, conn.seat.number)
    except RoomError as error:
        await connection.refuse(socket, error)
        return
    if started is not None:
        await push.route(socket.channel_layer, started, None)
    else:
        await push.tell_consent(socket.channel_layer, conn.code)


async def on_decline_round(socket: RoomConsumer, message: protocol.DeclineRound) -> None:
    try:
        await database(store.decline_round)(socket.conn.room)
    except RoomError as error:
        await connection.refuse(socket, error)
        return
    await push.tell_consent(socket.channel_layer, socket.conn.code, declined=True)


async def on_sync(socket: RoomConsumer, message: protocol.Sync) -> None:
    await push.send_state(socket)


SEATS: dict[type[protocol.Incoming], Handler] = {
    protocol.Hello: on_hello,
    protocol.Action: on_action,
    protocol.Ping: on_ping,
    protocol.NewRound: on_new_round,
    protocol.DeclineRound: on_decline_round,
    protocol.Sync: on_sync,
}


# --- The channel layer's events (from any process): one handler for each type ---------


async def layer_lost(socket: RoomConsumer, event: protocol.News) -> None:
    """This process lost Redis (rooms/online/layers.py): the groups may be gone, so
    reconnect."""
    await connection.retry(socket, RoomError("retry"))


ROOM_EVENTS: dict[str, Handler] = {**push.EVENTS, "layer.lost": layer_lost}
# Channels' own messages of the socket's life, then the room's.
EVENTS: dict[str, Handler] = {
    "websocket.connect": AsyncWebsocketConsumer.websocket_connect,
    "websocket.receive": AsyncWebsocketConsumer.websocket_receive,
    "websocket.disconnect": AsyncWebsocketConsumer.websocket_disconnect,
    **ROOM_EVENTS,
}
