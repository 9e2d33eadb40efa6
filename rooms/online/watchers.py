"""Spectators of an online room (issue 25): a visitor of a full room may watch instead.

A watcher's socket is the room's socket (rooms/online/consumers.py), greeted with
`{"type": "hello", "watch": true}` and no key. It is sent the spectator's state
(`engine.view(state, None)`, the board drawn with `seat=None`, which has no controls),
and refused every action (`watching`). It never holds a seat, so it never counts for
"both connected", presence or consent.

- Counted across processes by a row each (rooms.models.Watcher) with a heartbeat like a
  seat's (rooms.presence): a stale row does not count, and any ping of the
  room, a watcher's or a player's (rooms.online.store.beat: the watchers of a killed
  process never ping again), purges its stale rows. The players are told the count
  when it changes (`watchers`, through the room's group), never by polling. At most
  ROOM_MAX_WATCHERS (50) a room: the next is refused (`too_many_watchers`), exactly
  across processes (`join` counts under a lock on the room's row: the players' actions
  wait for it a few milliseconds, and a join is rare).
- Shared push: the watchers' frame, its routing and its cache are the push module's
  (rooms.online.push): one frame per (room, version, language) on each process,
  whatever the number of watchers (bench/watchers.py, bench/RESULTS-online.md).

The handlers of a watcher's frames are rooms.online.watching's; the players' news of
the count is rooms.online.push's.
"""

from __future__ import annotations

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import ngettext

from rooms.models import Room, Seat, Watcher
from rooms.presence import fresh_since

# --- The count, across processes (on the database threads) ---------------------------


def limit() -> int:
    return settings.ROOM_MAX_WATCHERS


def purge_stale(room_id: int) -> int:
    """Forget the room's watchers whose heartbeat is stale (a process killed without
    its disconnects); how many."""
    deleted, _ = Watcher.objects.filter(room_id=room_id, heartbeat_at__lte=fresh_since()).delete()
    return deleted


def count(room_id: int) -> int:
    """How many watch the room now."""
    return Watcher.objects.filter(room_id=room_id, heartbeat_at__gt=fresh_since()).count()


def join(room: Room, channel_name: str) -> str | None:
    """Count this socket as watching: None, or why not: `watch_not_full` while seat 2 is
    free (only a full room is watched: its invite seats the first guest),
    `too_many_watchers` when the room has its limit already. The count
    and the insert are made holding the room's row (PostgreSQL; SQLite has no row
    lock), so that two arrivals on two processes at once cannot both take the last
    place: the second counts once the first has committed. The players' actions wait
    for that lock too, a few milliseconds, and a join is rare. Raises Room.DoesNotExist
    once the room is gone."""
    try:
        with transaction.atomic():
            # NO KEY: as an UPDATE of the room it waits for one and makes the next join
            # wait, but rows that only refer to the room (the log, watchers) go on.
            locked = Room.objects.select_for_update(no_key=True).filter(pk=room.pk)
            if not list(locked.values_list("pk", flat=True)):
                raise Room.DoesNotExist
            if not Seat.objects.filter(room_id=room.pk, number=2).exclude(key_hash="").exists():
                return "watch_not_full"
            purge_stale(room.pk)
            if count(room.pk) >= limit():
                return "too_many_watchers"
            Watcher.objects.update_or_create(
                channel_name=channel_name,
                defaults={"room_id": room.pk, "heartbeat_at": timezone.now()},
            )
    except IntegrityError:  # the room was deleted meanwhile (SQLite)
        raise Room.DoesNotExist from None
    return None


def beat(room: Room, channel_name: str) -> bool:
    """A watcher's ping: refresh its heartbeat (again counted if it had gone stale) and
    purge the room's stale ones; whether the count changed."""
    now = timezone.now()
    changed = purge_stale(room.pk) > 0
    if not Watcher.objects.filter(channel_name=channel_name).update(heartbeat_at=now):
        try:
            Watcher.objects.create(room_id=room.pk, channel_name=channel_name, heartbeat_at=now)
        except IntegrityError:  # the room was deleted meanwhile
            raise Room.DoesNotExist from None
        changed = True
    return changed


def forget(channel_name: str) -> None:
    Watcher.objects.filter(channel_name=channel_name).delete()


def words(number: int) -> str:
    """The players' line about the watchers, in the active language ("" for none)."""
    if not number:
        return ""
    return ngettext("%(count)d watching", "%(count)d watching", number) % {"count": number}
