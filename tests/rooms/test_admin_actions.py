"""The admin's actions that cannot be undone (issue 55): purging rooms and freeing a seat
first ask on a page naming each room and whether anyone plays in it, as Django's own
delete action does; only the page's confirmation does the deed."""

from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from rooms.models import ActionLog, Room, SeatMove
from rooms.online import notify, seat_moves
from tests.rooms.wsclient import close_all, hello, make_room, receive

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff() -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(User.objects.create(username="boss", is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def playing() -> Room:
    """A tile rummy room whose first player is connected now and has moved."""
    room = Room.objects.create_for("tiles")
    room.host_key = room.claim_host_seat()
    room.claim_guest_seat()
    room.seats.filter(number=1).update(channel_name="specific.1", heartbeat_at=timezone.now())
    ActionLog.objects.create(room=room, seat=1, version=1, action={"type": "draw"})
    return room


def act(client: Client, action: str, rooms: list[Room], **extra: str):
    data = {"action": action, "_selected_action": [room.pk for room in rooms], **extra}
    return client.post("/admin/rooms/room/", data, follow=True)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_purging_first_asks_naming_each_room_and_who_plays_in_it_in_russian(
    staff, playing, monkeypatch
):
    empty = Room.objects.create_for("counter")
    closed = []
    monkeypatch.setattr(notify, "room_closed", closed.append)

    html = act(staff, "purge_selected", [playing, empty]).content.decode()

    assert Room.objects.count() == 2
    assert closed == []
    words = text(html)
    assert "Удалить эти комнаты?" in words
    for code in (playing.code, empty.code):
        assert f"<code>{code}</code>" in html
        assert f'name="_selected_action" value="{Room.objects.get(code=code).pk}"' in html
    assert "Тайл-рамми" in words
    assert "2 из 2 (место 1, место 2)" in words  # seats taken
    assert "0 из 2" in words
    assert "<strong>место 1</strong>" in html  # connected now
    assert "никого" in words
    assert "назад)" in words
    assert "ходов ещё не было" in words
    assert '<input type="hidden" name="post" value="yes">' in html
    assert 'value="purge_selected"' in html
    assert 'href="/admin/rooms/room/" class="button cancel-link"' in html


def test_only_the_confirmation_purges_the_rooms_and_tells_their_players(
    staff, playing, monkeypatch
):
    kept = Room.objects.create_for("counter")
    closed = []
    monkeypatch.setattr(notify, "room_closed", closed.append)

    response = act(staff, "purge_selected", [playing], post="yes")

    assert list(Room.objects.all()) == [kept]
    assert closed == [playing.code]
    assert "Удалена 1 комната." in response.content.decode()


def test_freeing_a_seat_asks_first_then_its_key_and_move_links_stop_and_the_invite_takes_it(
    staff, playing
):
    seat_moves.start(playing.seat(1))

    page = act(staff, "free_seat_1", [playing]).content.decode()
    assert "Освободить место 1" in page
    assert Room.objects.get().seat(1).claimed

    done = act(staff, "free_seat_1", [playing], post="yes").content.decode()

    room = Room.objects.get()
    assert "Место 1 освобождено в 1 комнате." in done
    assert not room.seat(1).claimed
    assert room.seat(2).claimed
    assert not room.seat(1).is_connected()
    assert not SeatMove.objects.filter(used_at__isnull=True).exists()
    assert room.seat_for_key(playing.host_key) is None
    claimed = Client().post(f"/r/{room.code}/claim", HTTP_HX_REQUEST="true")
    assert claimed.status_code == 204
    assert '"seat": 1' in claimed["HX-Trigger"]
    assert room.is_full()


def free_seat_1_as_the_admin(code: str) -> None:
    client = Client()
    boss, _ = User.objects.get_or_create(username="boss", is_staff=True, is_superuser=True)
    client.force_login(boss)
    act(client, "free_seat_1", [Room.objects.get(code=code)], post="yes")


@pytest.mark.django_db(transaction=True)
async def test_a_freed_seats_open_page_is_told_and_stops():
    code, host, _guest = await make_room()
    socket, _state = await hello(code, host)

    await database_sync_to_async(free_seat_1_as_the_admin)(code)
    stopped = await receive(socket, "seat_moved")

    assert stopped["code"] == "seat_freed"
    assert stopped["message"] == "The site's admin freed this seat. This page has stopped."
    assert (await socket.receive_output(timeout=1)) == {"type": "websocket.close", "code": 4403}
    await close_all()
