"""Creating a room, the invite link, claiming the guest seat and the "room full" page."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from rooms.models import Room

pytestmark = pytest.mark.django_db


def create_room(client: Client) -> tuple[Room, str]:
    response = client.post("/counter/friend/")
    assert response.status_code == 302
    room = Room.objects.get()
    assert response["Location"] == f"/r/{room.code}/"
    return room, response["Location"]


def fresh_key(html: str) -> dict | None:
    marker = '<script id="play-fresh-key" type="application/json">'
    if marker not in html:
        return None
    return json.loads(html.split(marker, 1)[1].split("</script>", 1)[0])


def test_the_friend_page_offers_to_create_a_room(client):
    html = client.get("/counter/friend/").content.decode()

    assert 'method="post"' in html
    assert "csrfmiddlewaretoken" in html


def test_creating_a_room_needs_a_csrf_token():
    assert Client(enforce_csrf_checks=True).post("/counter/friend/").status_code == 403


def test_the_host_takes_seat_1_and_gets_its_key_once_never_in_a_url(client):
    room, url = create_room(client)

    first = client.get(url).content.decode()
    again = client.get(url).content.decode()

    host = fresh_key(first)
    assert host["seat"] == 1
    assert room.seat_for_key(host["key"]).number == 1
    assert host["key"] not in url
    assert fresh_key(again) is None


def test_the_room_page_shows_the_invite_link_and_copy_button(client):
    room, url = create_room(client)

    html = client.get(url).content.decode()

    assert f'value="http://testserver/r/{room.code}/"' in html
    assert 'id="play-copy"' in html
    assert f'data-ws-path="/ws/rooms/{room.code}/"' in html


def test_the_first_guest_claims_seat_2_and_later_visitors_are_told_the_room_is_full(client):
    room, _ = create_room(client)

    guest = Client().post(f"/r/{room.code}/claim", HTTP_HX_REQUEST="true")
    late = Client().post(f"/r/{room.code}/claim", HTTP_HX_REQUEST="true")

    assert guest.status_code == 204
    claimed = json.loads(guest["HX-Trigger"])["rooms:seat"]
    assert claimed["seat"] == 2
    assert room.seat_for_key(claimed["key"]).number == 2
    assert late.status_code == 409
    assert "HX-Trigger" not in late
    assert late["HX-Replace-Url"] == f"/r/{room.code}/full/"
    html = late.content.decode()
    assert "This room is full" in html
    assert "<title>" in html  # htmx puts it in the tab's title
    assert "<html" not in html  # the partial only: it takes the play area's place


def test_the_room_page_has_no_invite_once_seat_2_is_taken(client):
    room, url = create_room(client)
    first = client.get(url).content.decode()
    Client().post(f"/r/{room.code}/claim", HTTP_HX_REQUEST="true")

    html = client.get(url).content.decode()

    assert 'id="play-invite"' in first
    assert 'id="play-invite"' not in html
    assert f'value="http://testserver/r/{room.code}/"' not in html
    assert 'id="play-copy"' not in html


def test_the_full_page_is_clear(client):
    room, _ = create_room(client)
    Client().post(f"/r/{room.code}/claim", HTTP_HX_REQUEST="true")

    response = client.get(f"/r/{room.code}/full/")

    assert response.status_code == 200
    assert "This room is full" in response.content.decode()


def test_the_full_page_sends_a_visitor_to_the_room_while_seat_2_is_free(client):
    room, _ = create_room(client)

    response = Client().get(f"/r/{room.code}/full/")

    assert response.status_code == 302
    assert response["Location"] == f"/r/{room.code}/"


def test_claiming_needs_a_post_and_a_csrf_token(client):
    room, _ = create_room(client)

    assert client.get(f"/r/{room.code}/claim").status_code == 405
    assert Client(enforce_csrf_checks=True).post(f"/r/{room.code}/claim").status_code == 403


def test_an_unknown_room_is_not_found(client):
    assert client.get("/r/nosuchroom-nosuchroom-00/").status_code == 404
    assert client.post("/r/nosuchroom-nosuchroom-00/claim").status_code == 404


def test_joining_counts_as_activity(client):
    room, _ = create_room(client)
    Room.objects.filter(pk=room.pk).update(last_activity="2020-01-01T00:00:00Z")

    Client().post(f"/r/{room.code}/claim")

    room.refresh_from_db()
    assert room.last_activity.year > 2020
