"""Spectators of an online room (issue 25, rooms/online/watchers.py): a visitor watches
without a seat, sees only what a spectator may, may not act, never counts as a player,
and the players see how many watch. The pushes of whole rounds of every game are
compared with a fresh sync and scanned for leaks in tests/rooms/test_pushed_states.py."""

from __future__ import annotations

import contextlib
import threading
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.utils import timezone

from rooms.models import Room, Watcher
from rooms.online import notify, push, watchers
from rooms.online.protocol import CLOSE_RETRY
from tests.rooms.test_database_outage import database, retried, tracebacks  # noqa: F401
from tests.rooms.wsclient import (
    act,
    both_seats,
    close_all,
    get_room,
    hello,
    make_room,
    make_room_sync,
    open_socket,
    receive,
)

pytestmark = [pytest.mark.django_db(transaction=True)]


async def watch(code: str, **headers: bytes):
    page = await open_socket(code, **headers)
    await page.send_json_to({"type": "hello", "watch": True})
    return page, await receive(page, "state")


async def watchers_said(page, number: int) -> dict:
    """The next `watchers` message saying `number` (earlier counts may come first)."""
    while (message := await receive(page, "watchers"))["count"] != number:
        pass
    return message


count = database_sync_to_async(lambda code: watchers.count(Room.objects.get(code=code).pk))


async def test_a_watcher_is_sent_the_spectators_view_and_no_secret():
    code, host, guest, _ = await both_seats()
    room = await get_room(code)
    secrets = room.state["secrets"]

    page, state = await watch(code)

    assert state["seat"] is None
    assert state["watching"] is True
    assert state["version"] == 0
    assert state["view"] == room.engine.view(room.game_state(), None)
    assert "secret" not in state["html"]
    assert "data-add" not in state["html"]  # no controls
    assert secrets["1"] not in state["view"].values()
    assert secrets["2"] not in state["view"].values()
    assert "presence" not in state
    assert "consent" not in state
    await close_all(page, host, guest)


async def test_a_watcher_is_pushed_every_move_and_its_push_equals_a_sync():
    code, host, guest, _ = await both_seats()
    page, _ = await watch(code)

    await act(host, 0, 3)
    pushed = await receive(page, "state")
    await page.send_json_to({"type": "sync"})
    synced = await receive(page, "state")

    assert pushed["version"] == 1
    assert pushed["view"]["total"] == 3
    assert pushed == synced
    await close_all(page, host, guest)


async def test_all_watchers_get_one_frame_rendered_once_per_version_and_language():
    code, host, guest, _ = await both_seats()
    pages = [(await watch(code))[0] for _ in range(5)]
    russian = (await watch(code, accept_language=b"ru"))[0]
    built = push.built

    await act(host, 0, 2)
    texts = set()
    for page in pages:
        texts.add(await page.receive_from(timeout=2))
    russian_state = await receive(russian, "state")

    assert len(texts) == 1  # the very same frame
    assert russian_state["version"] == 1
    assert push.built - built == 2  # one per language, however many watch
    await close_all(*pages, russian, host, guest)


async def test_a_watchers_actions_and_round_requests_are_refused_and_change_nothing():
    code, host, guest, _ = await both_seats()
    page, _ = await watch(code)

    refusals = []
    for message in (
        {"type": "action", "version": 0, "action": {"type": "add", "amount": 1}},
        {"type": "new_round"},
        {"type": "decline_round"},
        {"type": "hello", "key": "whatever"},
    ):
        await page.send_json_to(message)
        refusals.append((await receive(page, "error"))["code"])

    assert refusals == ["watching", "watching", "watching", "bad_request"]
    room = await get_room(code)
    assert room.version == 0
    assert await database_sync_to_async(lambda: room.round_consents.count())() == 0
    await close_all(page, host, guest)


async def test_the_refusal_is_in_the_watchers_language():
    code, host, guest, _ = await both_seats()
    page, _ = await watch(code, accept_language=b"ru")

    await page.send_json_to({"type": "new_round"})
    error = await receive(page, "error")

    assert error["code"] == "watching"
    assert error["message"] != "You are watching this game: only its players can play."
    await close_all(page, host, guest)


async def test_the_players_are_told_how_many_watch_when_it_changes():
    code, host, guest, _ = await both_seats()

    first, _ = await watch(code)
    told = await watchers_said(host, 1)
    await watchers_said(guest, 1)
    second, _ = await watch(code)
    two = await watchers_said(host, 2)
    await first.disconnect()
    back_to_one = await watchers_said(guest, 1)
    await second.disconnect()
    none = await watchers_said(host, 0)

    assert told["text"] == "1 watching"
    assert two["text"] == "2 watching"
    assert back_to_one["count"] == 1
    assert none["text"] == ""
    await close_all(host, guest)


async def test_a_player_who_arrives_is_told_the_count_in_russian_plurals():
    code, host_key, _guest_key = await make_room()
    pages = [(await watch(code))[0] for _ in range(2)]

    host, _ = await hello(code, host_key, accept_language=b"ru")
    told = await watchers_said(host, 2)

    assert told["text"] != "2 watching"
    assert told["text"].startswith("2 ")
    assert watchers.words(0) == ""
    await close_all(*pages, host)


async def test_a_watcher_never_counts_as_a_player():
    code, host_key, _ = await make_room()
    host, _ = await hello(code, host_key)
    page, _ = await watch(code)

    await act(host, 0, 1)
    refusal = await receive(host, "error")
    await host.send_json_to({"type": "ping"})
    pong = await receive(host, "pong")
    room = await get_room(code)

    assert refusal["code"] == "waiting"
    assert pong["presence"] == {"1": True, "2": False}
    assert await database_sync_to_async(room.presence)() == {"1": True, "2": False}
    await page.send_json_to({"type": "ping"})
    assert "presence" not in await receive(page, "pong")
    await close_all(page, host)


async def test_watchers_are_capped_with_a_translated_refusal(settings):
    settings.ROOM_MAX_WATCHERS = 2
    code, _, _ = await make_room()
    pages = [(await watch(code))[0] for _ in range(2)]

    third = await open_socket(code)
    await third.send_json_to({"type": "hello", "watch": True})
    refusal = await receive(third, "error")

    assert refusal["code"] == "too_many_watchers"
    assert (await third.receive_output(timeout=1))["code"] == 4429
    assert await count(code) == 2
    await close_all(*pages)


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite has no row lock, and its shared in-memory test database fails a"
    " concurrent writer instead of making it wait: the CI runs PostgreSQL",
)
def test_two_arrivals_at_once_on_two_processes_never_pass_the_cap(settings, monkeypatch):
    settings.ROOM_MAX_WATCHERS = 1
    room = Room.objects.get(code=make_room_sync()[0])
    at_once = threading.Barrier(2)
    # A busy database: each arrival, once it has counted, waits up to half a second
    # for the other to have counted too, so that both would count before either wrote.
    counted = threading.Barrier(2)
    real_count = watchers.count

    def slow_count(room_id: int) -> int:
        number = real_count(room_id)
        with contextlib.suppress(threading.BrokenBarrierError):
            counted.wait(timeout=0.5)
        return number

    monkeypatch.setattr(watchers, "count", slow_count)
    admitted = []

    def arrive(number: int) -> None:  # a socket's hello on a process of its own
        try:
            at_once.wait(timeout=5)
            admitted.append(watchers.join(room, f"process-{number}!page"))
        finally:
            connection.close()  # this thread's own

    threads = [threading.Thread(target=arrive, args=(number,)) for number in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)

    assert sorted(admitted, key=str) == [None, "too_many_watchers"]
    assert real_count(room.pk) == Watcher.objects.count() == 1


async def test_a_stale_watcher_does_not_count_and_a_ping_purges_it():
    code, host, guest, _ = await both_seats()
    page, _ = await watch(code)
    await watchers_said(host, 1)

    def ghost() -> None:  # a watcher of a process killed without its disconnect
        room = Room.objects.get(code=code)
        old = timezone.now() - timedelta(minutes=5)
        Watcher.objects.create(room=room, channel_name="dead!1", heartbeat_at=old)

    await database_sync_to_async(ghost)()
    assert await count(code) == 1
    await page.send_json_to({"type": "ping"})
    await receive(page, "pong")

    assert not await database_sync_to_async(Watcher.objects.filter(channel_name="dead!1").exists)()
    assert (await watchers_said(host, 1))["count"] == 1
    await close_all(page, host, guest)


async def test_a_players_ping_purges_the_watchers_of_a_killed_process_and_lowers_the_count():
    """The only watcher's process was killed (no disconnect ran), so no watcher pings:
    the players' own pings purge its row and tell them it is gone."""
    code, host_key, guest_key = await make_room()

    def ghost() -> None:
        Watcher.objects.create(room=Room.objects.get(code=code), channel_name="dead!1")

    await database_sync_to_async(ghost)()
    host, _ = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)
    await watchers_said(host, 1)
    await watchers_said(guest, 1)
    old = timezone.now() - timedelta(minutes=5)
    await database_sync_to_async(Watcher.objects.filter(channel_name="dead!1").update)(
        heartbeat_at=old
    )

    await host.send_json_to({"type": "ping"})

    gone = await watchers_said(guest, 0)
    assert (await watchers_said(host, 0))["text"] == gone["text"] == ""
    assert not await database_sync_to_async(Watcher.objects.exists)()
    await close_all(host, guest)


async def test_a_watcher_sees_a_new_round_and_a_closed_room():
    code, host, guest, _ = await both_seats()
    page, _ = await watch(code)

    await host.send_json_to({"type": "new_round"})
    await guest.send_json_to({"type": "new_round"})
    fresh = await receive(page, "state")
    assert fresh["version"] == (await get_room(code)).version

    await database_sync_to_async(notify.purge)(Room.objects.filter(code=code))
    closed = await receive(page, "closed")
    assert closed["code"] == "room_closed"
    assert (await page.receive_output(timeout=1))["code"] == 4410
    await close_all(host, guest)


async def test_leaving_forgets_the_watcher():
    code, _, _ = await make_room()
    page, _ = await watch(code)
    assert await count(code) == 1

    await page.disconnect()

    assert await count(code) == 0


def test_the_full_room_page_offers_to_watch_and_the_watch_page_has_no_seat(client):
    from django.urls import reverse

    code, _, _ = make_room_sync()

    full = client.get(reverse("room_full", args=[code])).content.decode()
    page = client.get(reverse("room_watch", args=[code])).content.decode()

    assert f'href="/r/{code}/watch/"' in full
    assert 'data-watch="1"' in page
    assert 'id="play-watching"' in page
    assert "play-fresh-key" not in page
    assert "play-invite-link" not in page
    assert client.get("/r/nosuchroom-nosuchroom-00/watch/").status_code == 404


async def test_a_watcher_of_a_room_deleted_under_it_is_told_it_is_closed():
    code, _, _ = await make_room()
    page = await open_socket(code)
    await database_sync_to_async(Room.objects.filter(code=code).delete)()

    await page.send_json_to({"type": "hello", "watch": True})
    closed = await receive(page, "closed")

    assert closed["code"] == "room_closed"
    assert not await database_sync_to_async(Watcher.objects.exists)()


async def test_a_watcher_whose_database_goes_away_is_told_to_retry_without_a_traceback(
    database,  # noqa: F811 (the fixture of tests/rooms/test_database_outage.py)
    log,
):
    code, host, guest, _ = await both_seats()
    page, _ = await watch(code)
    database.down()

    await page.send_json_to({"type": "ping"})
    frame, close_code = await retried(page)  # its disconnect runs with the database gone
    database.up()
    again, state = await watch(code)

    assert frame["code"] == "database_lost"
    assert close_code == CLOSE_RETRY
    assert tracebacks(log) == []
    assert state["watching"] is True
    await close_all(again, host, guest)


async def test_a_room_whose_second_seat_is_free_is_not_watched_and_its_invite_seats_the_first_guest(
    client,
):
    code, host_key = await database_sync_to_async(
        lambda: (lambda room: (room.code, room.claim_host_seat()))(
            Room.objects.create_for("counter")
        )
    )()
    page = await open_socket(code)
    await page.send_json_to({"type": "hello", "watch": True})

    refused = await receive(page, "error")
    closed = await page.receive_output(timeout=2)
    watch_page = await database_sync_to_async(client.get)(f"/r/{code}/watch/")
    claimed = await database_sync_to_async(client.post)(f"/r/{code}/claim")

    assert refused["code"] == "watch_not_full"
    assert "invite link" in refused["message"]
    assert closed["code"] == 4429
    assert await count(code) == 0
    assert watch_page.status_code == 302
    assert watch_page.url == f"/r/{code}/"
    assert claimed.status_code == 204  # the first guest is seated
    host, _ = await hello(code, host_key)
    watcher, state = await watch(code)  # now full: watched
    assert state["watching"] is True
    await close_all(host, watcher)
