"""Taking a seat to another device (issue 25): a one-time link that lasts ten minutes,
its QR code, the new browser's key and the old browser's socket."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import timezone

from rooms.models import Room, SeatMove, hash_key
from rooms.online import seat_moves
from tests.rooms.test_join import create_room, fresh_key
from tests.rooms.wsclient import close_all, hello, make_room, open_socket, receive


def host_key(client: Client) -> tuple[Room, str]:
    room, url = create_room(client)
    return room, fresh_key(client.get(url).content.decode())["key"]


def token_of(html: str) -> str:
    return html.split('id="play-move-link" type="text" readonly value="', 1)[1].split('"')[0]


@pytest.mark.django_db
class TestMoves:
    def test_a_move_works_once_and_the_old_key_stops_working(self):
        room = Room.objects.create_for("counter")
        old = room.claim_host_seat()
        token = seat_moves.start(room.seat(1))

        seat, new = seat_moves.complete(room.code, token)

        assert seat.number == 1
        assert room.seat_for_key(new).number == 1
        assert room.seat_for_key(old) is None
        assert seat_moves.complete(room.code, token) is None
        assert room.seat_for_key(new).number == 1

    def test_only_the_tokens_hash_is_stored(self):
        room = Room.objects.create_for("counter")
        room.claim_host_seat()
        token = seat_moves.start(room.seat(1))

        assert SeatMove.objects.get().token_hash == hash_key(token)
        assert not SeatMove.objects.filter(token_hash=token).exists()

    def test_a_move_expires_ten_minutes_after_it_was_made(self):
        room = Room.objects.create_for("counter")
        old = room.claim_host_seat()
        token = seat_moves.start(room.seat(1))
        made = SeatMove.objects.get().created_at

        late = made + timedelta(minutes=10)
        assert not seat_moves.is_open(room.code, token, late)
        assert seat_moves.complete(room.code, token, late) is None
        assert room.seat_for_key(old).number == 1
        assert seat_moves.complete(room.code, token, late - timedelta(seconds=1)) is not None

    @pytest.mark.parametrize("token", ["", "wrong", "x" * 500, None, 7])
    def test_a_wrong_token_changes_nothing(self, token):
        room = Room.objects.create_for("counter")
        old = room.claim_host_seat()
        seat_moves.start(room.seat(1))

        assert seat_moves.complete(room.code, token) is None
        assert room.seat_for_key(old).number == 1
        assert SeatMove.objects.get().used_at is None

    def test_a_token_moves_only_its_own_rooms_seat(self):
        room, other = Room.objects.create_for("counter"), Room.objects.create_for("counter")
        old = room.claim_host_seat()
        other.claim_host_seat()
        token = seat_moves.start(room.seat(1))

        assert seat_moves.complete(other.code, token) is None
        assert room.seat_for_key(old).number == 1

    def test_using_one_link_ends_the_seats_other_links(self):
        room = Room.objects.create_for("counter")
        room.claim_host_seat()
        first, second = seat_moves.start(room.seat(1)), seat_moves.start(room.seat(1))

        assert seat_moves.complete(room.code, second) is not None
        assert seat_moves.complete(room.code, first) is None

    def test_the_qr_code_is_an_svg_with_a_title(self):
        svg = seat_moves.qr_svg("http://testserver/r/abc/move/def/")

        assert svg.startswith("<svg")
        assert "<title>" in svg
        assert "viewBox" in svg


@pytest.mark.django_db
class TestPages:
    def test_the_seats_key_gets_a_link_and_its_qr_code(self, client):
        room, key = host_key(client)

        response = client.post(f"/r/{room.code}/move", {"key": key})

        html = response.content.decode()
        assert response.status_code == 200
        assert token_of(html).startswith(f"http://testserver/r/{room.code}/move/")
        assert "<svg" in html
        assert "<title>" in html
        assert SeatMove.objects.get().seat.number == 1

    def test_a_wrong_key_gets_no_link(self, client):
        room, _key = host_key(client)

        response = client.post(f"/r/{room.code}/move", {"key": "not the key"})

        assert response.status_code == 403
        assert response.json()["code"] == "bad_key"
        assert not SeatMove.objects.exists()

    def test_asking_for_a_link_needs_a_csrf_token(self):
        client = Client(enforce_csrf_checks=True)
        room = Room.objects.create_for("counter")
        key = room.claim_host_seat()

        assert client.post(f"/r/{room.code}/move", {"key": key}).status_code == 403

    def test_the_other_browser_confirms_and_gets_the_seat_through_the_session(self, client):
        room, old = host_key(client)
        link = token_of(client.post(f"/r/{room.code}/move", {"key": old}).content.decode())
        path = link.removeprefix("http://testserver")
        other = Client()

        page = other.get(path)
        assert page.status_code == 200
        assert room.seat_for_key(old).number == 1  # a link preview takes nothing
        taken = other.post(path)

        assert taken.status_code == 302
        assert taken["Location"] == f"/r/{room.code}/"
        new = fresh_key(other.get(taken["Location"]).content.decode())
        assert new["seat"] == 1
        assert room.seat_for_key(new["key"]).number == 1
        assert room.seat_for_key(old) is None
        assert new["key"] not in taken["Location"]

    def test_a_used_or_wrong_link_is_gone_and_changes_nothing(self, client):
        room, old = host_key(client)
        link = token_of(client.post(f"/r/{room.code}/move", {"key": old}).content.decode())
        path = link.removeprefix("http://testserver")
        Client().post(path)
        new_holder = Room.objects.get().seat(1).key_hash

        for method in ("get", "post"):
            for target in (path, f"/r/{room.code}/move/{'wrong' * 6}no/"):
                response = getattr(Client(), method)(target)
                assert response.status_code == 410
                assert "This link no longer works" in response.content.decode()
            # A token out of shape names no move at all.
            assert getattr(Client(), method)(f"/r/{room.code}/move/wrong/").status_code == 404
        assert Room.objects.get().seat(1).key_hash == new_holder

    def test_an_expired_link_is_gone(self, client):
        room, old = host_key(client)
        link = token_of(client.post(f"/r/{room.code}/move", {"key": old}).content.decode())
        SeatMove.objects.update(created_at=timezone.now() - timedelta(minutes=11))

        assert Client().get(link.removeprefix("http://testserver")).status_code == 410
        assert Client().post(link.removeprefix("http://testserver")).status_code == 410
        assert room.seat_for_key(old).number == 1


@pytest.mark.django_db(transaction=True)
async def test_the_old_socket_is_told_and_closed_and_only_the_new_key_says_hello():
    code, old_key, _guest = await make_room()
    room = await database_sync_to_async(Room.objects.get)(code=code)
    old_socket, _state = await hello(code, old_key)
    token = await database_sync_to_async(lambda: seat_moves.start(room.seat(1)))()

    _seat, new_key = await database_sync_to_async(seat_moves.complete)(code, token)
    moved = await receive(old_socket, "seat_moved")
    output = await old_socket.receive_output(timeout=1)

    assert moved["code"] == "seat_moved"
    assert "another device" in moved["message"]
    assert output == {"type": "websocket.close", "code": 4403}
    new_socket, state = await hello(code, new_key)
    assert state["seat"] == 1
    refused = await open_socket(code)
    await refused.send_json_to({"type": "hello", "key": old_key})
    assert (await receive(refused, "error"))["code"] == "bad_key"
    assert (await refused.receive_output(timeout=1))["code"] == 4403
    await close_all(new_socket)
