"""The CPU this process spends on one commit's write, written out in SQL
(rooms.online.sql.write, what every action and new round runs) against the same write
through Django's ORM, on PostgreSQL (issue 57: the ORM where the measured cost allows).

    DATABASE_URL=postgres://... python bench/commit_cost.py [COMMITS]

Tile rummy rooms with both seats connected, the seat to move drawing (a new room once
the pool is empty); each commit writes the next version and its
log entry if the room is still at the version and both seats are connected, and reads
the seats for the push, as `sql.write` does. The ORM's: the seats read, the
conditional update, the log's insert, in a transaction. time.thread_time() around the
write only (the engine's move is not counted); the median of COMMITS commits each, the
two ways alternated so that the machine's drift falls on both. Uses (and empties) the
database of DATABASE_URL: give it one of its own.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.update(
    DJANGO_SETTINGS_MODULE="config.settings",
    DEBUG="0",
    SECRET_KEY="bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz",
    STATIC_MANIFEST="0",
    SECURE_SSL_REDIRECT="0",
    ALLOWED_HOSTS="testserver",
)
os.environ.pop("REDIS_URL", None)

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.db.models import Exists, OuterRef  # noqa: E402
from django.utils import timezone  # noqa: E402

from rooms import registry  # noqa: E402
from rooms.models import ActionLog, Room, RoundConsent, Seat  # noqa: E402
from rooms.online import sql, store  # noqa: E402
from rooms.presence import fresh_since  # noqa: E402

DRAW = {"type": "draw"}


def orm_write(write: sql.Write, fresh, seats_needed: int) -> list[sql.SeatRow] | None:
    """sql.write's work through the ORM."""
    asked = RoundConsent.objects.filter(room_id=OuterRef("room_id"), seat=OuterRef("number"))
    with transaction.atomic():
        rows = list(
            Seat.objects.filter(room_id=write.room_id)
            .select_for_update()
            .annotate(asked=Exists(asked))
            .order_by("number")
            .values_list("number", "colour", "channel_name", "heartbeat_at", "asked")
        )
        seats = [
            sql.SeatRow(n, c, bool(ch) and h is not None and h > fresh, a, ch)
            for n, c, ch, h, a in rows
        ]
        if sum(s.connected for s in seats) < seats_needed:
            return None
        updated = Room.objects.filter(pk=write.room_id, version=write.version).update(
            state=write.state_text,  # written as the JSON text's value: same bytes here
            version=write.version + 1,
            finished=write.finished,
            last_activity=write.now,
        )
        if not updated:
            return None
        ActionLog.objects.create(
            room_id=write.room_id, seat=write.seat, version=write.version + 1, action=DRAW
        )
    return seats


def new_room() -> Room:
    room = Room.objects.create_for("tiles")
    for seat in room.seats.all():
        store.connect(seat, f"channel-{seat.number}")
    return room


def main(commits: int) -> None:
    assert connection.vendor == "postgresql", "a PostgreSQL DATABASE_URL, please"
    call_command("migrate", verbosity=0)
    engine = registry.get("tiles").engine
    room = new_room()
    state, version = room.game_state(), 0
    times: dict[str, list[float]] = {"sql": [], "orm": []}
    for number in range(2 * commits):
        way = ("sql", "orm")[number % 2]
        seat = engine.status(state)["turn"]
        try:
            made = store._next_state(engine, state, seat, DRAW)
        except Exception:  # the pool is empty: a new room
            room = new_room()
            state, version = room.game_state(), 0
            seat = engine.status(state)["turn"]
            made = store._next_state(engine, state, seat, DRAW)
        now = timezone.now()
        write = sql.Write(room.pk, version, made.text, made.finished, seat, '{"type": "draw"}', now)
        started = time.thread_time()
        seats = (sql.write if way == "sql" else orm_write)(write, fresh_since(now), 2)
        times[way].append(time.thread_time() - started)
        assert seats is not None
        state, version = made.state, version + 1
    for way, spent in times.items():
        median = statistics.median(spent) * 1000
        print(f"{way}: {median:.3f} ms CPU per commit's write (median of {len(spent)})")
    print(f"orm/sql: {statistics.median(times['orm']) / statistics.median(times['sql']):.2f}")
    Room.objects.all().delete()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
