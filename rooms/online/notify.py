"""Messages from the server side (commands, admin, the forgetting of a room) to a room's
open sockets, through the channel layer, so that they reach every daphne process
(Redis). Who is sent what is rooms.online.push's; this calls it from outside the
event loop."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db.models import QuerySet

from rooms.online import push
from rooms.online.groups import room_group, seat_group, watch_group

# The groups' names, for the callers that took them from here before rooms.online.groups.
__all__ = [
    "purge",
    "room_closed",
    "room_group",
    "seat_freed",
    "seat_group",
    "seat_moved",
    "watch_group",
]


def room_closed(code: str) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(push.tell_closed)(layer, code)


def seat_moved(code: str, number: int) -> None:
    """Tell the seat's open sockets (on any process) that it moved: they stop."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(push.tell_moved)(layer, code, number)


def seat_freed(code: str, number: int) -> None:
    """Tell the seat's open sockets (on any process) that the admin freed it: they stop."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(push.tell_freed)(layer, code, number)


def purge(rooms: QuerySet) -> int:
    """Delete these rooms (rooms.models.RoomQuerySet.purge_now) and tell their open
    sockets; the number deleted."""
    codes = rooms.purge_now()
    for code in codes:
        room_closed(code)
    return len(codes)
