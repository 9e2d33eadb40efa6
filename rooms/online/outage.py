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

from django.db import InterfaceError, OperationalError

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

    def __init__(self, what: str) -> None:
        self.what = what
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
        logger.warning("%s lost (%s: %s)", self.what, type(error).__name__, str(error).strip())

    def succeeded(self, started: float | None = None) -> None:
        if self.since is None:  # the usual case: no lock taken
            return
        with self.lock:
            if self.since is None or (started is not None and started < self.since):
                return
            lasted, failures = time.monotonic() - self.since, self.failures
            self.since, self.failures, self.back = None, 0, time.monotonic()
        logger.info("%s back after %.1f s (%d failures meanwhile)", self.what, lasted, failures)

    @property
    def lost(self) -> bool:
        return self.since is not None


DATABASE = Outage("Database")


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
