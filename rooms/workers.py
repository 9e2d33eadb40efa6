"""A server process's pool of worker processes, started on first use: one for the
computer's moves (rooms.local.computer.computer_pool) and one for reviews
(rooms.reviews.review_pool)."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any


class WorkerPool:
    """Worker processes, started on first use. Forkserver: forking the server itself
    (threads, sockets, an event loop) is unsafe; the workers import only what their jobs
    need (a game's engine and bots, or its review module), which needs no Django.

    `processes()` (None or 0: no pool, the caller works inline) and `initargs()` are
    read when the pool starts, not when it is made, so that a module constant changed
    after import (tests, settings) takes effect."""

    def __init__(
        self,
        processes: Callable[[], int | None],
        initializer: Callable[..., None] | None = None,
        initargs: Callable[[], tuple[Any, ...]] = tuple,
    ) -> None:
        self._processes = processes
        self._initializer = initializer
        self._initargs = initargs
        self._pool: Executor | None = None
        self._lock = threading.Lock()

    def get(self) -> Executor | None:
        """The pool, started now if need be; None when there are to be no workers."""
        with self._lock:
            if self._pool is None and (count := self._processes()):
                self._pool = ProcessPoolExecutor(
                    count,
                    mp_context=multiprocessing.get_context("forkserver"),
                    initializer=self._initializer,
                    initargs=self._initargs(),
                )
            return self._pool

    def replace(self, pool: Executor | None) -> Executor | None:
        """Use `pool` from now on (tests; None: start afresh on the next get, after a
        worker died); returns the previous one, not shut down."""
        with self._lock:
            previous, self._pool = self._pool, pool
            return previous
