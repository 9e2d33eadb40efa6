"""Try again from here (rooms/local/tries.py): a game against the computer from a decision
the review of a finished round marked, its first decision judged as the review judged
the original, then the round going on; "Next mistake" walks the seat's marked decisions."""

from __future__ import annotations

import pytest
from django.test import Client

from gamekit.replay import Record, bot_record, states
from rooms import registry
from rooms.local.sealing import unseal
from rooms.models import Replay
from rooms.reviews import Review

pytestmark = pytest.mark.django_db

CODE = "try" * 8  # a replay code in its shape (rooms/codes.py)


def reviewed(client: Client, slug: str, seed: int = 5, mode: str = "computer") -> Review:
    """The review of a replay (CODE) of a round played in `mode`: against the computer,
    the player (seat 1) the easy level, the computer medium."""
    game = registry.get(slug)
    record = bot_record(game.engine, game.bots, seed, {1: "easy", 2: "medium"})
    Replay.objects.create(
        code=CODE, key=record.key(), game=slug, mode=mode, record=record.to_json()
    )
    client.post(f"/reviews/{CODE}/")
    return Review.objects.get(key=record.key())


def marked(review: Review, **where) -> list[dict]:
    return [
        n
        for n in review.notes
        if n["kind"] in ("ok", "miss") and all(n.get(k) == v for k, v in where.items())
    ]


def start(client: Client, slug: str, step: int, **body):
    return client.post(
        f"/play/{slug}/computer/new",
        {"from": f"{CODE}:{step}", **body},
        content_type="application/json",
    )


def act(client: Client, slug: str, token: str, action: dict):
    return client.post(
        f"/play/{slug}/computer/act",
        {"token": token, "action": action},
        content_type="application/json",
    )


def test_the_review_offers_to_try_again_from_each_marked_decision_only(client, inline) -> None:
    review = reviewed(client, "cards", mode="local")
    text = client.get(f"/reviews/{CODE}/").content.decode()

    assert text.count("Try again from here") == len(marked(review))
    for note in marked(review):
        assert f"/cards/try/{CODE}/{note['step']}/" in text
    page = client.get(f"/cards/try/{CODE}/{marked(review)[0]['step']}/")
    assert page.status_code == 200
    assert f'data-try="{CODE}:{marked(review)[0]["step"]}"' in page.content.decode()


@pytest.mark.parametrize("slug", ["cards", "tarot", "tiles"])
def test_a_try_starts_at_the_position_before_the_decision_in_its_seat(client, inline, slug) -> None:
    review = reviewed(client, slug)
    note = marked(review)[0]
    record = Record.from_json(Replay.objects.get(code=CODE).record)
    game = registry.get(slug)
    before = states(game.engine, Record(record.start, record.steps[: note["step"]]))[-1]

    data = start(client, slug, note["step"], level="easy").json()

    assert data["seat"] == note["seat"]
    assert data["status"]["turn"] == note["seat"]
    assert data["view"] == game.engine.view(before, note["seat"])
    assert data["tried"]["step"] == note["step"] + 1
    assert data["tried"]["judged"] is None
    assert unseal(data["token"])["level"] == "easy"


def test_the_strong_levels_choice_is_judged_as_good_and_the_round_goes_on(client, inline) -> None:
    review = reviewed(client, "cards")
    note = next(n for n in marked(review) if n.get("card"))  # a discard: its better card
    token = start(client, "cards", note["step"]).json()["token"]

    data = act(client, "cards", token, {"type": "discard", "card": note["card"]}).json()

    assert data["tried"]["judged"]["kind"] == "best"
    assert data["tried"]["judged"]["verdict"] == "As good as the strong level."
    assert data["status"]["over"] or data["status"]["turn"] == note["seat"]  # it answered
    later = [n for n in marked(review, seat=note["seat"]) if n["step"] > note["step"]]
    if later:
        assert data["tried"]["next"] == f"/cards/try/{CODE}/{later[0]['step']}/"


def test_the_same_move_again_is_judged_as_the_review_judged_it(client, inline) -> None:
    review = reviewed(client, "cards")
    note = next(n for n in marked(review) if n.get("card"))
    record = Record.from_json(Replay.objects.get(code=CODE).record)
    token = start(client, "cards", note["step"]).json()["token"]

    data = act(client, "cards", token, record.steps[note["step"]].action).json()

    judged = data["tried"]["judged"]
    assert judged["kind"] != "best"
    assert judged["verdict"] != "As good as the strong level."
    assert "The strong level would have discarded" in judged["html"]


def test_only_a_marked_decision_of_a_reviewed_replay_can_be_tried(client, inline) -> None:
    review = reviewed(client, "cards")
    best = next(n for n in review.notes if n["kind"] == "best")

    assert start(client, "cards", best["step"]).json()["code"] == "no_try"
    assert start(client, "cards", 10_000).json()["code"] == "no_try"
    bad = client.post(
        "/play/cards/computer/new", {"from": "nonsense"}, content_type="application/json"
    )
    assert bad.json()["code"] == "no_try"
    other = client.post(
        "/play/cards/computer/new",
        {"from": f"{'x' * 24}:{marked(review)[0]['step']}"},
        content_type="application/json",
    )
    assert other.json()["code"] == "unknown_replay"
    local = client.post(
        "/play/cards/local/new",
        {"from": f"{CODE}:{marked(review)[0]['step']}"},
        content_type="application/json",
    )
    assert local.json()["code"] == "no_try"


def test_a_try_in_the_second_seat_has_the_computer_play_the_first(client, inline) -> None:
    review = reviewed(client, "tarot", mode="local")  # both seats were people
    note = next((n for n in marked(review) if n["seat"] == 2), None)
    assert note is not None
    token = start(client, "tarot", note["step"]).json()["token"]
    payload = unseal(token)
    assert payload["human"] == 2

    engine = registry.get("tarot").engine
    legal = engine.view(engine.from_json(payload["state"]), 2)["legal"]
    data = act(client, "tarot", token, {"type": "play", "card": legal[0]}).json()

    assert data["seat"] == 2
    assert data["status"]["over"] or data["status"]["turn"] == 2
    assert data["tried"]["judged"] is not None
