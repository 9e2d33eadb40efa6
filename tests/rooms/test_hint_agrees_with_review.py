"""Issue 43, item 6: the hint and the review both speak for the strong level, so they
give the same advice on the same position. A player who follows every hint against the
computer, through the site's own endpoints, finds no decision of theirs in the review of
that round said to be unlike the strong level's, let alone a mistake."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from rooms import registry, throttle
from rooms.local import computer
from rooms.local import play as local_play

pytestmark = pytest.mark.django_db  # a game records its save (rooms.saves)

# The first texts of a note that agrees with what the player did, per game.
AGREEING = {
    "cards": {
        "The strong level would have drawn the same way.",
        "The strong level would have discarded the same card.",
        "The strong level would have made the same meld.",
    },
    "tarot": {
        "The strong level would have played the same card.",
        "The only card that could be played.",
    },
    "tiles": {"No placement puts down more tiles.", "No tile could go down this turn."},
}


@pytest.fixture(autouse=True)
def computer_inline(monkeypatch):
    """The computer thinks in the test's own process (no worker to start)."""
    previous = computer.set_computer_pool(None)
    monkeypatch.setattr(computer, "COMPUTER_PROCESSES", None)
    yield
    computer.set_computer_pool(previous)


@pytest.fixture(autouse=True)
def a_minute_between_requests(monkeypatch):
    """A whole round asks more hints than a player may in one minute (rooms.throttle)."""
    minutes = iter(range(0, 10**9, 61))
    monkeypatch.setattr(throttle, "clock", lambda: float(next(minutes)))


def post(client: Client, url: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(url, body, content_type="application/json")
    assert answer.status_code == 200, answer.content
    return answer.json()


def hinted_action(slug: str, hint: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """What a player does who follows `hint` to the letter."""
    if slug == "cards":
        return hint["action"]
    if slug == "tarot":
        return {"type": "play", "card": hint["card"]}
    assert hint.get("code") != "too_long", hint
    if hint.get("edit"):
        return {"type": "play", "table": hint["edit"]["table"]}
    return {"type": "draw"} if view["pool_count"] else {"type": "pass"}


def play_a_round_following_every_hint(client: Client, slug: str) -> str:
    """The token of a finished round against the computer (easy) where the player did
    what every hint said."""
    game = registry.get(slug)
    answer = post(client, f"/play/{slug}/computer/new", {"level": "easy"})
    for _ in range(400):
        if answer["status"]["over"]:
            return answer["token"]
        hint = post(client, f"/{slug}/hint/", {"token": answer["token"]})
        _mode, seat, state = local_play.open_sealed(slug, answer["token"])
        action = hinted_action(slug, hint, game.engine.view(state, seat))
        body = {"token": answer["token"], "action": action}
        answer = post(client, f"/play/{slug}/computer/act", body)
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("slug", ["cards", "tarot", "tiles"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_player_who_followed_every_hint_sees_no_decision_unlike_the_strong_levels(
    client: Client, monkeypatch, slug: str, seed: int
) -> None:
    # The same deals every run (the deal's seed is otherwise unguessable).
    seeds = iter(range(seed * 1000, seed * 1000 + 100))
    monkeypatch.setattr(local_play, "new_seed", lambda: next(seeds))
    token = play_a_round_following_every_hint(client, slug)

    _mode, record = local_play.finished_record(slug, token)
    review = registry.get(slug).review
    notes = [n for n in review.judge(record, review.decisions(record)) if n["seat"] == 1]

    assert notes
    assert [n for n in notes if n["kind"] == "miss"] == []
    unlike = [n for n in notes if n["text"][0]["id"] not in AGREEING[slug]]
    assert unlike == []
