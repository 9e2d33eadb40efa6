"""Online rooms: a game's state on the server, two seats with secret keys, consent to a
new round, and a log of every confirmed action. The rules stay in the game engines;
these models only keep, check and order what the engines compute. Every commit of a
room (an action, a new round) and what a socket does often (a ping) are the store's,
rooms.online.store, which imports these; these import neither half of the site
(rooms.local, rooms.online: tests/rooms/test_import_cycles.py), so a purge's message
to the open sockets is sent by its caller. Local play's one model, BrowserSave
(rooms.saves), is imported here for Django to find."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from gamekit.engine import Engine, Status
from gamekit.seats import SEATS
from rooms import presence, registry
from rooms.reviews import Review  # noqa: F401 (Django finds models here)
from rooms.saves import BrowserSave  # noqa: F401 (Django finds models here)
from rooms.seats import COLOURS, first_seat, new_seed

CODE_BYTES = 18  # 144 bits: unguessable invite codes
KEY_BYTES = 24  # 192 bits: seat keys


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def idle_limit(days: int | None = None) -> timedelta:
    """How long a room may stay idle before purge_rooms deletes it: `days`, else
    ROOM_IDLE_DAYS (7 by default). Room.deletes_at and RoomQuerySet.idle_for both
    read it, so the page never promises a day the purge does not keep."""
    return timedelta(days=settings.ROOM_IDLE_DAYS if days is None else days)


class RoomQuerySet(models.QuerySet):
    def create_for(self, game: str) -> Room:
        """A new room for `game` with both seats unclaimed and round 1 dealt."""
        engine = registry.get(game).engine
        seed = new_seed()
        with transaction.atomic():
            room = self.create(
                game=game,
                code=secrets.token_urlsafe(CODE_BYTES),
                state=engine.to_json(engine.new_round(seed, first_seat(1))),
                seed=seed,
            )
            Seat.objects.bulk_create(Seat(room=room, number=n, colour=COLOURS[n]) for n in SEATS)
            RoundStart.objects.create(room=room, round=1, state=room.state, version=0)
        return room

    def idle(self, since: datetime) -> RoomQuerySet:
        """Rooms with no action, join or connection since `since`."""
        return self.filter(last_activity__lt=since)

    def idle_for(self, days: int | None = None, now: datetime | None = None) -> RoomQuerySet:
        """Rooms past their Room.deletes_at at `now`: idle for more than idle_limit(days)."""
        return self.idle((now or timezone.now()) - idle_limit(days))

    def purge_now(self) -> list[str]:
        """Delete these rooms; their codes, for the caller to tell their open sockets
        (rooms.online.notify.room_closed)."""
        codes = list(self.values_list("code", flat=True))
        self.model.objects.filter(code__in=codes).delete()
        return codes

    def held(self, keys: dict[str, str]) -> list[tuple[Room, Seat]]:
        """The rooms of `keys` ({code: seat key}, what one browser keeps) whose seat that
        key opens, with the seat, the most recently active first: nothing of a room
        whose key is wrong (another browser's, or a made-up one)."""
        found = []
        for room in self.filter(code__in=list(keys)).prefetch_related("seats"):
            seat = room.seat_for_key(keys[room.code])
            if seat is not None:
                found.append((room, seat))
        return sorted(found, key=lambda pair: pair[0].last_activity, reverse=True)


class Room(models.Model):
    game = models.SlugField(_("game"), max_length=20)
    code = models.CharField(_("invite code"), max_length=40, unique=True)
    state = models.JSONField(_("state"))
    seed = models.BigIntegerField(_("seed"), default=0)
    version = models.PositiveIntegerField(_("version"), default=0)
    round = models.PositiveIntegerField(_("round"), default=1)
    finished = models.BooleanField(_("finished"), default=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    last_activity = models.DateTimeField(_("last activity"), default=timezone.now, db_index=True)

    objects = RoomQuerySet.as_manager()

    class Meta:
        verbose_name = _("room")
        verbose_name_plural = _("rooms")
        ordering = ["-last_activity"]

    def __str__(self) -> str:
        return f"{self.game} {self.code[:8]}…"

    @property
    def registered_game(self) -> registry.Game:
        game = registry.get(self.game)
        assert game is not None, f"{self.game} is not registered"
        return game

    @property
    def engine(self) -> Engine:
        return self.registered_game.engine

    def game_state(self) -> Any:
        return self.engine.from_json(self.state)

    def seat(self, number: int) -> Seat:
        return self.seats.get(number=number)

    def deletes_at(self) -> datetime:
        """When purge_rooms deletes this room unless someone acts, joins or connects
        before: its last activity and idle_limit() (the page shows it)."""
        return self.last_activity + idle_limit()

    def touch(self) -> None:
        Room.objects.filter(pk=self.pk).update(last_activity=timezone.now())

    # --- Seats --------------------------------------------------------------------

    def _claim(self, number: int) -> str | None:
        """Claim an empty seat with a new key: a conditional UPDATE, so of two browsers
        racing for it exactly one wins, on PostgreSQL and SQLite alike."""
        key = secrets.token_urlsafe(KEY_BYTES)
        # One transaction: a seat is never taken without its key reaching the caller.
        with transaction.atomic():
            claimed = Seat.objects.filter(room=self, number=number, key_hash="").update(
                key_hash=hash_key(key), claimed_at=timezone.now()
            )
            if not claimed:
                return None
            self.touch()
        return key

    def claim_host_seat(self) -> str | None:
        return self._claim(1)

    def claim_guest_seat(self) -> str | None:
        """The key of seat 2 for the first guest; None once the room is full."""
        return self._claim(2)

    def claim_free_seat(self) -> tuple[int, str] | None:
        """A free seat and its key for a browser that comes by the invite link: the
        guest's (2), else the host's (1) once the admin freed it (rooms.online
        .seat_release); None while the room is full."""
        for number in (2, 1):
            key = self._claim(number)
            if key is not None:
                return number, key
        return None

    def is_full(self) -> bool:
        return all(seat.claimed for seat in self.seats.all())

    def seat_for_key(self, key: object) -> Seat | None:
        if not isinstance(key, str) or not key or len(key) > 200:
            return None
        digest = hash_key(key)
        found = None
        # Compare with every seat in constant time, so timing tells nothing.
        for seat in (s for s in self.seats.all() if s.key_hash):
            if hmac.compare_digest(seat.key_hash, digest):
                found = seat
        return found

    def presence(self, seats: list[Seat] | None = None) -> dict[str, bool]:
        """Who is connected, from `seats` when the caller has just read them."""
        now = timezone.now()
        seats = list(self.seats.all()) if seats is None else seats
        return {str(s.number): s.is_connected(now) for s in seats}

    def forget(self, seat: Seat) -> bool:
        """`seat`'s browser forgets this room (its list of games, issue 43): a room whose
        other seat was never taken is deleted, as nobody else holds it; otherwise it
        stays for the friend, until its idle days run out. Whether it was deleted (the
        caller tells its open sockets)."""
        others = [s for s in self.seats.all() if s.number != seat.number and s.claimed]
        if others:
            return False
        Room.objects.filter(pk=self.pk).purge_now()
        return True

    # --- Playing ------------------------------------------------------------------

    def status(self) -> Status:
        return self.engine.status(self.game_state())

    # --- New round (rooms.online.store.new_round commits it) -----------------------

    def consents(self, seats: list[Seat] | None = None) -> list[int]:
        """The connected seats that asked for the next round (from `seats` when the
        caller has just read them). Consents are deleted when a round starts, so
        whatever is left is current, even if this instance is older."""
        here = {int(number) for number, connected in self.presence(seats).items() if connected}
        asked = self.round_consents.values_list("seat", flat=True)
        return sorted(seat for seat in asked if seat in here)


class Seat(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"))
    colour = models.CharField(_("colour"), max_length=20)
    # sha256 of the seat key; empty while the seat is free. The key itself is never stored.
    key_hash = models.CharField(max_length=64, blank=True, default="")
    claimed_at = models.DateTimeField(_("claimed"), null=True, blank=True)
    channel_name = models.CharField(max_length=200, blank=True, default="")
    heartbeat_at = models.DateTimeField(_("last heartbeat"), null=True, blank=True)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["room", "number"], name="one_seat_per_number"),
            models.CheckConstraint(condition=Q(number__in=SEATS), name="seat_is_1_or_2"),
        ]

    def __str__(self) -> str:
        return f"{self.room} #{self.number}"

    @property
    def claimed(self) -> bool:
        return bool(self.key_hash)

    def is_connected(self, now: datetime | None = None) -> bool:
        """Whether the seat's connection is alive (rooms.presence), at `now`."""
        return presence.connected(self.channel_name, self.heartbeat_at, now)

    @property
    def connected(self) -> bool:
        return self.is_connected()


class RoundConsent(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="round_consents")
    seat = models.PositiveSmallIntegerField(_("seat"))
    round = models.PositiveIntegerField(_("round"))
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("consent to a new round")
        verbose_name_plural = _("consents to a new round")
        constraints = [
            models.UniqueConstraint(fields=["room", "seat", "round"], name="one_consent_per_seat")
        ]

    def __str__(self) -> str:
        return f"{self.room} round {self.round} seat {self.seat}"


class ActionLog(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="actions")
    seat = models.PositiveSmallIntegerField(_("seat"))
    version = models.PositiveIntegerField(_("version"))
    action = models.JSONField(_("action"))
    created = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("confirmed action")
        verbose_name_plural = _("confirmed actions")
        ordering = ["room", "version"]
        constraints = [
            models.UniqueConstraint(fields=["room", "version"], name="one_action_per_version")
        ]

    def __str__(self) -> str:
        return f"{self.room} v{self.version} seat {self.seat}"


class SeatMove(models.Model):
    """A one-time link taking a seat to another device (rooms.online.seat_moves)."""

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="moves")
    # sha256 of the link's token, as of a seat key; the token itself is never stored.
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    used_at = models.DateTimeField(_("used"), null=True, blank=True)

    class Meta:
        verbose_name = _("seat move")
        verbose_name_plural = _("seat moves")

    def __str__(self) -> str:
        return f"{self.seat} move"


class Watcher(models.Model):
    """One spectator's socket on a room (rooms.online.watchers): counted for the players
    while its heartbeat is fresh (rooms.presence, as a seat's), on any process.
    A watcher never holds a seat, so it never counts for "both connected"."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="watchers")
    channel_name = models.CharField(max_length=200, unique=True)
    heartbeat_at = models.DateTimeField(_("last heartbeat"), default=timezone.now)

    class Meta:
        verbose_name = _("watcher")
        verbose_name_plural = _("watchers")
        indexes = [models.Index(fields=["room", "heartbeat_at"], name="watcher_room_beat")]

    def __str__(self) -> str:
        return f"{self.room} watcher"


class RoundStart(models.Model):
    """A round of a room as dealt (Room.state and Room.seed move on with each round): with
    the room's ActionLog after `version`, the round as played, for its replay
    (rooms.replays). Written where the round starts, in the same transaction."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="round_starts")
    round = models.PositiveIntegerField(_("round"))
    state = models.JSONField(_("state as dealt"))
    version = models.PositiveIntegerField(_("version"))  # the room's version at the deal
    # Left unfinished when both players started the next one: it has no replay, and
    # no page offers one (issue 42).
    abandoned = models.BooleanField(_("abandoned"), default=False)

    class Meta:
        verbose_name = _("round as dealt")
        verbose_name_plural = _("rounds as dealt")
        constraints = [
            models.UniqueConstraint(fields=["room", "round"], name="one_start_per_round")
        ]

    def __str__(self) -> str:
        return f"{self.room} round {self.round}"


class ReplayQuerySet(models.QuerySet):
    def purge(self, days: int | None = None) -> int:
        """Forget the replays of local games (no room) unseen for idle_limit(days): an
        online round's replay goes with its room."""
        since = timezone.now() - idle_limit(days)
        return self.filter(room=None, seen__lt=since).delete()[0]


class Replay(models.Model):
    """A finished round that can be linked (/replays/<code>/): its Record
    (gamekit.replay) as JSON. Online, one per room and round; on one device and against
    the computer, one per record (`key`, the record's digest), made from the sealed token."""

    code = models.CharField(_("replay code"), max_length=40, unique=True)
    key = models.CharField(max_length=64, unique=True)
    game = models.SlugField(_("game"), max_length=20)
    mode = models.CharField(_("mode"), max_length=10)
    record = models.JSONField(_("record"))
    room = models.ForeignKey(
        Room, on_delete=models.CASCADE, null=True, blank=True, related_name="replays"
    )
    round = models.PositiveIntegerField(_("round"), null=True, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    seen = models.DateTimeField(_("last seen"), default=timezone.now, db_index=True)

    objects = ReplayQuerySet.as_manager()

    class Meta:
        verbose_name = _("replay")
        verbose_name_plural = _("replays")

    def __str__(self) -> str:
        return f"{self.game} replay {self.code[:8]}…"
