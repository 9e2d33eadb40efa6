"""The rooms admin: for staff only, read-only, seat keys never shown."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

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


def test_the_room_list_shows_game_code_seats_version_round_and_activity(staff, room):
    html = staff.get("/admin/rooms/room/").content.decode()

    for text in (room.code, "counter", "Last activity", "Version", "Round"):
        assert text in html


def test_rooms_can_be_searched_by_code_and_filtered(staff, room):
    other = Room.objects.create_for("counter")

    html = staff.get("/admin/rooms/room/", {"q": room.code[:10]}).content.decode()
    assert room.code in html
    assert other.code not in html
    for query in ({"idle": "7"}, {"finished__exact": "1"}, {"game": "counter"}):
        assert staff.get("/admin/rooms/room/", query).status_code == 200


def test_a_rooms_page_shows_the_state_pretty_and_never_the_key_hash(staff, room):
    seat = room.seat(1)

    html = staff.get(f"/admin/rooms/room/{room.pk}/change/").content.decode()

    assert "<pre>{\n" in html
    assert "&quot;total&quot;: 0" in html
    assert seat.key_hash not in html


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
