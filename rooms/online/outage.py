"""Whether this process has lost its database, told once per outage.

During a database restart or failover every socket's reconnect and every page view
fails, dozens a second per process: one traceback each flooded the log (issue 26). So
the first failure logs one WARNING, the first success after it one INFO with how long
it lasted, and the failures between them nothing.
"""

from __future__ import annotations

import logging
import threading
import time

from django.db import InterfaceError, OperationalError, connection

logger = logging.getLogger(__name__)

# What a lost database raises: the server down, restarting or unreachable, or a
# connection it closed. Not IntegrityError and the like, which are the program's.
DATABASE_ERRORS = (OperationalError, InterfaceError)


class Outage:
    """`since` is when the current outage began (time.monotonic()), None when there is
    none; `back` when the last one ended. Shared by the event loop and the database
    threads, hence the lock. A call tells what it found with the time it began: one
    begun on the other side of a change (before the outage and done after another call
    failed, or begun during it and failing after the database came back) says
    nothing new."""

    def __init__(self, what: str, lost: str = "lost", back: str = "back") -> None:
        self.what, self.lost_word, self.back_word = what, lost, back
        self.since: float | None = None
        self.back = float("-inf")
        self.failures = 0
        self.lock = threading.Lock()

    def failed(self, error: BaseException, started: float | None = None) -> None:
        with self.lock:
            self.failures += 1
            if self.since is not None or (started is not None and started < self.back):
                return
            self.since = time.monotonic()
        logger.warning(
            "%s %s (%s: %s)", self.what, self.lost_word, type(error).__name__, str(error).strip()
        )

    def succeeded(self, started: float | None = None) -> None:
        if self.since is None:  # the usual case: no lock taken
            return
        with self.lock:
            if self.since is None or (started is not None and started < self.since):
                return
            lasted, failures = time.monotonic() - self.since, self.failures
            self.since, self.failures, self.back = None, 0, time.monotonic()
        what, back = self.what, self.back_word
        logger.info("%s %s after %.1f s (%d failures meanwhile)", what, back, lasted, failures)

    @property
    def lost(self) -> bool:
        return self.since is not None


DATABASE = Outage("Database")
# Every pooled connection busy for longer than the pool's timeout (config/settings.py,
# DATABASE_POOL): the site is overloaded, the database is not lost (issue 42).
BUSY = Outage("Database pool", lost="exhausted", back="free again")


# The pool's count of failed connection attempts when a wait last timed out.
_connect_errors_seen = 0


def pool_exhausted(error: BaseException) -> bool:
    """Whether `error` (as Django raises it, or psycopg_pool's own) is a wait for a pooled
    connection that timed out because every connection was in use: the site busy. A wait
    that timed out while the pool's attempts to connect failed (since the last such
    wait), or during a known outage, is the database unreachable: the database lost.
    Decided once per error (the thread that told the outage and the socket that answers
    the page ask about the same error), and kept on it."""
    decided = getattr(error, "pool_busy", None)
    if decided is None:
        decided = error.pool_busy = _pool_busy(error)
    return decided


def _pool_busy(error: BaseException) -> bool:
    global _connect_errors_seen
    try:
        from psycopg_pool import PoolTimeout
    except ImportError:  # no pool on this installation
        return False
    if not (isinstance(error, PoolTimeout) or isinstance(error.__cause__, PoolTimeout)):
        return False
    pool = getattr(connection, "pool", None)
    if pool is None:
        return True
    errors = pool.get_stats().get("connections_errors", 0)
    failed_to_connect, _connect_errors_seen = errors > _connect_errors_seen, errors
    return not (failed_to_connect or DATABASE.lost)


def failed(error: BaseException, started: float | None = None) -> None:
    """Tell the outage `error` belongs to (the pool exhausted, or the database lost)."""
    (BUSY if pool_exhausted(error) else DATABASE).failed(error, started)


def succeeded(started: float | None = None) -> None:
    """A call whose statements went through: neither outage goes on."""
    DATABASE.succeeded(started)
    BUSY.succeeded(started)


class Statements:
    """An execute wrapper (connection.execute_wrapper) that notes whether a statement
    went through: only that says the database is back. Many calls need no statement (a
    cached board, a presence touched lately, a static page) and work all through an
    outage; a connection made just as it began says nothing either."""

    ran = False

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        self.ran = True
        return result
