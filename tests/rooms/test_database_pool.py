"""The database under many players at once (issue 42): each server process keeps a
bounded pool of PostgreSQL connections (config/settings.py, DATABASE_POOL), shared by
the pages, the room sockets' threads and the reviews; a request or a socket call that
finds every connection busy waits DATABASE_POOL_TIMEOUT seconds, then the page is the
translated 503 "busy" page with Retry-After and a socket gets `retry` (code `busy`).

Before the pool, Django's ASGI handler ran each request in a thread of its own, and
each thread kept its persistent connection (CONN_MAX_AGE=60): 16 clients at once took
PostgreSQL to "too many clients already" and every user of that server was refused.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from rooms.online import outage
from rooms.online.protocol import CLOSE_RETRY
from tests.live_server import DaphneProcess, server_env
from tests.rooms.test_database_outage import outage_lines, retried, tracebacks
from tests.rooms.wsclient import make_room, make_room_sync, open_socket

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

POOL = 10  # the live server's DATABASE_POOL (ROOM_DB_THREADS 8 + 2 for the pages)
CLIENTS, REQUESTS = 16, 25
APPLICATION = "pool-test"


@pytest.fixture
def postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("the pool is PostgreSQL's (psycopg_pool)")


def dsn(application: str | None = None) -> str:
    db = settings.DATABASES["default"]
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "127.0.0.1"
    url = f"postgres://{db['USER']}{password}@{host}:{db.get('PORT') or 5432}/{db['NAME']}"
    return f"{url}?application_name={application}" if application else url


def open_connections() -> int:
    """The live server's connections to the test database, as PostgreSQL counts them."""
    with psycopg.connect(dsn(), autocommit=True) as watcher:
        row = watcher.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [APPLICATION]
        ).fetchone()
    return row[0]


def test_concurrent_pages_leave_no_more_connections_open_than_the_pool(postgresql):
    codes = [make_room_sync("tiles")[0] for _ in range(4)]
    env = server_env(
        dsn(APPLICATION),
        settings.SECRET_KEY,
        keep_redis=False,
        LOG_LEVEL="WARNING",
        # The production default without a pool: each thread kept its connection.
        CONN_MAX_AGE="60",
        DATABASE_POOL=str(POOL),
        ROOM_DB_THREADS="8",
    )
    server = DaphneProcess(env, seconds=20)
    statuses: Counter[int] = Counter()
    peak = 0
    loading = threading.Event()

    def watch_count() -> None:
        nonlocal peak
        while loading.is_set():
            peak = max(peak, open_connections())
            time.sleep(0.05)

    def client(number: int) -> None:
        for request in range(REQUESTS):
            code = codes[(number + request) % len(codes)]
            path = ("/r/%s/", "/r/%s/watch/", "/r/%s/full/")[request % 3] % code
            try:
                with urllib.request.urlopen(server.url + path, timeout=20) as answer:
                    statuses[answer.status] += 1
            except urllib.error.HTTPError as error:
                statuses[error.code] += 1

    try:
        loading.set()
        counter = threading.Thread(target=watch_count)
        counter.start()
        with ThreadPoolExecutor(CLIENTS) as clients:
            list(clients.map(client, range(CLIENTS)))
        loading.clear()
        counter.join()
        after = open_connections()
    finally:
        loading.clear()
        server.stop()

    assert statuses == {200: CLIENTS * REQUESTS}
    assert 0 < peak <= POOL
    assert after <= POOL


class Pool:
    """This process's pool, every connection of which the test can take."""

    def __init__(self) -> None:
        self.pool = connection.pool
        self.timeout = self.pool.timeout
        self.held: list = []

    def exhaust(self) -> None:
        """Take every free connection, and make a wait for one short."""
        self.pool.timeout = 0.5
        with contextlib.suppress(psycopg.OperationalError):
            while True:
                self.held.append(self.pool.getconn(timeout=0.5))

    def give_back(self) -> None:
        for taken in self.held:
            self.pool.putconn(taken)
        self.held.clear()
        self.pool.timeout = self.timeout


@pytest.fixture
def pool(postgresql) -> Iterator[Pool]:
    taken = Pool()
    outage.BUSY.since = None
    yield taken
    taken.give_back()
    outage.BUSY.since = None


def in_a_thread(call):
    """`call()` in a thread of its own (its own connection, as a request under daphne),
    the thread's connection given back after (the test client keeps it otherwise)."""

    def run():
        try:
            return call()
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(run).result(timeout=20)


def test_a_page_that_finds_every_connection_busy_waits_then_is_the_busy_page(pool, log):
    code = make_room_sync("tiles")[0]
    pool.exhaust()

    started = time.monotonic()
    answer = in_a_thread(lambda: Client().get(f"/r/{code}/", HTTP_ACCEPT_LANGUAGE="ru"))
    waited = time.monotonic() - started
    pool.give_back()
    again = in_a_thread(lambda: Client().get(f"/r/{code}/"))

    assert answer.status_code == 503
    assert answer["Retry-After"] == "5"
    assert "Сейчас на сайте больше игроков" in answer.content.decode()
    assert 0.4 < waited < 5
    assert again.status_code == 200
    assert tracebacks(log) == []
    assert outage_lines(log, logging.WARNING) == [
        "Database pool exhausted (OperationalError: couldn't get a connection after 0.50 sec)"
    ]
    assert not outage.DATABASE.lost


async def test_a_socket_call_that_finds_every_connection_busy_gets_a_busy_retry(pool, log):
    code, host_key, _ = await make_room()
    page = await open_socket(code)
    pool.exhaust()

    await page.send_json_to({"type": "hello", "key": host_key})
    frame, close_code = await retried(page)

    assert frame["code"] == "busy"
    assert "very busy" in frame["message"]
    assert close_code == CLOSE_RETRY
    assert tracebacks(log) == []
    assert not outage.DATABASE.lost


class Unreachable(psycopg.Connection):
    """A database that refuses every new connection (PostgreSQL down)."""

    @classmethod
    def connect(cls, *args, **kwargs):
        raise psycopg.OperationalError("connection failed: Connection refused")


def test_a_page_that_cannot_connect_is_the_database_lost_page_not_the_busy_one(pool, log):
    code = make_room_sync("tiles")[0]
    pool.pool.timeout = 0.5
    real = pool.pool.connection_class
    pool.pool.connection_class = Unreachable
    pool.pool.drain()  # the idle connections gone, the new ones refused
    try:
        answer = in_a_thread(lambda: Client().get(f"/r/{code}/"))
    finally:
        pool.pool.connection_class = real
    lost = outage.DATABASE.lost
    outage.DATABASE.since = None

    assert answer.status_code == 503
    assert "briefly unavailable" in answer.content.decode()
    assert lost
    assert not outage.BUSY.lost
    assert [line.split(" (")[0] for line in outage_lines(log, logging.WARNING)] == ["Database lost"]
