"""The WebSocket of an online room, `/ws/rooms/<code>/`: it reads each frame
(rooms.online.protocol, which also documents the messages), hands the work to the store
(rooms.online.store) on the database threads, and sends what the push module
(rooms.online.push) hands it: the messages of a commit, their routing through the
channel layer (rooms.online.layers) and their caches are that module's. A failure of
either service closes the socket with a code the page reconnects after. The path of
one action, function by function: docs/online.md.
"""

from __future__ import annotations

import contextlib
import logging
import time
from typing import Any

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError
from django.utils import translation

from gamekit.engine import IllegalAction
from rooms.codes import is_room_code
from rooms.errors import Names, RoomError, describe
from rooms.models import Room, Seat
from rooms.online import protocol, push, store
from rooms.online.flood import TokenBucket
from rooms.online.groups import Groups
from rooms.online.layers import TRANSPORT_ERRORS
from rooms.online.notify import room_group, seat_group
from rooms.online.outage import DATABASE_ERRORS, pool_exhausted
from rooms.online.protocol import (
    CLOSE_BAD_KEY,
    CLOSE_CLOSED,
    CLOSE_REPLACED,
    CLOSE_RETRY,
    CLOSE_UNKNOWN_ROOM,
    language_of,
)
from rooms.online.push import Pushing
from rooms.online.store import database
from rooms.online.watchers import Watching

# Each page's last activity is written on connect and then at most this often.
TOUCH_SECONDS = 3600
logger = logging.getLogger(__name__)


class RoomConsumer(Groups, Pushing, Watching, AsyncWebsocketConsumer):
    code: str
    room: Room | None = None
    seat: Seat | None = None
    stopped = False
    language: str | None = None
    # The version of the last state sent: a push of it or of an older one is not resent.
    sent_version = -1
    touched = 0.0

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Every handler (browser messages and group events) speaks the player's language:
        # activated once, in this socket's own task (its context, which the database
        # threads' calls copy), not overridden and restored around every frame and event.
        if self.language is None:
            self.language = language_of(self.scope)
            translation.activate(self.language)
        # Channels' own dispatch first hops to the shared sync thread and back to close
        # old database connections, for every frame and group event: three hand-offs an
        # action, queued on that one thread (issue 12). This consumer's database calls
        # (rooms.online.threads.database) close them on their own thread: it calls the
        # handler directly.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        try:
            await handler(message)
        except TRANSPORT_ERRORS as error:
            # Redis failed under a handler. Whatever was committed stays committed;
            # the page reconnects and resyncs instead of seeing 1011 and a traceback.
            if message.get("type") == "websocket.disconnect":
                raise StopConsumer from None
            logger.warning("Room %s: channel layer failed (%r)", self.code, error)
            await self.layer_lost({})
        except DATABASE_ERRORS as error:
            # The database is gone (restarting, failing over) or every pooled connection
            # stayed busy (`busy`), under any handler: logged once per outage
            # (rooms.online.threads). An action is committed or not as a whole, and a
            # resent one is refused as stale, so the page may reconnect and resync at
            # once. Unhandled, the socket closed with 1011, or stayed open, silent (#26).
            if message.get("type") == "websocket.disconnect":
                raise StopConsumer from None
            await self.retry(RoomError("busy" if pool_exhausted(error) else "database_lost"))

    # --- Connection ---------------------------------------------------------------

    async def connect(self) -> None:
        self.code = self.scope["url_route"]["kwargs"]["code"]
        self.bucket = TokenBucket(capacity=settings.ROOM_SOCKET_BURST)
        self.rate_warned = False
        await self.accept()
        # A code out of shape (a NUL byte, a control character) names no room: refused
        # before any query, which PostgreSQL would fail (issue 42).
        if is_room_code(self.code):
            self.room = await database(Room.objects.filter(code=self.code).first)()
        if self.room is None:
            await self.stop("error", RoomError("unknown_room"), CLOSE_UNKNOWN_ROOM)
            return
        await self.channel_layer.group_add(room_group(self.code), self.channel_name)

    async def disconnect(self, code: int) -> None:
        """Forget this socket's presence and groups. Nothing a failure here leaves
        lasts: the presence row counts as gone once its heartbeat is older than
        rooms.presence.ttl(), the group entries expire after the layer's
        group_expiry."""
        if self.room is None:
            return
        # The seat's presence first: it lives in the database, and must not be left
        # behind when the channel layer fails below. Leaving also withdraws the seat's
        # request for a new round (unless a newer tab holds the seat now).
        withdrawn = False
        if self.seat is not None:
            try:
                withdrawn = await database(store.leave)(self.room, self.seat, self.channel_name)
            except DATABASE_ERRORS:
                pass  # the database is gone: told once per outage (rooms.online.threads)
            except DatabaseError as error:
                logger.warning("Room %s: forgetting the presence failed (%r)", self.code, error)
        if self.watching:
            with contextlib.suppress(*DATABASE_ERRORS, *TRANSPORT_ERRORS, DatabaseError):
                await self.watch_leave()  # else its row goes stale, its groups expire
        await self.leave_groups(withdrawn)

    async def stop(self, kind: str, error: RoomError | None, close_code: int) -> None:
        """Tell the browser why, then close for good (the page does not reconnect)."""
        self.stopped = True
        message: dict[str, Any] = {"type": kind}
        if error is not None:
            message |= describe(error)
        await self.send_json(message)
        await self.close(code=close_code)

    # --- Browser messages ---------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.stopped or self.room is None:
            return
        if not self.bucket.take():
            # Said once per flood, so that the refusals do not become a flood themselves.
            if not self.rate_warned:
                self.rate_warned = True
                await self.refuse(RoomError("rate_limited"))
            return
        self.rate_warned = False
        try:
            message = protocol.read(text_data)
        except RoomError as error:
            await self.refuse(error)
            return
        if self.watching:
            handler = Watching.watcher_receives
        elif self.seat is None and message["type"] != "hello":
            await self.refuse(RoomError("hello_first"))
            return
        else:
            handler = self.handlers[message["type"]]
        try:
            await handler(self, message)
        except Room.DoesNotExist:  # purged while this page was open
            await self.room_closed({})

    async def on_hello(self, message: dict[str, Any]) -> None:
        if message.get("watch") is True:
            await self.watch_hello()
            return
        seat = await database(self.room.seat_for_key)(message.get("key"))
        if seat is None:
            await self.stop("error", RoomError("bad_key"), CLOSE_BAD_KEY)
            return
        if self.seat is not None and self.seat.pk != seat.pk:
            await self.refuse(RoomError("bad_key"))
            return
        self.seat = seat
        group = seat_group(self.code, seat.number)
        # Replace the seat's other connections first (on any process), then join.
        await self.channel_layer.group_send(
            group, {"type": "seat.replaced", "by": self.channel_name}
        )
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_renewed = self.touched = time.monotonic()
        await database(store.connect)(seat, self.channel_name)
        await self.send_state()
        await self.channel_layer.group_send(room_group(self.code), {"type": "room.presence"})
        await self.room_watchers({})

    async def on_action(self, message: dict[str, Any]) -> None:
        try:
            committed = await database(store.apply_action)(
                self.room, self.seat.number, message.get("version"), message.get("action")
            )
        except (RoomError, IllegalAction) as error:
            await self.refuse(error, self.room.registered_game.names)
            if isinstance(error, RoomError) and error.code == "stale":
                await self.send_state()
            return
        await push.route(self.channel_layer, committed, self.seat.number, own=self.room_changed)

    async def on_ping(self, message: dict[str, Any]) -> None:
        now = time.monotonic()
        touch = now - self.touched > TOUCH_SECONDS
        beat = await database(store.beat)(self.seat, self.channel_name, touch)
        if beat is None:
            # Another connection holds the seat now (e.g. it reconnected elsewhere).
            await self.stop("replaced", None, CLOSE_REPLACED)
            return
        if touch:
            self.touched = now
        if beat.watchers_purged:  # of a killed process: no watcher pings to tell
            await self.channel_layer.group_send(room_group(self.code), {"type": "room.watchers"})
        await self.renew_groups()
        await self.send_json({"type": "pong", "presence": beat.presence})

    async def on_new_round(self, message: dict[str, Any]) -> None:
        try:
            started = await database(store.new_round)(self.room, self.seat.number)
        except RoomError as error:
            await self.refuse(error)
            return
        if started is not None:
            await push.route(self.channel_layer, started, None)
        else:
            await self.channel_layer.group_send(room_group(self.code), {"type": "room.consent"})

    async def on_decline_round(self, message: dict[str, Any]) -> None:
        try:
            await database(store.decline_round)(self.room)
        except RoomError as error:
            await self.refuse(error)
            return
        await self.channel_layer.group_send(
            room_group(self.code), {"type": "room.consent", "declined": True}
        )

    async def on_sync(self, message: dict[str, Any]) -> None:
        await self.send_state()

    handlers = {
        "hello": on_hello,
        "action": on_action,
        "ping": on_ping,
        "new_round": on_new_round,
        "decline_round": on_decline_round,
        "sync": on_sync,
    }

    # --- Group events (from any process) ------------------------------------------

    async def layer_lost(self, event: dict[str, Any]) -> None:
        """Redis failed (rooms/online/layers.py): the groups may be gone, so reconnect."""
        await self.retry(RoomError("retry"))

    async def retry(self, error: RoomError) -> None:
        """Tell the page why and close with a code it reconnects after at once."""
        if not self.stopped:
            self.stopped = True
            await self.send_json({"type": "retry", **describe(error)})
            await self.close(code=CLOSE_RETRY)

    async def room_closed(self, event: dict[str, Any]) -> None:
        if not self.stopped:
            await self.stop("closed", RoomError("room_closed"), CLOSE_CLOSED)

    async def seat_moved(self, event: dict[str, Any]) -> None:
        """The seat's one-time link was used on another device: its key is gone."""
        if not self.stopped:
            await self.stop("seat_moved", RoomError("seat_moved"), CLOSE_BAD_KEY)

    async def seat_freed(self, event: dict[str, Any]) -> None:
        """The admin freed the seat (rooms.online.seat_release): its key is gone, and the
        page says so as when the seat moved."""
        if not self.stopped:
            await self.stop("seat_moved", RoomError("seat_freed"), CLOSE_BAD_KEY)

    async def seat_replaced(self, event: dict[str, Any]) -> None:
        if event.get("by") != self.channel_name and not self.stopped:
            await self.stop("replaced", None, CLOSE_REPLACED)

    # --- Sending ------------------------------------------------------------------

    async def refuse(self, error: RoomError | IllegalAction, names: Names | None = None) -> None:
        await self.send_json(protocol.error(error, names))

    async def send_json(self, message: dict[str, Any]) -> None:
        version = message["version"] if message["type"] == "state" else None
        await self.send_frame(version, protocol.encode(message))

    async def send_frame(self, version: int | None, text: str) -> None:
        """Send a message's text; `version` when it is a `state`, not to be resent."""
        if version is not None:
            self.sent_version = max(self.sent_version, version)
        # The page may have closed while this was on its way (daphne's autobahn raises,
        # with a traceback in the log); its disconnect handler follows.
        with contextlib.suppress(Disconnected):
            await self.send(text_data=text)
