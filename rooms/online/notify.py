"""Messages from the server side (commands, admin, the forgetting of a room) to a room's
open sockets, through the channel layer, so that they reach every daphne process
(Redis)."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db.models import QuerySet


def room_group(code: str) -> str:
    return f"room.{code}"


def seat_group(code: str, seat: int) -> str:
    return f"room.{code}.seat{seat}"


def watch_group(code: str) -> str:
    """The room's watchers (rooms.online.watchers), pushed each action's state once."""
    return f"room.{code}.watch"


def room_closed(code: str) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(room_group(code), {"type": "room.closed"})


def purge(rooms: QuerySet) -> int:
    """Delete these rooms (rooms.models.RoomQuerySet.purge_now) and tell their open
    sockets; the number deleted."""
    codes = rooms.purge_now()
    for code in codes:
        room_closed(code)
    return len(codes)
