"""The one hint endpoint of every game (rooms/local/hints.py): a game without a hint has none,
and a token is read only by its own game's hint."""

from __future__ import annotations

import pytest
from django.test import Client

from rooms.local import play as local_play

pytestmark = pytest.mark.django_db  # a new game records its save (rooms.saves)


def post(client: Client, url: str, body: object):
    return client.post(url, body, content_type="application/json")


def test_a_game_without_a_hint_has_no_hint_endpoint(client: Client) -> None:
    token = local_play.new_game("counter", "local", None).token

    assert post(client, "/counter/hint/", {"token": token}).status_code == 404
    assert post(client, "/nosuchgame/hint/", {"token": token}).status_code == 404


@pytest.mark.parametrize(
    ("game", "other"), [("cards", "tarot"), ("tarot", "tiles"), ("tiles", "cards")]
)
def test_a_token_of_another_game_is_refused(client: Client, game: str, other: str) -> None:
    token = local_play.new_game(game, "local", None).token

    answer = post(client, f"/{other}/hint/", {"token": token})

    assert answer.status_code == 400
    assert answer.json()["code"] == "wrong_game"
    assert post(client, f"/{game}/hint/", {"token": token}).status_code == 200
