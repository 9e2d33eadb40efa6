"""The rooms admin: for staff only, read-only, seat keys never shown."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from rooms import registry
from rooms.models import Room

pytestmark = pytest.mark.django_db


@pytest.fixture
def room() -> Room:
    room = Room.objects.create_for("counter")
    room.claim_host_seat()
    return room


@pytest.fixture
def staff() -> Client:
    client = Client()
    # No password: hashing one would only slow the tests down.
    client.force_login(User.objects.create(username="boss", is_staff=True, is_superuser=True))
    return client


def test_the_room_list_shows_the_games_name_code_seats_version_round_and_idle_time(staff, room):
    html = staff.get("/admin/rooms/room/").content.decode()

    for text in (room.code[:10], '<td class="field-game_name">Counter</td>', "Idle for"):
        assert text in html
    for text in ("Version", "Round"):
        assert text in html
    # The code is cut short, so that the list fits a 1280 px screen.
    assert room.code not in html


def test_rooms_can_be_searched_by_code_and_filtered(staff, room):
    other = Room.objects.create_for("counter")

    html = staff.get("/admin/rooms/room/", {"q": room.code[:10]}).content.decode()
    assert room.code[:10] in html
    assert other.code[:10] not in html
    for query in ({"idle": "7"}, {"finished__exact": "1"}, {"game": "counter"}):
        assert staff.get("/admin/rooms/room/", query).status_code == 200


def test_a_rooms_page_folds_the_state_away_pretty_and_never_shows_the_key_hash(staff, room):
    seat = room.seat(1)

    html = staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode()

    assert "<details><summary>The saved state (JSON)</summary><pre>{\n" in html
    assert "&quot;total&quot;: 0" in html
    assert seat.key_hash not in html


def summary_rows(html: str) -> dict[str, str]:
    table = html.split('<table class="room-summary">', 1)[1].split("</table>", 1)[0]
    return dict(re.findall(r"<tr><th>(.*?)</th><td>(.*?)</td></tr>", table))


def test_a_rooms_page_sums_up_players_presence_round_version_turn_and_counts(staff):
    room = Room.objects.create_for("tiles")
    room.claim_host_seat()

    rows = summary_rows(staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode())

    assert rows == {
        "game": "Tile rummy",
        "seat 1": "teal, claimed, not connected",
        "seat 2": "amber, free, not connected",
        "round": "1",
        "version": "0",
        "to play": "seat 1",
        "pool": "78",
        "rack": "1: 14, 2: 14",
    }


def test_a_finished_rooms_summary_names_the_winner_and_the_scores(staff, room):
    engine = room.engine
    state = room.game_state()
    while not engine.status(state)["over"]:
        state = engine.apply(state, engine.status(state)["turn"], {"type": "add", "amount": 3})
    Room.objects.filter(pk=room.pk).update(state=engine.to_json(state), finished=True)
    winner = engine.status(state)["winner"]

    rows = summary_rows(staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode())

    assert "to play" not in rows
    assert rows["game over"] == f"seat {winner} won (1: {int(winner == 1)}, 2: {int(winner == 2)})"


def test_the_purge_action_deletes_the_selected_rooms(staff, room):
    kept = Room.objects.create_for("counter")

    response = staff.post(
        "/admin/rooms/room/",
        {"action": "purge_selected", "_selected_action": [room.pk]},
        follow=True,
    )

    assert response.status_code == 200
    assert "Purged 1 room." in response.content.decode()
    assert list(Room.objects.all()) == [kept]


@pytest.mark.parametrize("who", ["anonymous", "not staff"])
def test_the_admin_refuses_everyone_else(room, who):
    client = Client()
    if who == "not staff":
        client.force_login(User.objects.create(username="guest"))

    for url in ("/admin/rooms/room/", f"/admin/rooms/room/{room.pk}/change/"):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")


@pytest.mark.parametrize("slug", [game.slug for game in registry.all_games()])
def test_every_games_room_is_summed_up_from_its_engine(staff, slug):
    room = Room.objects.create_for(slug)
    view = room.engine.view(room.game_state(), None)
    game = registry.get(slug)

    rows = summary_rows(staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode())

    assert rows["game"] == str(game.name)
    assert rows["to play"] == f"seat {room.status()['turn']}"
    for key, label in game.counts.items():
        assert key in view
        assert label in rows
