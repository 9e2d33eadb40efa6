"""The statements of an online action and of a ping, written out in SQL.

Every action and every ping (one a socket every 10 s) of every room runs them, on the
one core (the GIL) that the process's event loop also needs. Django's ORM spent about
half a millisecond of CPU building each of them, ten times what the database call
itself costs this process (issue 12, measured with thread_time on PostgreSQL); written
out they cost the call alone. The same statements run on PostgreSQL and SQLite: only
the row lock (SQLite has one writer anyway) and the JSON parameter's cast differ.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.db import connection


@dataclass(frozen=True)
class SeatRow:
    number: int
    colour: str
    connected: bool  # a channel and a heartbeat younger than presence.ttl()
    asked: bool  # asked for the next round


@cache
def _sql(vendor: str) -> dict[str, str]:
    from rooms.models import ActionLog, Room, RoundConsent, Seat

    def table(model: Any) -> str:
        return connection.ops.quote_name(model._meta.db_table)

    room, seat, consent, log = table(Room), table(Seat), table(RoundConsent), table(ActionLog)
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    json = "%s::jsonb" if vendor == "postgresql" else "%s"
    return {
        "room": f"SELECT version, state, game FROM {room} WHERE id = %s{lock}",
        # Seats, presence and consents in one query.
        "seats": (
            f"SELECT number, colour, channel_name <> '' AND heartbeat_at IS NOT NULL"
            f" AND heartbeat_at > %s,"
            f" EXISTS (SELECT 1 FROM {consent} c WHERE c.room_id = s.room_id"
            f" AND c.seat = s.number)"
            f" FROM {seat} s WHERE s.room_id = %s ORDER BY number"
        ),
        "update": (
            f"UPDATE {room} SET state = {json}, version = %s, finished = %s,"
            f" last_activity = %s WHERE id = %s AND version = %s"
        ),
        "beat": f"UPDATE {seat} SET heartbeat_at = %s WHERE id = %s AND channel_name = %s",
        "log": (
            f"INSERT INTO {log} (room_id, seat, version, action, created)"
            f" VALUES (%s, %s, %s, {json}, %s)"
        ),
    }


def _statements() -> dict[str, str]:
    return _sql(connection.vendor)


def _time(value: datetime) -> Any:
    return connection.ops.adapt_datetimefield_value(value)


def lock_room(room_id: int) -> tuple[int, str, str] | None:
    """(version, the state's JSON text, game) of the room, locked until the end of the
    transaction where the database can; None when it is gone."""
    with connection.cursor() as cursor:
        cursor.execute(_statements()["room"], [room_id])
        return cursor.fetchone()


def seats(room_id: int, fresh_since: datetime) -> list[SeatRow]:
    """The room's seats in order, connected meaning a heartbeat after `fresh_since`."""
    with connection.cursor() as cursor:
        cursor.execute(_statements()["seats"], [_time(fresh_since), room_id])
        return [
            SeatRow(number, colour, bool(connected), bool(asked))
            for number, colour, connected, asked in cursor.fetchall()
        ]


def save_state(room_id: int, version: int, state_text: str, finished: bool, now: datetime) -> bool:
    """Write the state of `version` + 1 if the room is still at `version`."""
    with connection.cursor() as cursor:
        cursor.execute(
            _statements()["update"],
            [state_text, version + 1, finished, _time(now), room_id, version],
        )
        return cursor.rowcount == 1


def log_action(room_id: int, seat: int, version: int, action_text: str, now: datetime) -> None:
    with connection.cursor() as cursor:
        cursor.execute(_statements()["log"], [room_id, seat, version, action_text, _time(now)])


def beat(seat_id: int, channel_name: str, now: datetime) -> bool:
    """Refresh the seat's heartbeat if `channel_name` still holds it."""
    with connection.cursor() as cursor:
        cursor.execute(_statements()["beat"], [_time(now), seat_id, channel_name])
        return cursor.rowcount == 1
