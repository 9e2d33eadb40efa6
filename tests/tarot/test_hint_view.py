"""The hint endpoint: the strong level's card, for one device and against the computer
only, read from the game's sealed token (never from what the page claims)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from django.test import Client

from rooms.local.sealing import seal, unseal
from tarot import bots, engine, hint
from tarot.state import State
from tarot.turns import legal_cards

URL = "/tarot/hint/"


def post(client: Client, body: Any, url: str = URL, **headers: str) -> Any:
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(url, data, content_type="application/json", **headers)


def token(state: State, mode: str = "computer", game: str = "tarot") -> str:
    payload = {"game": game, "mode": mode, "level": "easy" if mode == "computer" else None}
    payload |= {"round": 1, "seed": 5, "moves": 0, "seat": 1, "state": engine.to_json(state)}
    return seal(payload)


def mid_trick() -> State:
    """A real round (tokens hold only states a game can reach): seat 1 has led a card."""
    state = engine.new_round(11, 1)
    return engine.apply(state, 1, engine.legal_actions(state, 1)[0])


def finished() -> State:
    state = engine.new_round(12, 1)
    rng = random.Random(0)
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        state = engine.apply(state, seat, bots.choose(state, seat, "easy", rng))
    return state


@pytest.fixture
def client() -> Client:
    return Client(enforce_csrf_checks=True)


def test_against_the_computer_the_hint_is_a_legal_card_for_the_player(client: Client) -> None:
    state = engine.new_round(11, 1)
    response = post(client, {"token": token(state)})
    assert response.status_code == 200
    body = response.json()
    assert body["card"] in legal_cards(state, 1)
    assert body["message"].startswith("Hint: ")
    assert "token" not in body  # a hint changes nothing


def test_on_one_device_the_hint_is_for_the_seat_to_move(client: Client) -> None:
    body = post(client, {"token": token(mid_trick(), "local")}).json()
    assert body["card"] in legal_cards(mid_trick(), 2)


def test_the_hint_is_the_strong_levels_card_for_the_sealed_position(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = []

    def choose(state: State, seat: int, level: str, rng: random.Random) -> dict:
        asked.append((engine.to_json(state), seat, level))
        return {"type": "play", "card": "HK"}

    monkeypatch.setattr(hint.bots, "choose", choose)
    body = post(client, {"token": token(mid_trick(), "local")}).json()
    assert asked == [(engine.to_json(mid_trick()), 2, "strong")]
    assert body == {"card": "HK", "message": "Hint: king of hearts."}


def test_the_hint_answers_within_a_second_of_cpu(client: Client) -> None:
    state = engine.new_round(3, 1)
    started = time.process_time()
    assert post(client, {"token": token(state)}).status_code == 200
    assert time.process_time() - started < 1


def test_an_online_game_gets_no_hint(client: Client) -> None:
    # Online there is no token, and a room's state can never be passed off as one
    # (tokens are sealed by the server); what the page says of its mode is not read.
    response = post(client, {"mode": "computer"})
    assert response.status_code == 400
    assert response.json() == {
        "code": "online",
        "message": "The hint is for games on one device or against the computer.",
    }


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"token": "not a token"}, "bad_token"),
        ({"token": "TILES"}, "wrong_game"),
        ({"token": "OVER"}, "game_over"),
        ({"token": "OVER_LOCAL"}, "game_over"),
        ({"token": "COMPUTERS_TURN"}, "not_your_turn"),
        ('{"token": ', "bad_request"),
        ("[1, 2]", "bad_request"),
    ],
)
def test_bad_requests_get_a_clear_400_and_never_a_500(client: Client, body: Any, code: str) -> None:
    over = finished()
    tokens = {
        "COMPUTER": token(mid_trick()),
        "TILES": token(mid_trick(), game="tiles"),
        "OVER": token(over),
        "OVER_LOCAL": token(over, "local"),
        "COMPUTERS_TURN": token(engine.new_round(4, 2)),  # the computer (seat 2) leads
    }
    if isinstance(body, dict) and body.get("token") in tokens:
        body = {**body, "token": tokens[body["token"]]}
    response = post(client, body)
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert response.json()["message"]


def test_the_message_is_in_the_readers_language(client: Client) -> None:
    sealed = token(mid_trick(), "local")
    body = post(client, {"token": sealed}, HTTP_ACCEPT_LANGUAGE="ru").json()
    assert body["message"].startswith("Подсказка: ")


def test_only_post_is_allowed(client: Client) -> None:
    assert client.get(URL).status_code == 405


def test_the_sealed_token_is_read_not_changed(client: Client) -> None:
    sealed = token(mid_trick(), "local")
    post(client, {"token": sealed})
    assert unseal(sealed)["state"] == engine.to_json(mid_trick())
