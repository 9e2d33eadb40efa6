"""The store of online rooms: every commit of a room, an action (`commit_action`, to a
typed outcome: `Done` with its `Committed`, `Refused` with its code, `Stale`) or a new
round's deal (`new_round`), through one write (rooms.online.sql.write), after one turn
check (rooms.turns); its seats' presence; a version's state, kept. The consumer calls
it on the rooms' database threads (`database`); the models keep the rest of a room
(seats, keys), which no socket does often.

Why a store of its own: every action and every ping (one a socket every 10 s) of every
room comes through here, on the one core (the GIL) that the process's event loop also
needs, so each is made as cheap as it can be (issue 12, bench/RESULTS-online.md):
- its statements are written out in SQL (rooms/online/sql.py): Django's ORM spent about
  half a millisecond of CPU building each, ten times the call itself; an action's
  database work went from 7.7 to 2.2 ms of CPU on PostgreSQL. An action is one
  statement there when this process keeps the state of the version acted on, two when
  not, three on SQLite; a ping one (tests/rooms/test_queries.py keeps them so); the
  ORM's write would cost 2.2 ms of CPU for the 0.23 of sql.write (issue 57);
- its calls run on a small pool of threads (rooms/online/threads.py), not Channels'
  one shared thread, where pings queued behind actions until seats expired: 8 threads
  did 22 % more actions than 4, at the same CPU per action;
- the state an action committed is kept here, parsed, by (room code, version), for the
  two seats' pushes and the room's next action (`known`, `parsed`): parsing a late tile
  state took a third of a millisecond, once per seat and action.
With the boards' caches (rooms/online/push.py) and markup these took bench/action_cpu.py
from 20.9 to 9.6 ms of CPU per action.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, ClassVar, NamedTuple

import orjson
from django.db import transaction
from django.utils import timezone

from gamekit.engine import Engine, IllegalAction
from gamekit.memo import Memo
from gamekit.seats import SEATS
from rooms import registry
from rooms.errors import RoomError
from rooms.models import Room, RoundConsent, RoundStart, Seat, idle_limit
from rooms.online import protocol, sql
from rooms.online.threads import database
from rooms.presence import fresh_since
from rooms.seats import first_seat, new_seed
from rooms.turns import to_move

__all__ = [
    "Committed",
    "Done",
    "Outcome",
    "Refused",
    "Stale",
    "apply_action",
    "beat",
    "commit_action",
    "connect",
    "database",
    "decline_round",
    "disconnect",
    "known",
    "leave",
    "new_round",
    "parsed",
    "remember",
]

# --- A version's state, kept ----------------------------------------------------------

# A version's state never changes once committed: versions have no gaps and each is
# written once, by a conditional UPDATE (apply_action), and engines never mutate a state
# (docs/games.md). So the state an action just committed serves, unparsed, the two
# seats' pushes on this process and the room's next action.
STATES = Memo("rooms.online.store.states", 512)


def known(code: str, version: int) -> Any | None:
    return STATES.get((code, version))


def remember(code: str, version: int, state: Any) -> None:
    """Keep the state of a committed version (never one that might roll back)."""
    STATES.put((code, version), state)


def parsed(engine: Any, code: str, version: int, state_json: Any) -> Any:
    """The state of `version`, from the JSON (decoded, or its text) only if this process
    has not seen it."""
    state = known(code, version)
    if state is None:
        if isinstance(state_json, str):
            state_json = orjson.loads(state_json)
        state = engine.from_json(state_json)
        remember(code, version, state)
    return state


# --- A commit: an action or a new round ----------------------------------------------


class Made(NamedTuple):
    """A state to commit: the state, its JSON and the JSON's text, whether the game is
    over."""

    state: Any
    json: Any
    text: str
    finished: bool


@dataclass
class Committed:
    """What a commit wrote, and what every push of it needs besides the state, so that
    no push reads the room back: `pushed` the presence, the consents and the colours as
    of the commit and when the room is deleted unless someone plays (`deletes_at`);
    `channels` each seat's socket as the commit's statement read it (the seats locked
    until it committed), for a push straight to it, or None (a push then goes through
    the seat's group)."""

    pk: int
    code: str
    game: str
    version: int
    state: Any
    state_text: str
    finished: bool
    pushed: dict[str, Any]
    channels: dict[int, str] | None = None
    # The engine's state of the new version, for the acting socket's own push.
    kept: Any = None


def _text(action: dict) -> str:
    return orjson.dumps(action).decode()


def _made(engine: Engine, state: Any) -> Made:
    # orjson: the state's text is written for every action (json took 2.5 % of it).
    new_json = engine.to_json(state)
    new_text = orjson.dumps(new_json, option=orjson.OPT_NON_STR_KEYS).decode()
    return Made(state, new_json, new_text, bool(engine.status(state)["over"]))


def _next_state(engine: Engine, state: Any, seat: int, action: dict) -> Made:
    """The state after `seat`'s action; RoomError (rooms.turns) or IllegalAction if the
    action may not be made."""
    to_move(engine, state, seat)
    return _made(engine, engine.apply(state, seat, action))


def _write(pk: int, version: int, seat: int, action: dict, made: Made, now: datetime) -> sql.Write:
    """What every commit writes (rooms.online.sql.write): the state of `version` + 1
    and the log entry of the action that made it, for a room still at `version`."""
    return sql.Write(pk, version, made.text, made.finished, seat, _text(action), now)


# --- What an action's commit came to: done, refused with its code, or stale ------------


@dataclass(frozen=True)
class Done:
    committed: Committed


@dataclass(frozen=True)
class Refused:
    """The action may not be made (rooms.turns' RoomError, the engine's IllegalAction):
    nothing changed."""

    error: RoomError | IllegalAction

    @property
    def code(self) -> str:
        return self.error.code


@dataclass(frozen=True)
class Stale:
    """The action was made against a version the room is no longer at (or is no integer):
    nothing changed, and the page is sent the state as it is."""

    code: ClassVar[str] = "stale"


Outcome = Done | Refused | Stale


def commit_action(
    room: Any, seat: int, version: object, action: object, again: bool = True
) -> Outcome:
    """Commit one seat's action made against `version` of `room` (a Room, or what the
    room's last commit returned): Done, Refused or Stale. The action and the new state
    are committed together before this returns, so nothing is sent unsaved. Raises
    Room.DoesNotExist once the room is gone.

    One path: the state of `version` is the one this process keeps (its push went
    through here), else read with the room and its seats (`sql.room_and_seats`); the
    engine decides on it; one conditional write (`sql.write`) commits it only if the
    room is still at `version` with both seats connected. Of two actions against one
    version exactly one is written, the other is stale. Only a refusal or a write that
    did not happen on a kept state reads the room, to tell stale from refused. One
    statement on PostgreSQL when the state is kept, two when not, three on SQLite
    (tests/rooms/test_queries.py keeps them so).
    """
    if not isinstance(action, dict):
        return Refused(RoomError("malformed"))
    if not isinstance(version, int) or isinstance(version, bool):
        return Stale()
    now = timezone.now()
    fresh = fresh_since(now)
    engine = registry.get(room.game).engine
    state = known(room.code, version)
    read = None
    if state is None:
        read = _read(room.pk, fresh, with_state=True)
        if (why := _why_not(read, version)) is not None:
            return why
        state = engine.from_json(orjson.loads(read.state_text))
    try:
        made = _next_state(engine, state, seat, action)
    except (RoomError, IllegalAction) as error:
        # On a kept state: a refusal of a version the room has left is told as stale.
        if read is None:
            why = _why_not(_read(room.pk, fresh, with_state=False), version)
            if why is not None:
                return why
        return Refused(error)
    write = _write(room.pk, version, seat, action, made, now)
    seats = sql.write(write, fresh, len(SEATS), read.seats if read is not None else None)
    if seats is None:  # not written: the room moved on, or a seat went away, meanwhile
        why = _why_not(_read(room.pk, fresh, with_state=False), version)
        if why is None:  # and came back since: once more
            return commit_action(room, seat, version, action, False) if again else Stale()
        return why
    return Done(_committed(room, room.game, version, made, seats, now))


def apply_action(room: Any, seat: int, version: object, action: object) -> Committed:
    """commit_action's commit, or its refusal raised: RoomError (stale, waiting,
    not_your_turn, game_over) or the engine's IllegalAction."""
    outcome = commit_action(room, seat, version, action)
    if isinstance(outcome, Done):
        return outcome.committed
    if isinstance(outcome, Refused):
        raise outcome.error
    raise RoomError("stale")


def _read(room_id: int, fresh: datetime, with_state: bool) -> sql.RoomRead:
    read = sql.room_and_seats(room_id, fresh, with_state=with_state)
    if read is None:
        raise Room.DoesNotExist
    return read


def _why_not(read: sql.RoomRead, version: int) -> Stale | Refused | None:
    """Why no action against `version` may be made in the room as read, if not."""
    if read.version != version:
        return Stale()
    if len(read.seats) != len(SEATS) or not all(s.connected for s in read.seats):
        return Refused(RoomError("waiting"))
    return None


def _committed(
    room: Any, game: str, version: int, made: Made, seats: list[sql.SeatRow], now: datetime
) -> Committed:
    """What the commit of `version` + 1 wrote, without reading the room back."""
    code = room.code
    # Kept for the pushes and the next action once committed, never before (at once
    # outside a transaction; after the caller's, inside one).
    transaction.on_commit(lambda: remember(code, version + 1, made.state))
    return Committed(
        pk=room.pk,
        code=code,
        game=game,
        version=version + 1,
        state=made.json,
        state_text=made.text,
        finished=made.finished,
        pushed=protocol.pushed(seats, now + idle_limit()),
        channels=({s.number: s.channel for s in seats} if all(s.channel for s in seats) else None),
        kept=made.state,
    )


# --- A new round ----------------------------------------------------------------------

# A request for a new round lasts only while its seat is connected: leaving the page
# or losing the connection withdraws it (`leave`), and one left behind by a seat whose
# process died does not count (Room.consents) and is dropped by the next request.

NEW_ROUND = {"type": "new_round"}


def new_round(room: Room, seat: int) -> Committed | None:
    """Record `seat`'s consent to a new round; the commit of the round's deal once both
    seats have asked while connected, else None. RoomError `away` when `seat` itself is
    not connected. Written as an action is (sql.write), holding the room's row so
    that two consents at once see each other."""
    with transaction.atomic():
        locked = Room.objects.select_for_update().get(pk=room.pk)
        seats = list(locked.seats.all())
        away = [s.number for s in seats if not s.is_connected()]
        if seat in away:
            raise RoomError("away")
        RoundConsent.objects.filter(room=locked, seat__in=away).delete()
        RoundConsent.objects.get_or_create(room=locked, seat=seat, round=locked.round)
        if set(locked.consents(seats)) != set(SEATS):
            locked.touch()
            return None
        engine = locked.engine
        seed = new_seed()
        next_round = locked.round + 1
        made = _made(engine, engine.new_round(seed, first_seat(next_round), locked.game_state()))
        now = timezone.now()
        rows = [sql.SeatRow(s.number, s.colour, s.is_connected(now), False) for s in seats]
        write = _write(locked.pk, locked.version, seat, NEW_ROUND, made, now)
        # Both seats asked while connected; the write asks no more of their presence.
        if sql.write(write, fresh_since(now), 0, rows) is None:
            raise RoomError("stale")  # not while the row is held; said rather than assumed
        Room.objects.filter(pk=locked.pk).update(seed=seed, round=next_round)
        if not locked.finished:
            RoundStart.objects.filter(room=locked, round=locked.round).update(abandoned=True)
        RoundStart.objects.create(
            room=locked, round=next_round, state=made.json, version=locked.version + 1
        )
        RoundConsent.objects.filter(room=locked).delete()
        return _committed(locked, locked.game, locked.version, made, rows, now)


def decline_round(room: Room) -> None:
    """Refuse (or take back) the requests for a new round: RoomError `no_request` when
    there is none."""
    if not room.consents():
        raise RoomError("no_request")
    room.round_consents.all().delete()
    room.touch()


# --- A seat's presence ----------------------------------------------------------------


def connect(seat: Seat, channel_name: str) -> None:
    """This connection is now the seat's (a later tab always wins over an earlier one)."""
    now = timezone.now()
    Seat.objects.filter(pk=seat.pk).update(channel_name=channel_name, heartbeat_at=now)
    Room.objects.filter(pk=seat.room_id).update(last_activity=now)


class Beat(NamedTuple):
    """What a seat's ping found."""

    presence: dict[str, bool]  # who is connected now
    # Stale watcher rows of the room were purged: the count the players were told may
    # be too high (the watchers' process was killed, so none of them pings to purge).
    watchers_purged: bool


def beat(seat: Seat, channel_name: str, touch: bool = True) -> Beat | None:
    """A ping: refresh the heartbeat and purge the room's stale watchers; who is
    connected now, or None when another connection has taken the seat since. `touch`
    also marks the room active (purge_rooms spares an open page's room), which the
    socket asks for hourly."""
    now = timezone.now()
    # Written out in SQL, one statement on PostgreSQL: 2,000 open pages ping 200 times
    # a second.
    found = sql.beat_presence(seat.pk, seat.room_id, channel_name, now, fresh_since(now))
    if found is None:
        return None
    if touch:
        Room.objects.filter(pk=seat.room_id, last_activity__lt=now - timedelta(hours=1)).update(
            last_activity=now
        )
    presence, purged = found
    return Beat(presence, purged > 0)


def disconnect(seat: Seat, channel_name: str) -> bool:
    """Forget this connection, unless a newer tab has already replaced it; whether it
    was forgotten (the seat is now away)."""
    if not Seat.objects.filter(pk=seat.pk, channel_name=channel_name).update(
        channel_name="", heartbeat_at=None
    ):
        return False
    Room.objects.filter(pk=seat.room_id).update(last_activity=timezone.now())
    return True


def leave(room: Room, seat: Seat, channel_name: str) -> bool:
    """The connection `channel_name` of `seat` has closed: forget it, unless a newer
    tab holds the seat now (then nothing changes), and withdraw the seat's request
    for a new round. True when a request was withdrawn (the other seat is told)."""
    with transaction.atomic():
        if not disconnect(seat, channel_name):
            return False
        withdrawn, _ = RoundConsent.objects.filter(room_id=room.pk, seat=seat.number).delete()
    return bool(withdrawn)
