"""The statements of an online commit and of a ping, written out in SQL (used by the
store, rooms.online.store, only), each dialect's beside the other's, with the columns of
rooms/models.py they name (`COLUMNS`, checked against the models).

Every action and every ping (one a socket every 10 s) of every room runs them, on the
one core (the GIL) that the process's event loop also needs. Django's ORM spent about
half a millisecond of CPU building each of them, ten times what the database call
itself costs this process (issue 12, measured with thread_time on PostgreSQL); written
out they cost the call alone. Each round trip to PostgreSQL costs CPU here too (the
driver, the socket, the thread waking up), so on PostgreSQL a commit's write is one
statement without a transaction (`write`: the seats, the conditional update and its
log) and a ping one (the heartbeat with who is present, and the room's stale watchers
purged). SQLite has no statement that both updates and inserts: there the write is two
or three, in a transaction. Through the ORM the same write took 2.21 ms of this
process's CPU against 0.23 ms written out (bench/commit_cost.py on PostgreSQL, median of
300 commits each, issue 57): a fifth of an action's CPU more, so it stays written out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from django.core.exceptions import ImproperlyConfigured
from django.db import connection, transaction

from gamekit.memo import memoized
from rooms.models import ActionLog, Room, RoundConsent, Seat, Watcher


@dataclass(frozen=True)
class SeatRow:
    number: int
    colour: str
    connected: bool  # a channel and a heartbeat younger than presence.ttl()
    asked: bool  # asked for the next round
    # The socket holding the seat, when read so that a push may go to it (`act`).
    channel: str | None = None


# The columns these statements name, by the model that holds them: checked against the
# models when the statements are first built (`check_columns`), so that a change of
# rooms/models.py they do not follow fails at once, in every test that acts or pings,
# and not on a player's action. The tables' names are the models' own.
COLUMNS = {
    Room: ("id", "version", "state", "game", "finished", "last_activity"),
    Seat: ("id", "room_id", "number", "colour", "channel_name", "heartbeat_at"),
    RoundConsent: ("room_id", "seat"),
    ActionLog: ("room_id", "seat", "version", "action", "created"),
    Watcher: ("room_id", "channel_name", "heartbeat_at"),
}


def check_columns(columns: dict[Any, tuple[str, ...]] = COLUMNS) -> None:
    """ImproperlyConfigured unless every model has the columns the statements name."""
    for model, names in columns.items():
        missing = set(names) - {field.column for field in model._meta.concrete_fields}
        if missing:
            name = model.__name__
            raise ImproperlyConfigured(f"rooms.online.sql names {name} columns {sorted(missing)}")


@memoized("rooms.online.sql.statements", 1)
def _sql(vendor: str) -> dict[str, str]:
    check_columns()

    def table(model: Any) -> str:
        return connection.ops.quote_name(model._meta.db_table)

    room, seat, consent, log = table(Room), table(Seat), table(RoundConsent), table(ActionLog)
    watcher = table(Watcher)
    json = "%s::jsonb" if vendor == "postgresql" else "%s"
    # The pieces several statements share.
    connected = "{s}channel_name <> '' AND {s}heartbeat_at IS NOT NULL AND {s}heartbeat_at > %s"
    asked = f"EXISTS (SELECT 1 FROM {consent} c WHERE c.room_id = s.room_id AND c.seat = s.number)"
    update = (
        f"UPDATE {room} SET state = {json}, version = %s, finished = %s,"
        f" last_activity = %s WHERE id = %s AND version = %s"
    )
    log_updated = (
        f"INSERT INTO {log} (room_id, seat, version, action, created)"
        f" SELECT id, %s, %s, {json}, %s FROM updated"
    )

    def room_seats(state: str) -> str:
        return (
            f"SELECT r.version, {state}, r.game, s.number, s.colour,"
            f" {connected.format(s='s.')}, {asked}"
            f" FROM {room} r LEFT JOIN {seat} s ON s.room_id = r.id WHERE r.id = %s"
            f" ORDER BY s.number"
        )

    return {
        # The room and its seats with their presence and consents, in one query: a row
        # per seat (the room's columns repeated), one row with NULL seats if it has none.
        "room_seats": room_seats("r.state"),
        # The same without the state's text, when the process keeps the state: a late
        # state's JSON is kilobytes for PostgreSQL to write out and the driver to decode.
        "room_seats_no_state": room_seats("NULL"),
        # Seats, presence and consents in one query.
        "seats": (
            f"SELECT number, colour, {connected.format(s='')}, {asked}"
            f" FROM {seat} s WHERE s.room_id = %s ORDER BY number"
        ),
        "update": update,
        "beat": f"UPDATE {seat} SET heartbeat_at = %s WHERE id = %s AND channel_name = %s",
        # The room's watchers whose heartbeat is stale (rooms.online.watchers).
        "purge_watchers": f"DELETE FROM {watcher} WHERE room_id = %s AND heartbeat_at <= %s",
        # PostgreSQL: the heartbeat, the room's stale watchers purged and who is present
        # now in one statement, each row with how many watchers were purged. Its SELECT
        # sees the seats as before the UPDATE, so the seat just beaten counts as present
        # by its id; no row at all when the channel no longer holds the seat.
        "beat_presence": (
            f"WITH beaten AS (UPDATE {seat} SET heartbeat_at = %s"
            f" WHERE id = %s AND channel_name = %s RETURNING id, room_id),"
            f" purged AS (DELETE FROM {watcher} WHERE room_id = %s AND heartbeat_at <= %s"
            f" RETURNING 1)"
            f" SELECT s.number, s.id IN (SELECT id FROM beaten) OR ({connected.format(s='s.')}),"
            f" (SELECT count(*) FROM purged)"
            f" FROM {seat} s WHERE s.room_id = (SELECT room_id FROM beaten) ORDER BY s.number"
        ),
        "log": (
            f"INSERT INTO {log} (room_id, seat, version, action, created)"
            f" VALUES (%s, %s, %s, {json}, %s)"
        ),
        # PostgreSQL, when the process keeps the state the action was made against: the
        # seats with their presence, consents and channels, the update (only at the
        # expected version and with both seats connected) and its log, in one statement.
        # Its rows are the seats, each with whether the update was made. The seats are
        # locked (FOR SHARE) until it commits: a socket taking a seat meanwhile (which
        # writes its channel) waits, and then reads the state this action wrote, so a
        # push sent to the channel read here reaches whichever socket holds the seat.
        "act": (
            f"WITH seats AS (SELECT s.number, s.colour, {connected.format(s='s.')} AS connected,"
            f" {asked} AS asked, s.channel_name FROM {seat} s WHERE s.room_id = %s"
            f" FOR SHARE OF s),"
            f" updated AS ({update} AND (SELECT count(*) FROM seats WHERE connected) >= %s"
            f" RETURNING id), logged AS ({log_updated})"
            f" SELECT number, colour, connected, asked, channel_name,"
            f" EXISTS (SELECT 1 FROM updated) FROM seats ORDER BY number"
        ),
    }


def _statements() -> dict[str, str]:
    return _sql(connection.vendor)


def _time(value: datetime) -> Any:
    return connection.ops.adapt_datetimefield_value(value)


class RoomRead(NamedTuple):
    version: int
    state_text: str | None  # None when read without it
    game: str
    seats: list[SeatRow]


def room_and_seats(room_id: int, fresh_since: datetime, with_state: bool = True) -> RoomRead | None:
    """The room's version, the state's JSON text (None without `with_state`) and game,
    and its seats in order, connected meaning a heartbeat after `fresh_since`; None when
    the room is gone."""
    sql = _statements()["room_seats" if with_state else "room_seats_no_state"]
    with connection.cursor() as cursor:
        cursor.execute(sql, [_time(fresh_since), room_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    version, state_text, game = rows[0][:3]
    seats = [
        SeatRow(number, colour, bool(connected), bool(asked))
        for _v, _s, _g, number, colour, connected, asked in rows
        if number is not None
    ]
    return RoomRead(version, state_text, game, seats)


def seats(room_id: int, fresh_since: datetime) -> list[SeatRow]:
    """The room's seats in order, connected meaning a heartbeat after `fresh_since`."""
    with connection.cursor() as cursor:
        cursor.execute(_statements()["seats"], [_time(fresh_since), room_id])
        return [
            SeatRow(number, colour, bool(connected), bool(asked))
            for number, colour, connected, asked in cursor.fetchall()
        ]


@dataclass(frozen=True)
class Write:
    """An action to write: the state of `version` + 1 (its JSON text, whether the game
    is over) and the log entry of the seat's action, for a room still at `version`."""

    room_id: int
    version: int
    state_text: str
    finished: bool
    seat: int
    action_text: str
    now: datetime

    def update_params(self) -> list[Any]:
        at = _time(self.now)
        return [self.state_text, self.version + 1, self.finished, at, self.room_id, self.version]

    def log_params(self) -> list[Any]:
        return [self.seat, self.version + 1, self.action_text, _time(self.now)]


def write(
    write: Write, fresh_since: datetime, seats_needed: int, seats: list[SeatRow] | None = None
) -> list[SeatRow] | None:
    """The one write of every commit: the state of `version` + 1 and the log entry of
    the action that made it, both or neither, if the room is still at `version` and at
    least `seats_needed` of its seats are connected (a heartbeat after `fresh_since`).
    The seats as the write saw them, or None when nothing was written (the caller then
    finds out why); committed when this returns, unless the caller holds a transaction.

    PostgreSQL: one statement, which reads the seats (with their channels, for a push
    straight to them) whatever `seats` says. Elsewhere (SQLite, which has no statement
    that both updates and inserts) a transaction: the seats read unless the caller
    read them (`seats`), the conditional update, the log."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                _statements()["act"],
                [_time(fresh_since), write.room_id, *write.update_params(), seats_needed,
                 *write.log_params()],
            )  # fmt: skip
            rows = cursor.fetchall()
        if not rows or not rows[0][5]:
            return None
        return [
            SeatRow(number, colour, bool(connected), bool(asked), channel)
            for number, colour, connected, asked, channel, _updated in rows
        ]
    with transaction.atomic(), connection.cursor() as cursor:
        if seats is None:
            cursor.execute(_statements()["seats"], [_time(fresh_since), write.room_id])
            seats = [
                SeatRow(number, colour, bool(connected), bool(asked))
                for number, colour, connected, asked in cursor.fetchall()
            ]
            if sum(s.connected for s in seats) < seats_needed:
                return None
        cursor.execute(_statements()["update"], write.update_params())
        if cursor.rowcount != 1:
            return None
        cursor.execute(_statements()["log"], [write.room_id, *write.log_params()])
    return seats


def beat_presence(
    seat_id: int, room_id: int, channel_name: str, now: datetime, fresh_since: datetime
) -> tuple[dict[str, bool], int] | None:
    """Refresh the heartbeat of seat `seat_id` (of room `room_id`) if `channel_name`
    still holds it and purge the room's watchers with a heartbeat up to `fresh_since`:
    who is connected now (a heartbeat after `fresh_since`) and how many watchers were
    purged; None when it no longer holds the seat. One statement on PostgreSQL, three
    elsewhere."""
    if connection.vendor != "postgresql":
        if not beat(seat_id, channel_name, now):
            return None
        purged = purge_watchers(room_id, fresh_since)
        return {str(s.number): s.connected for s in seats(room_id, fresh_since)}, purged
    at = _time(fresh_since)
    with connection.cursor() as cursor:
        cursor.execute(
            _statements()["beat_presence"], [_time(now), seat_id, channel_name, room_id, at, at]
        )
        rows = cursor.fetchall()
    if not rows:
        return None
    return {str(number): bool(connected) for number, connected, _ in rows}, rows[0][2]


def purge_watchers(room_id: int, fresh_since: datetime) -> int:
    """Forget the room's watchers with a heartbeat up to `fresh_since`; how many."""
    with connection.cursor() as cursor:
        cursor.execute(_statements()["purge_watchers"], [room_id, _time(fresh_since)])
        return cursor.rowcount


def beat(seat_id: int, channel_name: str, now: datetime) -> bool:
    """Refresh the seat's heartbeat if `channel_name` still holds it."""
    with connection.cursor() as cursor:
        cursor.execute(_statements()["beat"], [_time(now), seat_id, channel_name])
        return cursor.rowcount == 1
