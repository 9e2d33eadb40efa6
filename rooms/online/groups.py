"""The channel layer's groups of a room's sockets: their names, and a socket's joining
(on hello), renewing (on pings) and leaving (on disconnect), each with what a failure of
the layer leaves behind. Who is sent what through them is rooms.online.push's. Each
function but the names takes the socket (rooms.online.connection.Socket)."""

from __future__ import annotations

import asyncio
import logging
import time

from rooms.online.connection import Socket
from rooms.online.layers import TRANSPORT_ERRORS

# A socket renews its groups in the channel layer this often (on a ping), so that the
# layer's group_expiry (config/settings.py) can be minutes: an entry whose disconnect
# failed is gone after that, since nothing renews it.
GROUP_RENEW_SECONDS = 60
# A disconnect's leaving of the groups is tried this often before it is left to expire.
LEAVE_TRIES = 3

logger = logging.getLogger(__name__)


def room_group(code: str) -> str:
    """Every socket of the room: both seats', the watchers', those before their hello."""
    return f"room.{code}"


def seat_group(code: str, seat: int) -> str:
    """The sockets of one seat: the one that holds it, and any it is replacing."""
    return f"room.{code}.seat{seat}"


def watch_group(code: str) -> str:
    """The room's watchers (rooms.online.watchers), pushed each action's state once."""
    return f"room.{code}.watch"


def own_groups(socket: Socket) -> list[str]:
    conn = socket.conn
    groups = [room_group(conn.code)]
    if conn.seat is not None:
        groups.append(seat_group(conn.code, conn.seat.number))
    if conn.watching:
        groups.append(watch_group(conn.code))
    return groups


async def join(socket: Socket, group: str) -> None:
    """Join `group`; the groups count as renewed now."""
    await socket.channel_layer.group_add(group, socket.channel_name)
    socket.conn.groups_renewed = time.monotonic()


async def renew(socket: Socket) -> None:
    now = time.monotonic()
    if now - socket.conn.groups_renewed > GROUP_RENEW_SECONDS:
        for group in own_groups(socket):
            await socket.channel_layer.group_add(group, socket.channel_name)
        socket.conn.groups_renewed = now


async def leave(socket: Socket, group: str) -> None:
    for attempt in range(LEAVE_TRIES):
        try:
            await socket.channel_layer.group_discard(group, socket.channel_name)
            return
        except TRANSPORT_ERRORS as error:
            if attempt == LEAVE_TRIES - 1:
                logger.warning("Room %s: leaving %s failed (%r)", socket.conn.code, group, error)
            else:
                await asyncio.sleep(0.2 * (attempt + 1))


async def leave_all(socket: Socket) -> None:
    """Leave every group of this socket."""
    for group in own_groups(socket):
        await leave(socket, group)
