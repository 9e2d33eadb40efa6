"""The channel layer's groups a room's socket belongs to (rooms.online.notify names
them): joined on hello, renewed on pings, left on disconnect, each with what a failure
of the layer leaves behind. Each function takes the socket
(rooms.online.connection.Socket)."""

from __future__ import annotations

import asyncio
import logging
import time

from rooms.online import protocol
from rooms.online.connection import Socket
from rooms.online.layers import TRANSPORT_ERRORS
from rooms.online.notify import room_group, seat_group, watch_group

# A socket renews its groups in the channel layer this often (on a ping), so that the
# layer's group_expiry (config/settings.py) can be minutes: an entry whose disconnect
# failed is gone after that, since nothing renews it.
GROUP_RENEW_SECONDS = 60
# A disconnect's leaving of the groups is tried this often before it is left to expire.
LEAVE_TRIES = 3

logger = logging.getLogger(__name__)


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


async def leave_all(socket: Socket, withdrawn: bool) -> None:
    """Leave every group of this socket, then tell the room a seat left (and withdrew
    its request for a new round, when `withdrawn`)."""
    for group in own_groups(socket):
        await leave(socket, group)
    code = socket.conn.code
    if socket.conn.seat is not None:
        news: list[protocol.Event] = [{"type": "room.presence"}]
        if withdrawn:
            news.append({"type": "room.consent", "left": True})
        try:
            for event in news:
                await socket.channel_layer.group_send(room_group(code), event)
        except TRANSPORT_ERRORS as error:
            # The other page learns of the absence from its next ping, and of the
            # withdrawn request when it next asks or is sent the state.
            logger.warning("Room %s: telling of the leave failed (%r)", code, error)
