"""The review panel of a replay (rooms/review_views.py): POST starts the review, GET
answers the panel as it stands; an unknown replay, a game without review and a damaged
record are refused with a translated message."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from gamekit.replay import bot_record
from rooms import registry, reviews
from rooms.models import Replay
from rooms.replay_views import SESSION_PLAYED
from rooms.reviews import Review

pytestmark = pytest.mark.django_db

# Replay codes in their shape (rooms/codes.py: 24 characters).
CODE, BAD, CUT, NOSUCH = ("abc" * 8, "bad" * 8, "cut" * 8, "nosuch" * 4)


def replay_of(slug: str, seed: int = 5, code: str = CODE, mode: str = "computer") -> Replay:
    game = registry.get(slug)
    record = bot_record(game.engine, game.bots, seed, {1: "medium", 2: "strong"})
    return Replay.objects.create(
        code=code, key=record.key(), game=slug, mode=mode, record=record.to_json()
    )


def test_the_panel_offers_the_review_then_shows_each_decisions_note(client: Client, inline):
    replay = replay_of("tiles")
    first = client.get(f"/reviews/{CODE}/")
    assert first.status_code == 200
    assert b'data-review="start"' in first.content
    assert not Review.objects.exists()  # a look does not start it
    done = client.post(f"/reviews/{CODE}/")
    assert done.status_code == 200
    text = done.content.decode()
    review = Review.objects.get(key=replay.key)
    assert review.status == Review.DONE
    assert 'data-review-status="done"' in text
    assert text.count("data-review-step=") == review.total
    assert "turns played:" in text
    assert 'class="review-better"' in text  # the better table, on demand
    assert 'class="tile-sets"' in text


@pytest.mark.parametrize("slug", ["cards", "tarot"])
def test_the_card_games_notes_name_their_cards_in_the_players_language(client, inline, slug):
    replay_of(slug)
    with translation.override("ru"):
        text = client.post(f"/reviews/{CODE}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Разбор компьютером" in text
    assert "Сильный уровень" in text


@pytest.mark.parametrize(
    ("mode", "names"),
    [("computer", ("You", "The computer")), ("friend", ("Player 1", "Player 2"))],
)
def test_the_notes_and_the_summary_name_the_seats_as_the_replays_board_does(
    client: Client, inline, mode: str, names: tuple[str, str]
):
    replay_of("cards", mode=mode)
    # The player who made the replay from their own game (rooms.replay_views.played).
    session = client.session
    session[SESSION_PLAYED] = [CODE]
    session.save()
    text = client.post(f"/reviews/{CODE}/").content.decode()
    board = client.get(f"/replays/{CODE}/").content.decode()

    for name in names:
        shown = f'<span class="seat-name" data-colour="{"teal" if name == names[0] else "amber"}"'
        assert f"{shown}>{name}</span>" in text
        assert f">{name}</span>" in board
    if mode == "computer":
        assert "Player 1" not in text


def test_a_running_review_shows_its_progress(client: Client, inline):
    replay = replay_of("tiles")
    Review.objects.create(key=replay.key, game="tiles", status=Review.RUNNING, done=12, total=40)
    text = client.get(f"/reviews/{CODE}/").content.decode()
    assert 'data-review-status="running"' in text
    assert "Reviewing… 12 of 40 decisions" in text
    assert '<progress max="40" value="12">' in text


def test_refusals_say_why_and_change_nothing(client: Client, inline):
    assert client.get(f"/reviews/{NOSUCH}/").status_code == 404
    assert client.post(f"/reviews/{NOSUCH}/").status_code == 404
    Replay.objects.create(code=BAD, key="x" * 64, game="tiles", mode="local", record={"no": 1})
    assert client.post(f"/reviews/{BAD}/").status_code == 400
    replay = replay_of("tiles", code=CUT)
    record = dict(replay.record, steps=replay.record["steps"][:-2])
    Replay.objects.filter(code=CUT).update(record=record, key="y" * 64)
    unfinished = client.post(f"/reviews/{CUT}/")
    assert unfinished.status_code == 409
    assert "once it is over" in unfinished.content.decode()
    assert not Review.objects.exists()


def test_a_look_takes_up_an_abandoned_review_and_only_the_button_retries_a_failed_one(
    client: Client, inline
):
    from datetime import timedelta

    from django.utils import timezone

    replay = replay_of("tiles")
    Review.objects.create(key=replay.key, game="tiles", status=Review.FAILED, done=8, total=68)
    text = client.get(f"/reviews/{CODE}/").content.decode()
    assert "could not be finished" in text
    assert Review.objects.get().status == Review.FAILED
    long_ago = timezone.now() - timedelta(seconds=reviews.STALE_SECONDS + 1)
    Review.objects.update(status=Review.RUNNING, updated_at=long_ago)
    assert 'data-review-status="done"' in client.get(f"/reviews/{CODE}/").content.decode()
