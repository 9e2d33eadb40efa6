"""The store of online rooms: the one way a room's socket commits an action, keeps its
seat's presence and knows a version's state. The consumer calls it on the rooms'
database threads (`database`); the models keep the rest of a room (seats, keys, new
rounds), which no socket does often.

Why a store of its own: every action and every ping (one a socket every 10 s) of every
room comes through here, on the one core (the GIL) that the process's event loop also
needs, so each is made as cheap as it can be (issue 12, bench/RESULTS-online.md):
- its statements are written out in SQL (rooms/online/sql.py): Django's ORM spent about
  half a millisecond of CPU building each, ten times the call itself; an action's
  database work went from 7.7 to 2.2 ms of CPU on PostgreSQL. An action is one
  statement there when this process keeps the state of the version acted on, two when
  not, three on SQLite; a ping one (tests/rooms/test_queries.py keeps them so);
- its calls run on a small pool of threads (rooms/online/threads.py), not Channels'
  one shared thread, where pings queued behind actions until seats expired: 8 threads
  did 22 % more actions than 4, at the same CPU per action;
- the state an action committed is kept here, parsed, by (room code, version), for the
  two seats' pushes and the room's next action (`known`, `parsed`): parsing a late tile
  state took a third of a millisecond, once per seat and action.
With the board's caches and markup (rooms/render.py) these took bench/action_cpu.py
from 20.9 to 9.6 ms of CPU per action.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime, timedelta
from typing import Any, NamedTuple

import orjson
from django.db import connection, transaction
from django.utils import timezone

from gamekit.engine import Engine, IllegalAction
from gamekit.seats import SEATS
from rooms import registry
from rooms.errors import RoomError
from rooms.models import Room, RoundConsent, Seat
from rooms.online import protocol, sql
from rooms.online.presence import fresh_since
from rooms.online.threads import database

__all__ = [
    "apply_action",
    "beat",
    "connect",
    "database",
    "disconnect",
    "known",
    "leave",
    "parsed",
    "remember",
]

# --- A version's state, kept ----------------------------------------------------------

# A version's state never changes once committed: versions have no gaps and each is
# written once, by a conditional UPDATE (apply_action), and engines never mutate a state
# (docs/games.md). So the state an action just committed serves, unparsed, the two
# seats' pushes on this process and the room's next action.
KEPT = 512
_states: OrderedDict[tuple[str, int], Any] = OrderedDict()
_lock = threading.Lock()


def known(code: str, version: int) -> Any | None:
    with _lock:
        return _states.get((code, version))


def remember(code: str, version: int, state: Any) -> None:
    """Keep the state of a committed version (never one that might roll back)."""
    with _lock:
        _states[(code, version)] = state
        _states.move_to_end((code, version))
        while len(_states) > KEPT:
            _states.popitem(last=False)


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


# --- An action ------------------------------------------------------------------------


class Made(NamedTuple):
    """An action's outcome: the new state, its JSON and the JSON's text, whether the
    game is over."""

    state: Any
    json: Any
    text: str
    finished: bool


def _text(action: dict) -> str:
    return orjson.dumps(action).decode()


def apply_action(room: Room, seat: int, version: object, action: object) -> Room:
    """Apply one seat's action made against `version`; the room as it now is, with
    `pushed`: what every seat's push needs besides the state (the presence and the
    consents as of the action), so that no push reads the room back.

    Raises RoomError (stale, waiting, not_your_turn, game_over) or the engine's
    IllegalAction; then nothing has changed. The action and the new state are
    committed together before this returns, so nothing is sent unsaved. One
    statement on PostgreSQL when this process keeps the state of `version`, two
    when it does not, three on SQLite; written out in rooms/online/sql.py
    (tests/rooms/test_queries.py keeps them so).
    """
    if not isinstance(action, dict):
        raise RoomError("malformed")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RoomError("stale")
    now = timezone.now()
    # The state of `version` is usually kept in this process (its push went through
    # here). On PostgreSQL the action is then one statement: the engine decides on
    # the kept state, and the update applies only if the room is still at `version`
    # with both seats connected. Anything else (a refusal, a stale version, a seat
    # away) is settled by the general way below, which reads the room first, so
    # that a stale version is always told as such.
    kept = known(room.code, version)
    if kept is not None and connection.vendor == "postgresql":
        try:
            made = _next_state(room.engine, kept, seat, action)
        except (RoomError, IllegalAction):
            pass
        else:
            write = sql.Write(room.pk, version, made.text, made.finished, seat, _text(action), now)
            seats = sql.act(write, fresh_since(now), len(SEATS))
            if seats is not None:  # committed
                return _applied(room, room.game, version, made, seats, now)
    # No transaction and no row lock: the room and its seats are read in one query,
    # and the conditional UPDATE below writes the new version and its log entry
    # together (one statement on PostgreSQL) only if the room is still at `version`:
    # of two actions against one version exactly one is applied, the other is stale.
    # Two round trips where a transaction took six (issue 12).
    read = sql.room_and_seats(room.pk, fresh_since(now), with_state=kept is None)
    if read is None:
        raise Room.DoesNotExist
    (current, state_text, game), seats = read
    if version != current:
        raise RoomError("stale")
    if len(seats) != len(SEATS) or not all(s.connected for s in seats):
        raise RoomError("waiting")
    engine = registry.get(game).engine
    state = kept if kept is not None else engine.from_json(orjson.loads(state_text))
    made = _next_state(engine, state, seat, action)
    write = sql.Write(room.pk, version, made.text, made.finished, seat, _text(action), now)
    if not sql.save_action(write):
        raise RoomError("stale")
    return _applied(room, game, version, made, seats, now)


def _next_state(engine: Engine, state: Any, seat: int, action: dict) -> Made:
    """The state after `seat`'s action, as JSON and its text, and whether it ends
    the game; RoomError or IllegalAction if the action may not be made."""
    status = engine.status(state)
    if status["over"]:
        raise RoomError("game_over")
    if status["turn"] != seat:
        raise RoomError("not_your_turn")
    new_state = engine.apply(state, seat, action)
    # orjson: the state's text is written for every action (json took 2.5 % of it).
    new_json = engine.to_json(new_state)
    new_text = orjson.dumps(new_json, option=orjson.OPT_NON_STR_KEYS).decode()
    return Made(new_state, new_json, new_text, bool(engine.status(new_state)["over"]))


def _applied(
    room: Room, game: str, version: int, made: Made, seats: list[sql.SeatRow], now: datetime
) -> Room:
    """The room as the committed action left it, without reading it back."""
    code = room.code
    # Kept for the pushes and the next action once committed, never before (at once
    # outside a transaction; after the caller's, inside one).
    transaction.on_commit(lambda: remember(code, version + 1, made.state))
    applied = Room(
        pk=room.pk,
        game=game,
        code=code,
        state=made.json,
        version=version + 1,
        finished=made.finished,
        last_activity=now,
    )
    applied.state_text = made.text  # what the pushes carry (rooms/online/consumers.py)
    # Each seat's socket as the action's statement read it (the seats locked until
    # it committed), for a push straight to it; None when the seats were read
    # without a lock, and a push goes through the seat's group instead.
    applied.channels = (
        {s.number: s.channel for s in seats} if all(s.channel for s in seats) else None
    )
    applied.pushed = {
        "presence": {str(s.number): s.connected for s in seats},
        "consent": {"asked": [s.number for s in seats if s.asked]},
        "colours": {str(s.number): s.colour for s in seats},
        "deletes_at": protocol.moment(applied.deletes_at()),
    }
    return applied


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
