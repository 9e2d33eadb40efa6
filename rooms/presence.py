"""Who is connected to a room, in a way that holds across several server processes.

Each seat row stores the channel name of its current connection and a heartbeat time.
The browser pings every PING_SECONDS; a seat counts as connected only while its
heartbeat is younger than ttl(), so a process killed with SIGKILL (which never runs
its disconnect handlers) stops counting after at most ttl() seconds. All writes are
conditional UPDATEs, so two processes racing on one seat cannot clobber each other.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.utils import timezone

if TYPE_CHECKING:
    from rooms.models import Seat

PING_SECONDS = 10


def ttl() -> timedelta:
    return timedelta(seconds=getattr(settings, "ROOM_PRESENCE_TTL", 30))


def fresh_since(now: datetime | None = None) -> datetime:
    return (now or timezone.now()) - ttl()


def is_connected(seat: Seat, now: datetime | None = None) -> bool:
    return bool(seat.channel_name and seat.heartbeat_at and seat.heartbeat_at > fresh_since(now))


def connect(seat: Seat, channel_name: str) -> None:
    """This connection is now the seat's (a later tab always wins over an earlier one)."""
    from rooms.models import Room, Seat

    now = timezone.now()
    Seat.objects.filter(pk=seat.pk).update(channel_name=channel_name, heartbeat_at=now)
    Room.objects.filter(pk=seat.room_id).update(last_activity=now)


def beat(seat: Seat, channel_name: str, touch: bool = True) -> dict[str, bool] | None:
    """Refresh the heartbeat; who is connected now, or None when another connection
    has taken the seat since. `touch` also marks the room active (purge_rooms spares
    an open page's room), which the socket asks for hourly."""
    from rooms import statements
    from rooms.models import Room

    now = timezone.now()
    # Written out in SQL (rooms/statements.py), one statement on PostgreSQL: 2,000 open
    # pages ping 200 times a second.
    present = statements.beat_presence(seat.pk, seat.room_id, channel_name, now, fresh_since(now))
    if present is not None and touch:
        Room.objects.filter(pk=seat.room_id, last_activity__lt=now - timedelta(hours=1)).update(
            last_activity=now
        )
    return present


def disconnect(seat: Seat, channel_name: str) -> bool:
    """Forget this connection, unless a newer tab has already replaced it; whether it
    was forgotten (the seat is now away)."""
    from rooms.models import Room, Seat

    if not Seat.objects.filter(pk=seat.pk, channel_name=channel_name).update(
        channel_name="", heartbeat_at=None
    ):
        return False
    Room.objects.filter(pk=seat.room_id).update(last_activity=timezone.now())
    return True
