"""Where the room sockets' database work runs (rooms.online.store.database).

Channels' `database_sync_to_async` sends every call of every socket to one thread, so
under load each action, push and ping of every room waited in one queue (issue 12:
pings queued behind the actions until seats expired). Rooms are independent and every
write here is a transaction or a conditional UPDATE, so on PostgreSQL the calls run on
a small pool of threads instead: at most ROOM_DB_THREADS calls at once per process,
each taking a connection from the process's pool of connections for the call
(DATABASE_POOL, config/settings.py; none opened per call), or, without that pool, each
thread keeping its own persistent connection (CONN_MAX_AGE).

SQLite stays on the one thread: it has one writer at a time anyway, and the test
database in memory is shared between threads only with table locks.

A call that finds the database gone (rooms.online.outage) closes its thread's connection, so
that the next call connects anew once the database is back (a persistent connection
would otherwise fail once more on each thread), and the outage is logged once.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import wraps
from typing import ParamSpec, TypeVar

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection, connections

from gamekit.memo import memoized
from rooms.online import outage
from rooms.online.outage import DATABASE_ERRORS, Statements

P = ParamSpec("P")
R = TypeVar("R")


@memoized("rooms.online.threads.count", 1)
def threads() -> int:
    """How many threads run the sockets' database calls; 0 for the one shared thread.
    Asked on every call of every socket, so worked out once per process."""
    configured = getattr(settings, "ROOM_DB_THREADS", None)
    if configured is not None:
        return configured
    # 8: once the channel layer stopped holding the pushes back, 4 threads were what held
    # the game at 200 rooms (a queue of 245 ms p50 before each action's call); 8 did 22 %
    # more actions at the same CPU per action (bench/RESULTS-online.md, issue 12).
    return 8 if connection.vendor == "postgresql" else 0


@memoized("rooms.online.threads.executor", 1)
def executor(count: int) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=count, thread_name_prefix="rooms-db")


def database(func: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """`func` as a coroutine function that runs on the rooms' database threads."""
    count = threads()
    if count == 0:
        return database_sync_to_async(watched(func))
    return database_sync_to_async(watched(func), thread_sensitive=False, executor=executor(count))


def watched(func: Callable[P, R]) -> Callable[P, R]:
    """`func`, telling rooms.online.outage whether it found the database, and closing the
    connection of a call that lost it (only a call whose statements ran says the
    database is back: rooms.online.outage.Statements)."""

    @wraps(func)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        started = time.monotonic()
        statements = Statements()
        try:
            with connection.execute_wrapper(statements):
                result = func(*args, **kwargs)
        except DATABASE_ERRORS as error:
            outage.failed(error, started)
            # Closing a broken connection may fail too: it is dropped all the same.
            with contextlib.suppress(Exception):
                connection.close()
            raise
        if statements.ran:
            outage.succeeded(started)
        return result

    return call


def close_connections() -> None:
    """Close the database connection of every pool thread (tests drop their database
    at the end, which PostgreSQL refuses while a connection is open)."""
    count = threads()
    if count == 0 or executor.cache_info().currsize == 0:
        return
    # One task per thread: each waits until all have started, so none runs two.
    barrier = threading.Barrier(count)

    def close() -> None:
        barrier.wait(timeout=10)
        connections.close_all()

    for future in [executor(count).submit(close) for _ in range(count)]:
        future.result(timeout=20)
