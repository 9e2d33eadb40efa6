"""rooms.reviews: a round's review is computed once per record and kept, a chunk of
decisions at a time in a worker process of its own (niced), with its progress on the row; an
abandoned one is taken up again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from gamekit.replay import bot_record
from rooms import registry, reviews
from rooms.errors import RoomError
from rooms.reviews import Review
from rooms.workers import judge_job

pytestmark = pytest.mark.django_db


@pytest.fixture
def tiles():
    game = registry.get("tiles")
    record = bot_record(game.engine, game.bots, 5, {1: "medium", 2: "strong"})
    return game, record


@pytest.fixture
def inline(monkeypatch):
    """No worker pool, and the review computed at once in the request's thread."""
    previous = reviews.set_review_pool(None)
    monkeypatch.setattr(reviews, "REVIEW_PROCESSES", None)
    started = []

    def spawn(pk, module, record):
        started.append(pk)
        reviews.run(pk, module, record)

    monkeypatch.setattr(reviews, "spawn", spawn)
    yield started
    reviews.set_review_pool(previous)


def test_a_review_is_computed_once_and_kept(tiles, inline):
    game, record = tiles
    review = Review.objects.start(game, record)
    review.refresh_from_db()
    assert review.status == Review.DONE
    assert review.done == review.total == len(record.steps)
    assert review.notes == game.review.judge(record, game.review.decisions(record))
    assert review.summary == game.review.summary(review.notes)
    again = Review.objects.start(game, record)
    assert again.pk == review.pk
    assert inline == [review.pk]  # not computed a second time
    assert Review.objects.count() == 1


def test_progress_is_saved_chunk_by_chunk_and_a_stale_review_resumes_where_it_stopped(
    tiles, inline, monkeypatch
):
    game, record = tiles
    monkeypatch.setattr(reviews, "CHUNK", 5)
    real, seen = reviews.judge_chunk, []

    def dies_after_two(module, record_json, steps):
        seen.append(Review.objects.get().done)
        if len(seen) > 2:
            raise RuntimeError("the server process died")
        return real(module, record_json, steps)

    monkeypatch.setattr(reviews, "judge_chunk", dies_after_two)
    review = Review.objects.start(game, record)
    review.refresh_from_db()
    assert seen == [0, 5, 10]
    assert review.status == Review.FAILED
    assert review.done == 10
    # A run abandoned while "running" (the process died): stale after STALE_SECONDS.
    long_ago = timezone.now() - timedelta(seconds=reviews.STALE_SECONDS + 1)
    Review.objects.update(status=Review.RUNNING, updated_at=long_ago)
    monkeypatch.setattr(reviews, "judge_chunk", real)
    review = Review.objects.start(game, record)
    review.refresh_from_db()
    assert review.status == Review.DONE
    assert review.notes == game.review.judge(record, game.review.decisions(record))
    assert len(inline) == 2


def test_a_review_being_computed_by_a_live_process_is_not_started_again(tiles, inline):
    game, record = tiles
    Review.objects.create(key=record.key(), game="tiles", status=Review.RUNNING, total=3)
    review = Review.objects.start(game, record)
    assert review.status == Review.RUNNING
    assert inline == []


def test_the_note_of_a_replay_step_is_that_of_the_action_that_led_to_it(tiles, inline):
    game, record = tiles
    review = Review.objects.start(game, record)
    review.refresh_from_db()
    assert review.note_at(0) is None  # as dealt: no decision yet
    assert review.note_at(1)["step"] == 0
    assert review.note_at(len(record.steps))["step"] == len(record.steps) - 1


def test_a_chunk_judged_in_a_worker_process_is_the_same_as_at_home(tiles):
    game, record = tiles
    steps = game.review.decisions(record)[:6]
    module = game.review.__name__
    # The review's own worker (forkserver, niced): it imports the game's review, no Django.
    notes = reviews.judge_chunk(module, record.to_json(), steps)
    assert notes == judge_job(module, record.to_json(), steps)


def test_an_unfinished_round_and_a_game_without_review_are_refused(tiles, inline):
    game, record = tiles
    unfinished = type(record)(record.start, record.steps[:-1])
    with pytest.raises(RoomError) as refused:
        Review.objects.start(game, unfinished)
    assert refused.value.code == "round_not_over"
    with pytest.raises(RoomError) as refused:
        Review.objects.start(registry.get("counter"), record)
    assert refused.value.code == "no_review"
    assert not Review.objects.exists()


def test_purge_rooms_forgets_a_review_once_its_replay_is_gone(tiles):
    from django.core.management import call_command

    from rooms.models import Replay

    _game, record = tiles
    Replay.objects.create(
        code="kept", key=record.key(), game="tiles", mode="local", record=record.to_json()
    )
    Review.objects.create(key=record.key(), game="tiles", status=Review.DONE)
    Review.objects.create(key="z" * 64, game="tiles", status=Review.DONE)
    call_command("purge_rooms")
    assert list(Review.objects.values_list("key", flat=True)) == [record.key()]


def test_the_review_worker_yields_the_cpu_to_play():
    import os

    assert reviews.review_pool().submit(os.nice, 0).result() == reviews.REVIEW_NICE
