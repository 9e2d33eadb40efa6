"""A try's verdict is about the decision it tries (issue 58, item 4): in rummy, a discard
tried again is judged at the discard, not at a meld laid down before it."""

from __future__ import annotations

import pytest
from django.test import Client

from gamekit.replay import bot_record
from rooms import registry
from rooms.models import Replay
from rooms.reviews import Review

pytestmark = pytest.mark.django_db

CODE = "try" * 8  # a replay code in its shape (rooms/codes.py)
# Round 1 of rummy, both seats medium: at step 38 the player (seat 1) discarded where the
# strong level would have melded 6D 7D 8D first.
SEED, STEP, MELD = 1, 38, ["6D", "7D", "8D"]


def post(client: Client, url: str, body: dict) -> dict:
    return client.post(url, body, content_type="application/json").json()


def test_a_rummy_discard_tried_is_judged_at_the_discard_not_at_the_meld_before_it(
    client: Client, inline
) -> None:
    game = registry.get("cards")
    record = bot_record(game.engine, game.bots, SEED, {1: "medium", 2: "medium"})
    Replay.objects.create(
        code=CODE, key=record.key(), game="cards", mode="computer", record=record.to_json()
    )
    client.post(f"/reviews/{CODE}/")
    note = next(n for n in Review.objects.get(key=record.key()).notes if n["step"] == STEP)
    assert record.steps[STEP].action["type"] == "discard"
    assert note["kind"] in ("ok", "miss")
    token = post(client, "/play/cards/computer/new", {"from": f"{CODE}:{STEP}"})["token"]

    melded = post(
        client,
        "/play/cards/computer/act",
        {"token": token, "action": {"type": "meld", "cards": MELD}},
    )
    assert melded["tried"]["judged"] is None  # the discard tried is still to come
    discarded = post(
        client,
        "/play/cards/computer/act",
        {"token": melded["token"], "action": {"type": "discard", "card": note["card"]}},
    )

    judged = discarded["tried"]["judged"]
    assert judged is not None
    assert judged["verdict"] == "As good as the strong level."
