"""A server process's pool of worker processes, started on first use: one for the
computer's moves (rooms.local.computer.computer_pool) and one for reviews
(rooms.reviews.review_pool); and what a review's worker runs (`judge_job`), at a low
priority (`lower_priority`), in one of the machine's review slots (`machine_slot`).
Imports no Django: the workers import this module."""

from __future__ import annotations

import contextlib
import fcntl
import multiprocessing
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from importlib import import_module
from typing import Any

from gamekit.replay import Record

# Chunks judged at once on this machine, by all server processes together: one core
# fewer than it has, so that a core stays free for play (bench/reviews.py beside: two
# workers under SCHED_IDLE on 2 cores raised the push p99 of play from ~11 to ~23 ms,
# one worker to ~15 ms).
SLOTS = max(1, (os.cpu_count() or 2) - 1)
SLOT_FILES = os.path.join(tempfile.gettempdir(), "duel-games-review-slot-{}.lock")


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


def lower_priority(nice: int) -> None:
    """A review worker's initializer: niceness `nice` and, where Linux offers it, the
    SCHED_IDLE policy, under which the worker runs only when no other process wants the
    core (nice 19 alone still takes a few per cent of it from play; bench/reviews.py
    beside)."""
    os.nice(nice)
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


@contextlib.contextmanager
def machine_slot(slots: int = SLOTS, poll: float = 0.05) -> Iterator[int]:
    """Hold one of this machine's `slots` review slots (an flock on a file of its own,
    freed by the kernel if the process dies), waiting for one if all are taken; with
    no slot files to be had (another user's, a read-only temp folder), no slot."""
    try:
        files = [open(SLOT_FILES.format(n), "a") for n in range(slots)]  # noqa: SIM115
    except OSError:
        yield -1
        return
    try:
        while True:
            for number, file in enumerate(files):
                try:
                    fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    continue
                try:
                    yield number
                finally:
                    fcntl.flock(file, fcntl.LOCK_UN)
                return
            time.sleep(poll)
    finally:
        for file in files:
            file.close()


def judge_job(module: str, record_json: dict[str, Any], steps: list[int]) -> list[dict[str, Any]]:
    """The notes of `steps` by the game's review `module`, from JSON: the job a worker
    process of the review runs (rooms/reviews.py), importing no Django; in one of the
    machine's review slots (`machine_slot`), so that reviews of every server process
    together leave a core to play."""
    with machine_slot():
        return import_module(module).judge(Record.from_json(record_json), steps)
