"""The review by the computer (issue 25): each decision of a finished round judged by
the strong level, from what the deciding seat could see at that moment.

A game's review module (<app>/review.py, pure Python like its engine) offers:
- ``decisions(record) -> list[int]``: the indices in ``record.steps`` of the actions it
  judges (the replay numbers states from 0 = as dealt, so the state before step i is
  state i and the one after it state i + 1);
- ``judge(record, steps) -> list[Note]``: the notes of those decisions, in order (the
  runner hands out a few at a time to its worker process, rooms/reviews.py), each
  ``judge_at(state, record, step, key)`` of the state before it (`judge_steps`);
- ``summary(notes) -> {"1": [Message], "2": [Message]}``: a line or two per seat.

A note is plain JSON: {"step": i, "seat": s, "kind": "best" | "ok" | "miss", "text":
[Message, ...]} plus what the game adds (tile rummy: "table", the better table). A
Message is {"id": English msgid, "params": {...}} and, for a count, "plural" and "n":
translated when shown (rooms/review_text.py), never here.

Each decision's bot gets its rng from gamekit.advice.rng_for, seeded by the position as
the deciding seat saw it: the one the hint uses, so that a hint followed is never judged
unlike the strong level's choice (issue 43); a review is the same each time it is
computed, and the same on any state the seat cannot tell from the real one
(engine.redeal_hidden).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
import time
from collections.abc import Iterator
from importlib import import_module
from typing import Any

from gamekit.replay import Record

Message = dict[str, Any]
Note = dict[str, Any]
KINDS = ("best", "ok", "miss", "none")  # none: not judged (no answer in time)
# The level whose judgement the review gives.
LEVEL = "strong"
# Chunks judged at once on this machine, by all server processes together: one core
# fewer than it has, so that a core stays free for play (bench/reviews.py beside: two
# workers under SCHED_IDLE on 2 cores raised the push p99 of play from ~11 to ~23 ms,
# one worker to ~15 ms).
SLOTS = max(1, (os.cpu_count() or 2) - 1)
SLOT_FILES = os.path.join(tempfile.gettempdir(), "duel-games-review-slot-{}.lock")


def ngettext_noop(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a count for translation without translating it here
    (rooms' makemessages extracts calls of this name with both forms)."""
    return singular, plural


def message(msgid: str | tuple[str, str], n: int | None = None, **params: Any) -> Message:
    """A message to translate when shown: `msgid` from gettext_noop, or the pair from
    ngettext_noop with its count `n` (also a param "count")."""
    if isinstance(msgid, tuple):
        singular, plural = msgid
        return {"id": singular, "plural": plural, "n": n, "params": {"count": n, **params}}
    return {"id": msgid, "params": params}


def note(step: int, seat: int, kind: str, *text: Message, **extra: Any) -> Note:
    assert kind in KINDS, kind
    return {"step": step, "seat": seat, "kind": kind, "text": list(text), **extra}


def counted(notes: list[Note], seat: int, kind: str, flag: str | None = None) -> int:
    return sum(
        1
        for n in notes
        if n["seat"] == seat and n["kind"] == kind and (flag is None or n.get(flag))
    )


def judge_steps(engine: Any, judge_at: Any, record: Record, steps: list[int]) -> list[Note]:
    """`judge_at(state, record, step, key)` of each step, walking the states forward once."""
    cache: dict[int, Any] = {}
    key = record.key()
    return [judge_at(state_before(engine, record, i, cache), record, i, key) for i in steps]


def state_before(engine: Any, record: Record, step: int, cache: dict[int, Any]) -> Any:
    """The state before `record.steps[step]`, from the nearest state in `cache` (the
    judge of a chunk walks forward once instead of replaying from the deal each time)."""
    known = max((i for i in cache if i <= step), default=None)
    if known is None:
        known, state = 0, engine.from_json(record.start)
    else:
        state = cache[known]
    for number in range(known, step):
        item = record.steps[number]
        state = engine.apply(state, item.seat, item.action)
    cache.clear()
    cache[step] = state
    return state


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


def judge_job(module: str, record_json: dict[str, Any], steps: list[int]) -> list[Note]:
    """The notes of `steps` by the game's review `module`, from JSON: the job a worker
    process of the review runs (rooms/reviews.py), importing no Django; in one of the
    machine's review slots (`machine_slot`), so that reviews of every server process
    together leave a core to play."""
    with machine_slot():
        return import_module(module).judge(Record.from_json(record_json), steps)
