"""`manage.py purge_rooms`: deletes rooms idle for a week, tells their open sockets."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from channels.db import database_sync_to_async
from django.core.management import CommandError, call_command
from django.utils import timezone

from rooms.models import Room
from rooms.online import store
from rooms.saves import BrowserSave
from tests.rooms.wsclient import hello, make_room, receive


def make_idle(days: float) -> Room:
    room = Room.objects.create_for("counter")
    Room.objects.filter(pk=room.pk).update(last_activity=timezone.now() - timedelta(days=days))
    return room


def purge(*args: str) -> str:
    out = StringIO()
    call_command("purge_rooms", *args, stdout=out)
    return out.getvalue().strip()


@pytest.mark.django_db
def test_rooms_idle_for_seven_days_are_purged_and_others_kept():
    make_idle(8)
    make_idle(7.1)
    kept = make_idle(6)

    assert purge() == "Purged 2 rooms"
    assert list(Room.objects.all()) == [kept]


@pytest.mark.django_db
def test_a_dry_run_only_counts():
    make_idle(10)

    assert purge("--dry-run") == "Would purge 1 room"
    assert Room.objects.count() == 1


@pytest.mark.django_db
def test_the_number_of_days_can_be_chosen():
    make_idle(2)

    assert purge("--days", "3") == "Purged 0 rooms"
    assert purge("--days", "1") == "Purged 1 room"


@pytest.mark.django_db
def test_a_connection_counts_as_activity():
    room = make_idle(8)

    store.connect(room.seat(1), "a-channel")

    assert purge() == "Purged 0 rooms"


@pytest.mark.django_db(transaction=True)
async def test_open_sockets_of_purged_rooms_are_told():
    code, host_key, _ = await make_room()
    socket, _ = await hello(code, host_key)
    await database_sync_to_async(
        lambda: Room.objects.filter(code=code).update(
            last_activity=timezone.now() - timedelta(days=9)
        )
    )()

    summary = await database_sync_to_async(purge)()
    closed = await receive(socket, "closed")

    assert summary == "Purged 1 room"
    assert closed["code"] == "room_closed"
    await socket.disconnect()


@pytest.mark.django_db
def test_an_open_page_that_keeps_pinging_counts_as_activity():
    room = make_idle(8)
    seat = room.seat(1)
    store.connect(seat, "a-channel")
    Room.objects.filter(pk=room.pk).update(last_activity=timezone.now() - timedelta(days=8))

    assert store.beat(seat, "a-channel")

    assert purge() == "Purged 0 rooms"


@pytest.mark.django_db
def test_a_dry_run_says_room_for_one_and_rooms_for_more():
    make_idle(10)
    assert purge("--dry-run") == "Would purge 1 room"

    make_idle(9)
    assert purge("--dry-run") == "Would purge 2 rooms"


@pytest.mark.django_db
@pytest.mark.parametrize("days", ["0", "-3"])
def test_fewer_than_one_day_is_refused_and_nothing_is_purged(days):
    make_idle(0.5)

    with pytest.raises(CommandError, match=rf"--days must be 1 or more \(got {days}\)"):
        purge("--days", days)
    assert Room.objects.count() == 1


@pytest.mark.django_db
def test_verbosity_two_lists_the_rooms_it_purges():
    old = make_idle(8)
    kept = make_idle(2)

    lines = purge("-v", "2").splitlines()

    assert lines[0].startswith(f"{old.code}  Counter  idle for 1")
    assert lines[-1] == "Purged 1 room"
    assert len(lines) == 2
    assert kept.code not in "\n".join(lines)


@pytest.mark.django_db
def test_the_versions_of_browser_saves_unplayed_for_sixty_days_are_forgotten_too():
    BrowserSave.objects.advance("played", 0, "token")
    BrowserSave.objects.advance("idle", 0, "token")
    BrowserSave.objects.filter(key="idle").update(updated=timezone.now() - timedelta(days=61))

    assert purge() == "Purged 0 rooms; forgot 1 unplayed browser save"
    assert list(BrowserSave.objects.values_list("key", flat=True)) == ["played"]
