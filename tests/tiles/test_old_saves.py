"""A tile rummy game saved before the move events (schema 1, issue 56) is not lost: its
token opens against the computer as it was, and play goes on with events from there;
a room's state of schema 1 reads the same way (tiles/codec.py)."""

from __future__ import annotations

import pytest

from rooms.local.sealing import seal, unseal
from tiles import engine

pytestmark = pytest.mark.django_db


def post(client, url: str, body: dict):
    return client.post(url, body, content_type="application/json")


def schema_one(state) -> dict:
    """`state` as a save of schema 1 wrote it: no events."""
    data = engine.to_json(state)
    del data["events"]
    return {**data, "schema": 1}


def test_a_token_from_before_the_events_opens_and_plays_on(client):
    state = engine.apply(engine.new_round(21, 1), 1, {"type": "draw"})
    state = engine.apply(state, 2, {"type": "draw"})
    payload = {"game": "tiles", "mode": "computer", "level": "easy", "round": 1}
    payload |= {"seed": 21, "moves": 2, "seat": 1, "state": schema_one(state)}
    token = seal(payload)

    shown = post(client, "/play/tiles/computer/show", {"token": token})
    assert shown.status_code == 200, shown.content
    data = shown.json()
    assert data["view"]["rack"] == list(state.racks[1])
    assert data["view"]["table"] == []
    assert data["view"]["events"] == []  # nothing to say of the moves before it

    played = post(
        client, "/play/tiles/computer/act", {"token": data["token"], "action": {"type": "draw"}}
    ).json()
    assert unseal(played["token"])["state"]["schema"] == engine.SCHEMA
    assert played["view"]["events"][0]["n"] == 1
    assert played["view"]["events"][0]["pieces"] == [played["view"]["rack"][-1]]
    assert "data-events" in played["html"]
