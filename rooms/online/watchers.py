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
- Shared push: after an action the acting seat's socket sends the event (the state's
  text, as for the other seat) once to the room's watch group, and every watcher
  socket sends the same frame: rendered and encoded once per (room, version,
  language) on each process (`frame`), whatever the number of watchers
  (bench/watchers.py, bench/RESULTS-online.md).

The consumer inherits `Watching`, which keeps these handlers out of its file.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import OrderedDict
from typing import Any

from autobahn.exception import Disconnected
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import ngettext

from rooms import registry
from rooms.errors import RoomError
from rooms.models import Room, Seat, Watcher
from rooms.online import protocol
from rooms.online.notify import room_group, watch_group
from rooms.online.store import database
from rooms.presence import fresh_since
from rooms.render import seat_view

# --- The count, across processes (on the database threads) ---------------------------


def limit() -> int:
    return getattr(settings, "ROOM_MAX_WATCHERS", 50)


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


def leave(channel_name: str) -> None:
    Watcher.objects.filter(channel_name=channel_name).delete()


def words(number: int) -> str:
    """The players' line about the watchers, in the active language ("" for none)."""
    if not number:
        return ""
    return ngettext("%(count)d watching", "%(count)d watching", number) % {"count": number}


# --- The spectator's frame, once per (room, version, language) ------------------------

KEPT = 256
_frames: OrderedDict[tuple[str, int, str], str] = OrderedDict()
_lock = threading.Lock()
# Frames built (a render and an encoding each), for bench/watchers.py and the tests.
built = 0


def message(
    game: registry.Game, code: str, version: int, state_json: Any, colours: dict[str, str]
) -> dict[str, Any]:
    """The spectator's `state`: the public view only (`seat` None), the same for all."""
    view, status, html = seat_view(game, code, version, state_json, None)
    return {
        "type": "state",
        "version": version,
        "seat": None,
        "watching": True,
        "view": view,
        "status": status,
        "html": html,
        "colours": colours,
    }


def frame(
    game: registry.Game, code: str, version: int, state_json: Any, colours: dict[str, str]
) -> str:
    """The spectator's `state` of one version as the text every watcher is sent."""
    global built
    key = (code, version, translation.get_language() or "")
    with _lock:
        text = _frames.get(key)
        if text is not None:
            return text
    text = protocol.encode(message(game, code, version, state_json, colours))
    with _lock:
        built += 1
        _frames[key] = text
        while len(_frames) > KEPT:
            _frames.popitem(last=False)
    return text


def state_frame(code: str) -> tuple[int, str]:
    """The room's version and its spectator frame, read from the database. Raises
    Room.DoesNotExist once the room is gone."""
    room = Room.objects.get(code=code)
    colours = {str(s.number): s.colour for s in room.seats.all()}
    return room.version, frame(room.registered_game, code, room.version, room.state, colours)


# --- The socket's side (mixed into rooms.online.consumers.RoomConsumer) ---------------

# A watcher may ask for nothing that changes the room.
REFUSED = frozenset({"action", "new_round", "decline_round"})


class Watching:
    """A watcher's handlers of the room's socket: `self` is the RoomConsumer."""

    watching = False

    async def watch_hello(self) -> None:
        if self.seat is not None or self.watching:
            await self.refuse(RoomError("bad_request"))
            return
        refused = await database(join)(self.room, self.channel_name)
        if refused is not None:
            await self.stop("error", RoomError(refused), protocol.CLOSE_FULL)
            return
        self.watching = True
        await self.channel_layer.group_add(watch_group(self.code), self.channel_name)
        self.groups_renewed = time.monotonic()
        await self.send_watch_state()
        await self.channel_layer.group_send(room_group(self.code), {"type": "room.watchers"})

    async def watcher_receives(self, message: dict[str, Any]) -> None:
        """A frame from a watcher's page: pings and syncs; anything else is refused."""
        kind = message["type"]
        if kind == "ping":
            if await database(beat)(self.room, self.channel_name):
                await self.channel_layer.group_send(
                    room_group(self.code), {"type": "room.watchers"}
                )
            await self.renew_groups()
            await self.send_json({"type": "pong"})
        elif kind == "sync":
            await self.send_watch_state()
        elif kind in REFUSED:
            await self.refuse(RoomError("watching"))
        else:
            await self.refuse(RoomError("bad_request"))

    async def watch_leave(self) -> None:
        await database(leave)(self.channel_name)
        await self.channel_layer.group_send(room_group(self.code), {"type": "room.watchers"})

    async def send_watch_state(self) -> None:
        try:
            version, text = await database(state_frame)(self.code)
        except Room.DoesNotExist:
            await self.room_closed({})
            return
        await self.send_frame(version, text)

    async def send_frame(self, version: int, text: str) -> None:
        self.sent_version = max(self.sent_version, version)
        with contextlib.suppress(Disconnected):
            await self.send(text_data=text)

    # Group events (from any process)

    async def watch_changed(self, event: dict[str, Any]) -> None:
        """An action's event, the same for every watcher: one frame per version and
        language, shared (`frame`)."""
        if not self.watching or self.stopped or event["version"] <= self.sent_version:
            return
        game = self.room.registered_game
        text = frame(game, self.code, event["version"], event["state"], event["colours"])
        await self.send_frame(event["version"], text)

    async def room_watchers(self, event: dict[str, Any]) -> None:
        """The players' count of watchers changed: read when received (two events may
        come in either order), sent to the seats only."""
        if self.seat is None or self.stopped:
            return
        number = await database(count)(self.room.pk)
        await self.send_json({"type": "watchers", "count": number, "text": words(number)})
