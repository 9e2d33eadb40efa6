"""Tile rummy online, end to end through the rooms consumer: two seats play a whole game."""

from __future__ import annotations

import random

import pytest
from channels.db import database_sync_to_async

from rooms.models import ActionLog
from tests.rooms.wsclient import bot_move, close_all, get_room, hello, make_room, receive
from tiles import bots, engine
from tiles.sets import check_set

pytestmark = [
    pytest.mark.django_db(transaction=True),
    # Bots play faster than the per-socket limit lets a person.
    pytest.mark.usefixtures("fresh_channel_layer", "no_rate_limit"),
]


async def test_two_seats_play_a_whole_game_and_each_sees_only_its_own_rack():
    code, host_key, guest_key = await make_room("tiles")
    host, host_state = await hello(code, host_key)
    guest, guest_state = await hello(code, guest_key)
    sockets = {1: host, 2: guest}
    states = {1: host_state, 2: guest_state}
    rng = random.Random(7)
    levels = {1: "strong", 2: "medium"}

    for _ in range(400):
        moved = await bot_move(code, sockets, engine, bots, levels, rng)
        if moved is None:
            break
        fresh, confirmed = moved
        states.update(fresh)
        # Each seat's view holds its own rack, as the server has it, and no other.
        for number in (1, 2):
            view = states[number]["view"]
            assert sorted(view["rack"]) == sorted(confirmed.racks[number])
            other = confirmed.racks[3 - number]
            if not engine.status(confirmed)["over"]:
                assert "racks" not in str(view.get("result"))
                assert view["rack_counts"][str(3 - number)] == len(other)
            assert all(check_set(group).valid for group in view["table"])

    final = await get_room(code)
    status = engine.status(final.game_state())
    assert status["over"]
    assert sum(status["scores"].values()) == 0
    assert states[1]["view"]["over"]
    assert states[2]["view"]["over"]
    logged = await database_sync_to_async(ActionLog.objects.filter(room=final).count)()
    assert logged == final.version
    await close_all(host, guest)


async def test_an_illegal_turn_is_refused_with_a_reason_and_changes_nothing():
    code, host_key, guest_key = await make_room("tiles")
    host, state = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)
    rack = state["view"]["rack"]
    before = await get_room(code)

    await host.send_json_to(
        {
            "type": "action",
            "version": before.version,
            "action": {"type": "play", "table": [rack[:2]]},
        }
    )
    error = await receive(host, "error")

    after = await get_room(code)
    assert error["code"] == "invalid_set"
    assert "Set 1" in error["message"]
    assert after.version == before.version
    assert after.state == before.state
    await close_all(host, guest)
