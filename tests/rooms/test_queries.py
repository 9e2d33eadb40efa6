"""How many database queries a room's socket spends: on an action, on the pushes to both
seats, on a ping, on a hello. The load bench (bench/ws_load.py) showed the time of an
action going into these round trips; a change that adds some fails here, in CI, instead
of on a busy evening (issue 12)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

import pytest
from django.db import connection
from django.db.backends.utils import CursorWrapper

from rooms.models import Room
from rooms.online import store
from tests.rooms.wsclient import (
    act,
    both_seats,
    close_all,
    hello,
    make_room,
    presence_becomes,
    receive,
)

pytestmark = [pytest.mark.django_db(transaction=True)]

# Transaction control is not a query the code chose to make (SQLite logs BEGIN, other
# databases do not).
CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


class Queries:
    def __init__(self) -> None:
        self.sql: list[str] = []
        self.lock = threading.Lock()

    def __len__(self) -> int:
        return len(self.sql)


@contextlib.contextmanager
def counting(monkeypatch) -> Iterator[Queries]:
    """Every query on any thread (the consumers' database calls run on other threads)."""
    queries = Queries()
    original = CursorWrapper._execute_with_wrappers

    def execute(self, sql, params, many, executor):
        if not str(sql).lstrip().upper().startswith(CONTROL):
            with queries.lock:
                queries.sql.append(str(sql))
        return original(self, sql, params, many, executor)

    monkeypatch.setattr(CursorWrapper, "_execute_with_wrappers", execute)
    yield queries
    monkeypatch.undo()


def action_queries(kept: bool) -> int:
    """On a state this process keeps (it sent it, e.g. to a socket's hello), one
    statement on PostgreSQL. Otherwise the room with its seats and consents first, then
    the conditional update with the log: one statement on PostgreSQL, two in a
    transaction on SQLite."""
    if connection.vendor == "postgresql":
        return 1 if kept else 2
    return 3


async def settled_seats():
    """both_seats, and the guest's own read of its arrival's presence news done too: it
    may come after the host's, inside the counted stretch (a query more)."""
    code, host, guest, keys = await both_seats()
    await presence_becomes(guest, {"1": True, "2": True})
    return code, host, guest, keys


def test_an_action_on_a_state_not_kept_takes_two_queries_three_on_sqlite(monkeypatch):
    room = Room.objects.create_for("counter")
    for seat in room.seats.all():
        store.connect(seat, f"channel-{seat.number}")

    with counting(monkeypatch) as queries:
        room = store.apply_action(room, 1, 0, {"type": "add", "amount": 1})

    assert len(queries) == action_queries(kept=False), queries.sql
    assert room.version == 1
    assert room.pushed["presence"] == {"1": True, "2": True}


async def test_the_pushes_to_both_seats_read_nothing_back(monkeypatch):
    _code, host, guest, _ = await settled_seats()

    with counting(monkeypatch) as queries:
        await act(host, 0, 2)
        host_state = await receive(host, "state")
        guest_state = await receive(guest, "state")

    # The action's (on the state the hellos were sent), and none for the two pushes.
    assert len(queries) == action_queries(kept=True), queries.sql
    assert host_state["version"] == guest_state["version"] == 1
    assert host_state["presence"] == guest_state["presence"] == {"1": True, "2": True}
    assert host_state["colours"] == {"1": "teal", "2": "amber"}
    await close_all(host, guest)


async def test_an_action_on_a_state_the_process_keeps_is_one_statement_and_reads_no_state(
    monkeypatch,
):
    _code, host, guest, _ = await settled_seats()
    await act(host, 0, 2)  # version 1: committed, so kept by this process
    await receive(host, "state")
    await receive(guest, "state")

    with counting(monkeypatch) as queries:
        await act(guest, 1, 3)
        host_state = await receive(host, "state")
        await receive(guest, "state")

    # PostgreSQL: the seats, the update and the log in one statement. SQLite: the room
    # and seats without the state, then the two writes.
    assert len(queries) == (1 if connection.vendor == "postgresql" else 3), queries.sql
    assert not any("r.state" in sql for sql in queries.sql), queries.sql
    assert host_state["version"] == 2
    assert host_state["view"]["total"] == 5
    await close_all(host, guest)


async def test_a_ping_takes_one_query_three_on_sqlite(monkeypatch):
    _code, host, guest, _ = await settled_seats()

    with counting(monkeypatch) as queries:
        await host.send_json_to({"type": "ping"})
        pong = await receive(host, "pong")

    # The heartbeat's conditional update, the room's stale watchers purged and who is
    # present: one statement on PostgreSQL.
    assert len(queries) == (1 if connection.vendor == "postgresql" else 3), queries.sql
    assert pong["presence"] == {"1": True, "2": True}
    await close_all(host, guest)


async def test_a_new_socket_takes_nine_queries_with_the_presence_news(monkeypatch):
    code, host_key, guest_key = await make_room()
    host, _ = await hello(code, host_key)
    await receive(host, "presence")  # its own arrival

    with counting(monkeypatch) as queries:
        guest, state = await hello(code, guest_key)
        news = await receive(host, "presence")
        # The guest's own read of the news may come after the host's: wait for it too.
        own = await receive(guest, "presence")  # after its `watchers`: its hello's last

    # The room on connecting, the key, the presence (seat and room), the state (room;
    # seats with their consents, one statement since issue 47), each seat's read of the
    # presence news, and the number of watchers the arriving seat is told (issue 25).
    assert len(queries) == 9, queries.sql
    assert state["presence"] == news["presence"] == own["presence"] == {"1": True, "2": True}
    await close_all(host, guest)
