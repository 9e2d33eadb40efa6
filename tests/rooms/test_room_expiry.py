"""A room says when it will go (issue 25): Room.deletes_at is the moment purge_rooms
deletes an idle room, the page shows it (in UTC until its script says it in the
player's time zone) and every `state` message carries it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from rooms.models import Room
from rooms.online.protocol import moment
from tests.rooms.wsclient import close_all, get_room, hello, make_room

NOW = datetime(2026, 12, 4, 15, 0, tzinfo=UTC)


def purge() -> str:
    out = StringIO()
    call_command("purge_rooms", stdout=out)
    return out.getvalue().strip()


def idle_until(deletes_at: datetime, days: int) -> Room:
    room = Room.objects.create_for("counter")
    Room.objects.filter(pk=room.pk).update(last_activity=deletes_at - timedelta(days=days))
    room.refresh_from_db()
    return room


@pytest.mark.django_db
@pytest.mark.parametrize("days", [7, 3])
def test_the_purge_deletes_a_room_just_after_its_deletes_at_and_not_at_it(
    settings, monkeypatch, days: int
) -> None:
    settings.ROOM_IDLE_DAYS = days
    monkeypatch.setattr(timezone, "now", lambda: NOW)
    due = idle_until(NOW, days)
    overdue = idle_until(NOW - timedelta(microseconds=1), days)

    assert due.deletes_at() == NOW
    assert overdue.deletes_at() < NOW
    assert purge() == "Purged 1 room"
    assert list(Room.objects.all()) == [due]


@pytest.mark.django_db
def test_the_room_page_says_when_the_room_goes_in_utc_and_gives_the_moment_to_the_script(
    client,
) -> None:
    room = idle_until(datetime(2026, 12, 11, 14, 30, tzinfo=UTC), 0)

    html = client.get(reverse("room", args=[room.code])).content.decode()

    assert 'data-deletes-at="2026-12-18T14:30:00Z"' in html
    assert "If nobody plays, this room will be deleted on Dec. 18, 2026, 2:30 p.m. UTC." in html


@pytest.mark.django_db
def test_a_finished_rooms_page_says_it_is_kept_and_offers_a_new_round_in_russian(client) -> None:
    room = idle_until(datetime(2026, 12, 11, 14, 30, tzinfo=UTC), 0)
    Room.objects.filter(pk=room.pk).update(finished=True)

    page = client.get(reverse("room", args=[room.code]), headers={"accept-language": "ru"})

    assert (
        "Комната сохранится до 18 декабря 2026 г. 14:30 UTC: "
        "чтобы играть дальше, нажмите «Предложить новый раунд»." in page.content.decode()
    )


@pytest.mark.django_db(transaction=True)
async def test_the_state_message_carries_the_rooms_deletes_at_in_utc() -> None:
    code, host_key, _ = await make_room("counter")
    host, state = await hello(code, host_key)
    room = await get_room(code)

    assert state["deletes_at"] == moment(room.deletes_at())
    assert state["deletes_at"].endswith("Z")
    await close_all(host)
