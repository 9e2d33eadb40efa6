"""A watcher's page on the room's socket (rooms/online/watchers.py: who watches, and how
many): its `hello`, the handler of each of its frames (`HANDLERS`, one for each message
type of the protocol), its leaving. Each takes the socket
(rooms.online.connection.Socket); what the seats are told of it is rooms.online.push's."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from rooms.errors import RoomError
from rooms.online import connection, groups, protocol, push, watchers
from rooms.online.connection import Socket
from rooms.online.groups import watch_group
from rooms.online.threads import database


async def hello(socket: Socket) -> None:
    """`{"type": "hello", "watch": true}`: watch the room, if there is a place."""
    conn = socket.conn
    if conn.seat is not None or conn.watching:
        await connection.refuse(socket, RoomError("bad_request"))
        return
    refused = await database(watchers.join)(conn.room, socket.channel_name)
    if refused is not None:
        await connection.stop(socket, "error", RoomError(refused), protocol.CLOSE_FULL)
        return
    conn.watching = True
    await groups.join(socket, watch_group(conn.code))
    await push.send_state(socket)
    await push.tell_watchers(socket.channel_layer, conn.code)


async def ping(socket: Socket, message: protocol.Ping) -> None:
    """A watcher's ping: answered `pong` without presence."""
    conn = socket.conn
    if await database(watchers.beat)(conn.room, socket.channel_name):
        await push.tell_watchers(socket.channel_layer, conn.code)
    await groups.renew(socket)
    await connection.send(socket, {"type": "pong"})


async def refused(socket: Socket, message: protocol.Incoming) -> None:
    """A watcher may ask for nothing that changes the room."""
    await connection.refuse(socket, RoomError("watching"))


async def bad_request(socket: Socket, message: protocol.Incoming) -> None:
    await connection.refuse(socket, RoomError("bad_request"))


async def sync(socket: Socket, message: protocol.Sync) -> None:
    await push.send_state(socket)


# A watcher's page's frames: one handler for each type of the protocol.
HANDLERS: dict[type[protocol.Incoming], Callable[[Socket, Any], Awaitable[None]]] = {
    protocol.Hello: bad_request,
    protocol.Action: refused,
    protocol.Ping: ping,
    protocol.NewRound: refused,
    protocol.DeclineRound: refused,
    protocol.Sync: sync,
}


async def leave(socket: Socket) -> None:
    await database(watchers.forget)(socket.channel_name)
    await push.tell_watchers(socket.channel_layer, socket.conn.code)
