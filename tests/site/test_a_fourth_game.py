"""A fourth game needs only its own app and one line in INSTALLED_APPS: the counter game
(tests/counter_game, whose game.py defines GAME) plugs in with no other file touched,
and the site lists it, plays it on one device and opens a room of it."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import override_settings

from rooms import registry
from rooms.models import Room

pytestmark = pytest.mark.django_db


@pytest.fixture
def fourth_game():
    with override_settings(INSTALLED_APPS=[*settings.INSTALLED_APPS, "tests.counter_game"]):
        yield registry.get("counter")
    registry.unregister("counter")


def test_a_game_in_installed_apps_is_registered_by_its_game_module(fourth_game):
    assert fourth_game is not None
    assert fourth_game.name == "Counter"
    assert [game.slug for game in registry.all_games()][-1] == "counter"


def test_the_home_page_lists_the_fourth_game_with_its_modes_and_rules(client, fourth_game):
    html = client.get("/").content.decode()

    assert 'id="game-counter-title">Counter</h2>' in html
    for path in ("/counter/friend/", "/counter/computer/", "/counter/local/", "/counter/rules/"):
        assert f'href="{path}"' in html
    assert "Counter" in html.split('name="description" content="', 1)[1].split('"', 1)[0]


def test_the_fourth_game_plays_on_one_device_and_in_a_room(client, fourth_game):
    assert client.get("/counter/local/").status_code == 200
    assert client.get("/counter/computer/").status_code == 200

    response = client.post("/counter/friend/")
    room = Room.objects.get()
    assert response["Location"] == f"/r/{room.code}/"
    assert room.game == "counter"
    assert client.get(response["Location"]).status_code == 200


def test_the_site_without_it_does_not_know_it():
    assert registry.get("counter") is None
