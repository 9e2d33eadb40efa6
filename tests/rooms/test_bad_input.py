"""Bad input to the local and computer endpoints: a clear translated message, no 500."""

from __future__ import annotations

import pytest

from rooms.local.sealing import seal, unseal

pytestmark = pytest.mark.django_db

ADD = {n: {"type": "add", "amount": n} for n in (1, 2, 3, 5)}


def post(client, url: str, body, **extra):
    return client.post(url, body, content_type="application/json", **extra)


def new_token(client) -> str:
    return post(client, "/play/counter/local/new", {}).json()["token"]


def test_a_tampered_token_is_refused_with_a_clear_message(client):
    token = new_token(client)
    tampered = token[:-8] + ("A" if token[-8] != "A" else "B") + token[-7:]

    response = post(
        client,
        "/play/counter/local/act",
        {"token": tampered, "action": {"type": "add", "amount": 1}},
    )

    assert response.status_code == 400
    assert response.json() == {
        "code": "bad_token",
        "message": "This saved game cannot be read. Start a new round.",
    }


@pytest.mark.parametrize("token", ["", "garbage", 42, None, ["x"], "x" * 61_000])
def test_garbage_tokens_are_refused(client, token):
    response = post(client, "/play/counter/local/act", {"token": token, "action": ADD[1]})

    assert response.status_code == 400
    assert response.json()["code"] == "bad_token"


def test_a_token_from_an_older_schema_is_called_outdated(client):
    payload = unseal(new_token(client))
    payload["state"]["schema"] = 0

    response = post(client, "/play/counter/local/show", {"token": seal(payload)})

    assert response.status_code == 400
    assert response.json()["code"] == "outdated_token"
    assert "older version" in response.json()["message"]


def test_a_token_of_another_game_is_refused(client):
    payload = unseal(new_token(client))
    payload["game"] = "tiles"

    response = post(client, "/play/counter/local/show", {"token": seal(payload)})

    assert response.json()["code"] == "wrong_game"


def test_the_message_is_translated_for_the_players_language(client):
    response = post(
        client,
        "/play/counter/local/act",
        {"token": "garbage", "action": {}},
        headers={"accept-language": "ru"},
    )

    assert response.status_code == 400
    assert response.json()["code"] == "bad_token"
    message = "Не удаётся прочитать сохранённую партию. Начните новый раунд."
    assert response.json()["message"] == message


def test_an_illegal_action_is_refused_with_the_engines_code_and_nothing_changes(client):
    token = new_token(client)

    response = post(client, "/play/counter/local/act", {"token": token, "action": ADD[5]})

    assert response.status_code == 400
    assert response.json() == {"code": "bad_amount", "message": "Add 1, 2 or 3."}


def test_an_unknown_action_type_is_refused(client):
    response = post(
        client, "/play/counter/local/act", {"token": new_token(client), "action": {"type": "fly"}}
    )

    assert response.json()["code"] == "unknown_action"


def test_malformed_json_is_refused(client):
    response = client.post("/play/counter/local/act", "{nope", content_type="application/json")

    assert response.status_code == 400
    assert response.json()["code"] == "bad_request"


@pytest.mark.parametrize(
    "body", ["[" * 3000 + "]" * 3000, '{"a":' * 2500 + "1" + "}" * 2500, '{"token": NaN}']
)
def test_deeply_nested_or_non_standard_json_is_refused(client, body):
    response = client.post("/play/counter/local/act", body, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["code"] == "bad_request"


def test_an_oversized_body_is_refused(client):
    response = post(client, "/play/counter/local/act", {"token": "x", "pad": "y" * 70_000})

    assert response.json()["code"] == "too_large"


def test_an_unknown_level_is_refused(client):
    response = post(client, "/play/counter/computer/new", {"level": "godlike"})

    assert response.json()["code"] == "bad_level"


def test_an_unknown_game_is_refused(client):
    response = post(client, "/play/nogame/local/new", {})

    assert response.status_code == 400
    assert response.json()["code"] == "unknown_game"


def test_the_endpoints_need_a_csrf_token():
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)

    assert post(strict, "/play/counter/local/new", {}).status_code == 403


def test_a_rummy_game_saved_before_the_history_plays_on(client):
    """A sealed rummy game of schema 1 (before each seat's history was kept) is still
    read, as the engine reads it: a game in progress is not lost to an update."""
    from cards import engine

    data = post(client, "/play/cards/computer/new", {}).json()
    payload = unseal(data["token"])
    payload["state"]["schema"] = 1
    del payload["state"]["history"], payload["state"]["events"]

    shown = post(client, "/play/cards/computer/show", {"token": seal(payload)})
    assert shown.status_code == 200
    moved = post(
        client,
        "/play/cards/computer/act",
        {"token": shown.json()["token"], "action": {"type": "draw", "source": "stock"}},
    )
    assert moved.status_code == 200
    assert unseal(moved.json()["token"])["state"]["schema"] == engine.SCHEMA
