"""A database that goes away (restarting, failing over) under the room sockets: a `retry`
frame and a close the page reconnects after, one warning per outage, no traceback,
nothing committed twice, and rooms that work again once the database is back.

The database "goes away" by every statement and every new connection failing with
OperationalError, as psycopg's do when PostgreSQL is down (and as SQLite's, the tests'
usual database, never would).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator

import pytest
from channels.db import database_sync_to_async
from django.db import InterfaceError, OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper

from rooms.models import ActionLog
from rooms.online import store, threads
from rooms.online.outage import DATABASE
from rooms.online.protocol import CLOSE_RETRY
from tests.rooms.wsclient import (
    act,
    both_seats,
    close_all,
    get_room,
    hello,
    make_room,
    open_socket,
    receive,
)

pytestmark = [pytest.mark.django_db(transaction=True)]

LOST = "The game server lost its database; your game is safe, reconnecting…"


class Database:
    """Switches every statement of the test's database off and on."""

    def __init__(self) -> None:
        self.gone = threading.Event()

    def down(self) -> None:
        self.gone.set()

    def up(self) -> None:
        self.gone.clear()


@pytest.fixture
def database(monkeypatch) -> Iterator[Database]:
    switch = Database()
    for name in ("execute", "executemany"):
        original = getattr(CursorWrapper, name)

        def failing(self, *args, _original=original, **kwargs):
            if switch.gone.is_set():
                raise OperationalError("connection to server failed: Connection refused")
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(CursorWrapper, name, failing)
    # And no new connection (on PostgreSQL, where a lost one is closed and made anew).
    connect = BaseDatabaseWrapper.connect

    def refused(self):
        if switch.gone.is_set():
            raise OperationalError("connection to server failed: Connection refused")
        return connect(self)

    monkeypatch.setattr(BaseDatabaseWrapper, "connect", refused)
    DATABASE.since = None
    yield switch
    switch.up()
    DATABASE.since = None


def tracebacks(log: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in log.records if r.exc_info or r.levelno >= logging.ERROR]


def outage_lines(log: pytest.LogCaptureFixture, level: int) -> list[str]:
    return [
        r.getMessage()
        for r in log.records
        if r.name == "rooms.online.outage" and r.levelno == level
    ]


async def retried(page) -> tuple[dict, int]:
    """The page's `retry` frame and its close code; then the page goes (its disconnect
    runs, with the database as it is). Generous timeouts: on a loaded machine (the suite's
    other worker beside) the pool's half-second wait can take several seconds."""
    frame = await receive(page, "retry", timeout=15)
    closed = await page.receive_output(timeout=15)
    await page.disconnect()
    return frame, closed["code"]


async def test_a_database_lost_at_hello_gives_a_retry_frame_and_4503_without_a_traceback(
    database, log
):
    code, host_key, _ = await make_room()
    page = await open_socket(code)
    database.down()

    await page.send_json_to({"type": "hello", "key": host_key})
    frame, close_code = await retried(page)

    assert frame == {"type": "retry", "code": "database_lost", "message": LOST}
    assert close_code == CLOSE_RETRY
    assert tracebacks(log) == []
    assert len(outage_lines(log, logging.WARNING)) == 1


async def test_the_retry_frame_speaks_the_players_language(database):
    code, host_key, _ = await make_room()
    page = await open_socket(code, accept_language=b"ru")
    database.down()

    await page.send_json_to({"type": "hello", "key": host_key})
    frame, _ = await retried(page)

    assert frame["code"] == "database_lost"
    assert "базой данных" in frame["message"]


async def test_a_database_lost_while_a_socket_connects_closes_it_to_retry(database, log):
    code, _, _ = await make_room()
    database.down()

    page = await open_socket(code)
    frame, close_code = await retried(page)

    assert frame["code"] == "database_lost"
    assert close_code == CLOSE_RETRY
    assert tracebacks(log) == []


async def test_a_database_lost_at_an_action_commits_nothing_and_play_resumes_after(database, log):
    code, host, guest, keys = await both_seats()
    database.down()

    await act(host, 0, 2)
    frame, close_code = await retried(host)
    database.up()
    host, state = await hello(code, keys["host_key"])
    await act(host, state["version"], 3)
    moved = await receive(host, "state")

    assert (frame["code"], close_code) == ("database_lost", CLOSE_RETRY)
    assert state["version"] == 0
    assert moved["version"] == 1
    assert moved["view"]["total"] == 3
    assert tracebacks(log) == []
    assert len(outage_lines(log, logging.INFO)) == 1  # "back after …"
    await close_all(host, guest)


async def test_an_action_committed_just_before_the_database_failed_is_not_committed_twice(
    database, monkeypatch, log
):
    code, host, guest, keys = await both_seats()
    commit_action = store.commit_action

    def committed_then_lost(*args, **kwargs):
        # The commit went through; the connection dropped before the answer came back.
        commit_action(*args, **kwargs)
        raise InterfaceError("connection already closed")

    monkeypatch.setattr(store, "commit_action", committed_then_lost)
    await act(host, 0, 2)
    frame, _ = await retried(host)
    monkeypatch.undo()
    host, state = await hello(code, keys["host_key"])
    # The page sends the action again, made against the version it had.
    await act(host, 0, 2)
    refused = await receive(host, "error")
    resynced = await receive(host, "state")

    assert frame["code"] == "database_lost"
    assert state["version"] == 1
    assert refused["code"] == "stale"
    assert resynced["version"] == 1
    assert resynced["view"]["total"] == 2
    log_entries = await database_sync_to_async(ActionLog.objects.count)()
    assert log_entries == 1
    assert (await get_room(code)).version == 1
    await close_all(host, guest)


async def test_many_failures_log_one_warning_and_the_return_one_line(database, log):
    code, host_key, _ = await make_room()
    database.down()
    for _ in range(20):
        page = await open_socket(code)
        await page.send_json_to({"type": "hello", "key": host_key})
        assert (await retried(page))[0]["code"] == "database_lost"
    database.up()
    page, _ = await hello(code, host_key)

    warnings = outage_lines(log, logging.WARNING)
    assert len(warnings) == 1
    assert "Database lost (OperationalError" in warnings[0]
    back = outage_lines(log, logging.INFO)
    assert len(back) == 1
    assert back[0].startswith("Database back after")
    assert tracebacks(log) == []
    await close_all(page)


async def test_a_socket_closing_while_the_database_is_gone_logs_nothing_more(database, log):
    _code, host, guest, _ = await both_seats()
    database.down()

    await close_all(host, guest)

    assert tracebacks(log) == []
    assert len(outage_lines(log, logging.WARNING)) == 1
    others = [
        r for r in log.records if r.levelno >= logging.WARNING and r.name != "rooms.online.outage"
    ]
    assert others == []


def test_a_call_that_lost_the_database_closes_its_connection(monkeypatch):
    closed = []
    monkeypatch.setattr(threads.connection, "close", lambda: closed.append(True))

    def lost() -> None:
        raise OperationalError("server closed the connection unexpectedly")

    with pytest.raises(OperationalError):
        threads.watched(lost)()
    DATABASE.since = None

    assert closed == [True]
