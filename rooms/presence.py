"""Who counts as connected to a room, in a way that holds across several server processes.

Each seat row stores the channel name of its current connection and a heartbeat time.
The browser pings every PING_SECONDS; a seat counts as connected only while its
heartbeat is younger than ttl(), so a process killed with SIGKILL (which never runs
its disconnect handlers) stops counting after at most ttl() seconds. The rule is here,
once, for the models (Seat.is_connected) and the store's SQL (`fresh_since`); the
writes are the store's (rooms.online.store), all conditional UPDATEs, so two processes
racing on one seat cannot clobber each other.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

PING_SECONDS = 10


def ttl() -> timedelta:
    return timedelta(seconds=settings.ROOM_PRESENCE_TTL)


def fresh_since(now: datetime | None = None) -> datetime:
    """Heartbeats after this count as connected."""
    return (now or timezone.now()) - ttl()


def connected(
    channel_name: str, heartbeat_at: datetime | None, now: datetime | None = None
) -> bool:
    """Whether a seat with this connection and heartbeat is connected (at `now`)."""
    return bool(channel_name and heartbeat_at and heartbeat_at > fresh_since(now))
