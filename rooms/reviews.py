"""The review by the computer of a finished round (issue 25): computed once per round as
played (its Record's key) and kept, in a worker process of its own, a chunk of
decisions at a time, with its progress on the row.

The judgement itself is the game's (Game.review: decisions, judge, summary; see
gamekit/review.py); this module only runs it:
- `Review.objects.start(game, record)` finds or makes the row and, unless it is done or
  being computed by a live server process, starts computing it in a thread of this
  process;
- the decisions go to the review's own worker process (`review_pool`: one per server
  process, started by forkserver like the computer's, importing the game's review
  module and no Django), CHUNK at a time; that process runs at niceness REVIEW_NICE and
  under SCHED_IDLE, so that a review yields the CPU to play, and the computer's own
  workers are never taken by a review;
- the server processes of one machine together judge at most one core fewer chunks at
  once than the machine has (rooms.workers.machine_slot), so that play keeps a core
  of its own (bench/RESULTS.md, "Online play while reviews run");
- a chunk's notes are saved as it finishes (`done` of `total`), so a page polls the
  row; a review whose row has not moved for STALE_SECONDS (its server process died) is
  taken up again by the next request, from the decisions already done;
- the reviews of one server process queue for its one review worker (all of them
  progress chunk by chunk, in turn).

Imported by rooms.models (Django finds the model there).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from datetime import timedelta
from importlib import import_module
from typing import Any

from django.apps import apps
from django.db import connection, models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from gamekit.replay import Record, states
from rooms import registry
from rooms.errors import RoomError
from rooms.workers import WorkerPool, judge_job, lower_priority

logger = logging.getLogger(__name__)

# Decisions judged per job handed to the worker: small enough that progress shows
# every second or so (a Tarot decision is ~10 ms of CPU, p99 ~80; a tile rummy turn
# ~2 ms, p99 ~40), large enough that sending the record is paid rarely.
CHUNK = 8
# Worker processes for reviews per server process (None: inline, in the runner's
# thread), and their niceness: a review is background work.
REVIEW_PROCESSES: int | None = 1
REVIEW_NICE = 19
# A running review whose row has not changed for this long was abandoned.
STALE_SECONDS = 60

# The review's workers (rooms/workers.py), each at niceness REVIEW_NICE and, on Linux,
# the SCHED_IDLE policy (rooms.workers.lower_priority); REVIEW_PROCESSES and
# REVIEW_NICE are read when they start (tests change them).
_workers = WorkerPool(lambda: REVIEW_PROCESSES, lower_priority, lambda: (REVIEW_NICE,))
review_pool = _workers.get  # the workers, started on first use (None: inline)
set_review_pool = _workers.replace  # the pool from now on (tests; None: start afresh)


class ReviewQuerySet(models.QuerySet):
    def orphans(self) -> ReviewQuerySet:
        """Reviews whose replay is gone (its room purged, or unseen too long): a review is
        kept as long as a replay of its round (the same key) is."""
        replays = apps.get_model("rooms", "Replay").objects.values("key")
        return self.exclude(key__in=replays)

    def start(self, game: registry.Game, record: Record) -> Review:
        """The review of `record` (a finished round of `game`), started or taken up again
        unless it is done or being computed."""
        if game.review is None:
            raise RoomError("no_review")
        key = record.key()
        if not self.filter(key=key).exists() and not is_over(game, record):
            raise RoomError("round_not_over")
        review, _created = self.get_or_create(
            key=key,
            defaults={"game": game.slug, "total": len(game.review.decisions(record))},
        )
        if review.status == Review.DONE:
            return review
        stale = timezone.now() - timedelta(seconds=STALE_SECONDS)
        if review.status == Review.RUNNING and review.updated_at >= stale:
            return review
        # Compare-and-set on updated_at: of two requests (or processes) taking it up,
        # one wins.
        claimed = self.filter(pk=review.pk, updated_at=review.updated_at).update(
            status=Review.RUNNING, updated_at=timezone.now()
        )
        if claimed:
            spawn(review.pk, game.review.__name__, record.to_json())
        review.refresh_from_db()
        return review


class Review(models.Model):
    PENDING, RUNNING, DONE, FAILED = "pending", "running", "done", "failed"
    STATUSES = [(s, s) for s in (PENDING, RUNNING, DONE, FAILED)]

    key = models.CharField(max_length=64, unique=True)  # gamekit.replay.Record.key()
    game = models.SlugField(_("game"), max_length=20)
    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING)
    done = models.PositiveIntegerField(default=0)  # decisions judged so far
    total = models.PositiveIntegerField(default=0)
    notes = models.JSONField(default=list)  # one per decision judged, in order
    summary = models.JSONField(default=dict)  # {"1": [message], "2": [message]}
    updated_at = models.DateTimeField(auto_now=True)

    objects = ReviewQuerySet.as_manager()

    class Meta:
        verbose_name = _("review")
        verbose_name_plural = _("reviews")

    def __str__(self) -> str:
        return f"{self.game} review {self.key[:8]} ({self.status} {self.done}/{self.total})"

    def note_at(self, step: int) -> dict[str, Any] | None:
        """The note of the action that led to replay step `step` (step n: after the
        n-th action, i.e. the note of record.steps[n - 1])."""
        return next((n for n in self.notes if n["step"] == step - 1), None)


def is_over(game: registry.Game, record: Record) -> bool:
    """Whether `record` is a whole round (IllegalAction "bad_replay" if it is damaged)."""
    return bool(game.engine.status(states(game.engine, record)[-1])["over"]) and not record.cut


def spawn(pk: int, module: str, record: dict[str, Any]) -> None:
    """Compute the review in a thread of this process (tests replace it)."""
    threading.Thread(target=_run_in_thread, args=(pk, module, record), daemon=True).start()


def _run_in_thread(pk: int, module: str, record: dict[str, Any]) -> None:
    # This thread's own connection (never a caller's: tests run inline), given back
    # while each chunk is judged: a review holds none of the pool's connections
    # (config/settings.py, DATABASE_POOL) for the seconds it computes.
    try:
        run(pk, module, record, release=connection.close)
    finally:
        connection.close()


def run(
    pk: int, module: str, record_json: dict[str, Any], release: Callable[[], None] = lambda: None
) -> None:
    """Judge the decisions not yet judged, CHUNK at a time, saving each chunk's notes;
    `release` gives the database connection back before each chunk is judged."""
    try:
        _run(pk, module, record_json, release)
    except Exception:
        logger.exception("review %s failed", pk)
        Review.objects.filter(pk=pk).update(status=Review.FAILED, updated_at=timezone.now())


def _run(pk: int, module: str, record_json: dict[str, Any], release: Callable[[], None]) -> None:
    review = Review.objects.get(pk=pk)
    judge = import_module(module)
    record = Record.from_json(record_json)
    steps = judge.decisions(record)
    notes = list(review.notes)
    while len(notes) < len(steps):
        chunk = steps[len(notes) : len(notes) + CHUNK]
        release()
        notes += judge_chunk(module, record_json, chunk)
        Review.objects.filter(pk=pk).update(
            notes=notes, done=len(notes), total=len(steps), updated_at=timezone.now()
        )
    Review.objects.filter(pk=pk).update(
        status=Review.DONE,
        summary=judge.summary(notes),
        done=len(notes),
        total=len(steps),
        updated_at=timezone.now(),
    )


def judge_chunk(module: str, record_json: dict[str, Any], steps: list[int]) -> list[Any]:
    """The notes of `steps`, in the review's worker process when there is one."""
    pool = review_pool()
    if pool is None:
        return judge_job(module, record_json, steps)
    try:
        return pool.submit(judge_job, module, record_json, steps).result()
    except BrokenProcessPool:  # the worker died: start afresh (a retry resumes)
        set_review_pool(None)
        raise
