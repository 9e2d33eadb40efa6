"""The room WebSocket: joining, pushing each seat its own view, presence, tabs,
new rounds and closed rooms."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from rooms.models import ActionLog, Room
from rooms.online import notify
from tests.rooms.wsclient import (
    act,
    both_seats,
    close_all,
    get_room,
    hello,
    make_room,
    presence_becomes,
    receive,
)

pytestmark = [pytest.mark.django_db(transaction=True)]


async def test_hello_answers_with_the_seats_own_view_and_board():
    code, host_key, _ = await make_room()
    room = await get_room(code)

    host, state = await hello(code, host_key)

    assert state["seat"] == 1
    assert state["version"] == 0
    assert state["view"]["secret"] == room.state["secrets"]["1"]
    assert 'class="counter-board"' in state["html"]
    assert state["presence"] == {"1": True, "2": False}
    assert state["colours"] == {"1": "teal", "2": "amber"}
    await close_all(host)


async def test_each_seat_is_pushed_its_own_view_and_never_the_others_secret():
    code, host, guest, _ = await both_seats()
    room = await get_room(code)
    secrets = room.state["secrets"]

    await act(host, 0, 3)
    host_state = await receive(host, "state")
    guest_state = await receive(guest, "state")

    assert host_state["version"] == guest_state["version"] == 1
    assert host_state["view"]["total"] == guest_state["view"]["total"] == 3
    assert host_state["view"]["secret"] == secrets["1"]
    assert guest_state["view"]["secret"] == secrets["2"]
    assert f"secret {secrets['1']}" not in guest_state["html"]
    assert f"secret {secrets['2']}" not in host_state["html"]
    assert secrets["1"] not in guest_state["view"].values()
    await close_all(host, guest)


async def test_an_action_is_committed_before_the_seats_hear_of_it():
    code, host, guest, _ = await both_seats()

    await act(host, 0, 2)
    await receive(guest, "state")

    log = await database_sync_to_async(lambda: list(ActionLog.objects.values("seat", "version")))()
    assert log == [{"seat": 1, "version": 1}]
    assert (await get_room(code)).version == 1
    await close_all(host, guest)


async def test_a_stale_version_is_refused_and_the_page_resyncs():
    code, host, guest, _ = await both_seats()
    await act(host, 0, 1)
    await receive(guest, "state")

    await act(guest, 0, 1)
    error = await receive(guest, "error")
    resync = await receive(guest, "state")

    assert error["code"] == "stale"
    assert resync["version"] == 1
    assert (await get_room(code)).state["total"] == 1
    await close_all(host, guest)


async def test_a_repeated_action_is_applied_only_once():
    code, host, guest, _ = await both_seats()

    await act(host, 0, 1)
    await act(host, 0, 1)
    # The refusal (direct) and the push (through the channel layer) may come in any order.
    seen = {}
    while len(seen) < 2:
        message = await host.receive_json_from(timeout=2)
        if message["type"] in ("state", "error"):
            seen.setdefault(message["type"], message)

    assert seen["error"]["code"] == "stale"
    assert (await get_room(code)).state["total"] == 1
    await close_all(host, guest)


async def test_moves_wait_for_the_other_player_and_both_pages_say_so():
    code, host_key, _ = await make_room()
    host, state = await hello(code, host_key)

    await act(host, 0, 1)
    error = await receive(host, "error")

    assert state["presence"]["2"] is False
    assert error["code"] == "waiting"
    assert error["message"] == "Both players must be connected to play."
    assert (await get_room(code)).version == 0
    await close_all(host)


async def test_a_disconnection_is_shown_to_the_other_seat():
    _code, host, guest, _ = await both_seats()

    await guest.disconnect()
    # The joins' news may come first (each reads the presence when handled); the
    # disconnection's must follow, or this times out.
    await presence_becomes(host, {"1": True, "2": False})
    await close_all(host)


async def test_a_second_tab_replaces_the_first_which_stops():
    code, host, guest, keys = await both_seats()

    second, state = await hello(code, keys["host_key"])
    replaced = await receive(host, "replaced")
    output = await host.receive_output(timeout=1)

    assert replaced == {"type": "replaced"}
    assert output == {"type": "websocket.close", "code": 4409}
    assert state["seat"] == 1
    await act(second, 0, 2)
    assert (await receive(guest, "state"))["view"]["total"] == 2
    assert (await receive(second, "state"))["version"] == 1
    # The other seat's move reaches the tab that holds the seat now.
    await act(guest, 1, 3)
    assert (await receive(second, "state"))["view"]["total"] == 5
    await close_all(second, guest)


async def test_reopening_with_the_key_returns_to_the_same_seat_and_current_state():
    code, host, guest, keys = await both_seats()
    await act(host, 0, 3)
    await receive(guest, "state")
    await guest.disconnect()

    again, state = await hello(code, keys["guest_key"])

    assert state["seat"] == 2
    assert state["version"] == 1
    assert state["view"]["total"] == 3
    await close_all(host, again)


async def test_ping_keeps_presence_and_answers_with_it():
    _code, host, guest, _ = await both_seats()

    await host.send_json_to({"type": "ping"})
    pong = await receive(host, "pong")

    assert pong["presence"] == {"1": True, "2": True}
    await close_all(host, guest)


async def test_a_game_is_played_to_the_end_over_the_socket():
    code, host, guest, _ = await both_seats()
    seats = {1: host, 2: guest}
    version, turn = 0, 1
    while turn is not None:
        await act(seats[turn], version, 3 if (await get_room(code)).state["total"] <= 18 else 1)
        state = await receive(seats[turn], "state")
        await receive(seats[3 - turn], "state")
        version, turn = state["version"], state["status"]["turn"]

    assert state["status"]["over"]
    assert (await get_room(code)).finished
    await close_all(host, guest)


async def test_a_new_round_starts_only_with_both_consents_and_the_other_player_opens():
    code, host, guest, _ = await both_seats()

    await host.send_json_to({"type": "new_round"})
    asked = await receive(guest, "consent")
    assert asked["consent"] == {"asked": [1]}
    assert (await get_room(code)).round == 1

    await guest.send_json_to({"type": "new_round"})
    state = await receive(guest, "state")
    host_state = await receive(host, "state")

    assert (await get_room(code)).round == 2
    assert state["version"] == host_state["version"]
    assert state["status"]["turn"] == 2
    assert state["colours"] == {"1": "teal", "2": "amber"}
    assert state["consent"] == {"asked": []}
    await close_all(host, guest)


async def test_a_new_round_can_be_declined():
    code, host, guest, _ = await both_seats()
    await host.send_json_to({"type": "new_round"})
    await receive(guest, "consent")
    assert (await receive(host, "consent"))["consent"] == {"asked": [1]}

    await guest.send_json_to({"type": "decline_round"})
    declined = await receive(host, "consent")

    assert declined == {
        "type": "consent",
        "consent": {"asked": []},
        "declined": True,
        "left": False,
    }
    assert (await get_room(code)).round == 1
    await close_all(host, guest)


async def test_open_sockets_of_a_purged_room_are_told():
    code, host, guest, _ = await both_seats()

    purged = await database_sync_to_async(notify.purge)(Room.objects.filter(code=code))
    closed = await receive(host, "closed")

    assert purged == 1
    assert closed["code"] == "room_closed"
    assert (await host.receive_output(timeout=1))["code"] == 4410
    await close_all(host, guest)


async def test_messages_follow_the_players_language():
    code, host_key, _ = await make_room()
    host, _ = await hello(code, host_key, accept_language=b"ru-RU,ru;q=0.9")

    await act(host, 0, 1)
    error = await receive(host, "error")

    assert error["code"] == "waiting"
    assert error["message"] == "Чтобы играть, оба игрока должны быть на связи."
    await close_all(host)


async def test_an_action_in_a_room_deleted_meanwhile_closes_the_page():
    code, host, guest, _ = await both_seats()
    await database_sync_to_async(Room.objects.filter(code=code).delete)()

    await act(host, 0, 1)
    closed = await receive(host, "closed")

    assert closed["code"] == "room_closed"
    await close_all(host, guest)


async def test_after_a_new_round_the_next_request_is_shown_again():
    code, host, guest, _ = await both_seats()
    await host.send_json_to({"type": "new_round"})
    await receive(guest, "consent")
    await guest.send_json_to({"type": "new_round"})
    await receive(host, "state")
    await receive(guest, "state")

    await guest.send_json_to({"type": "new_round"})
    asked = await receive(host, "consent")

    assert asked["consent"] == {"asked": [2]}
    assert (await get_room(code)).round == 2
    await close_all(host, guest)


async def test_a_request_for_a_new_round_ends_when_its_page_closes():
    code, host, guest, keys = await both_seats()
    await host.send_json_to({"type": "new_round"})
    assert (await receive(guest, "consent"))["consent"] == {"asked": [1]}

    await host.disconnect()
    withdrawn = await receive(guest, "consent")
    assert withdrawn == {
        "type": "consent",
        "consent": {"asked": []},
        "declined": False,
        "left": True,
    }
    # The guest agrees while the host is away: that is a request of its own, no round.
    await guest.send_json_to({"type": "new_round"})
    assert (await receive(guest, "consent"))["consent"] == {"asked": [2]}
    assert (await get_room(code)).round == 1

    # Back, the host is shown the guest's request, and the round starts once it agrees.
    again, state = await hello(code, keys["host_key"])
    assert state["consent"] == {"asked": [2]}
    await again.send_json_to({"type": "new_round"})
    assert (await receive(guest, "state"))["status"]["turn"] == 2
    assert (await get_room(code)).round == 2
    await close_all(again, guest)


async def test_a_tab_replaced_by_another_of_its_seat_keeps_the_request():
    code, host, guest, keys = await both_seats()
    await host.send_json_to({"type": "new_round"})
    await receive(guest, "consent")

    second, state = await hello(code, keys["host_key"])
    await receive(host, "replaced")
    await host.disconnect()

    assert state["consent"] == {"asked": [1]}
    await guest.send_json_to({"type": "new_round"})
    assert (await receive(second, "state"))["status"]["turn"] == 2
    assert (await get_room(code)).round == 2
    await close_all(second, guest)
