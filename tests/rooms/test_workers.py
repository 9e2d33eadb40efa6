"""The worker pools of a server process (rooms/workers.py): started on first use, with
the number of processes their setting says then."""

from __future__ import annotations

import os

import pytest

from rooms import reviews
from rooms.local import computer
from rooms.workers import WorkerPool


@pytest.mark.parametrize(
    ("module", "setting", "pool", "replace"),
    [
        (computer, "COMPUTER_PROCESSES", "computer_pool", "set_computer_pool"),
        (reviews, "REVIEW_PROCESSES", "review_pool", "set_review_pool"),
    ],
)
def test_a_pool_set_to_no_processes_after_import_starts_none(
    monkeypatch, module, setting, pool, replace
):
    previous = getattr(module, replace)(None)
    monkeypatch.setattr(module, setting, None)
    try:
        assert getattr(module, pool)() is None
    finally:
        getattr(module, replace)(previous)


def test_a_pool_starts_once_in_processes_of_its_own_and_is_replaced_on_demand():
    processes = [None]
    workers = WorkerPool(lambda: processes[0])
    assert workers.get() is None

    processes[0] = 1
    started = workers.get()
    try:
        assert workers.get() is started
        assert started.submit(os.getpid).result(timeout=30) != os.getpid()
        assert workers.replace(None) is started
    finally:
        started.shutdown()
