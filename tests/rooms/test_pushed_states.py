"""Every pushed `state` equals a fresh `sync` of the same version, for every registered
game and both seats, over whole rounds played through the consumer (as Zulip tests its
events against a fresh fetch): a push built by one path and a reload by another must
never show a player two different boards."""

from __future__ import annotations

import random

import pytest

from rooms import registry
from tests.rooms.wsclient import close_all, get_room, hello, make_room, receive

pytestmark = [pytest.mark.django_db(transaction=True)]

# A whole round of each game with the bots takes fewer moves (tile rummy the most).
MOVES_CAP = 400


@pytest.mark.parametrize("slug", ["tiles", "cards", "tarot", "counter"])
async def test_every_pushed_state_equals_a_fresh_sync_of_its_version(settings, slug: str) -> None:
    settings.ROOM_SOCKET_BURST = 10_000  # a sync after every push is more than a page sends
    game = registry.get(slug)
    code, host_key, guest_key = await make_room(slug)
    host, _ = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)
    pages = {1: host, 2: guest}
    for page in pages.values():  # both here: the presence news is behind us
        await page.send_json_to({"type": "sync"})
        while (state := await receive(page, "state"))["presence"] != {"1": True, "2": True}:
            await page.send_json_to({"type": "sync"})
    rng = random.Random(slug)
    moves = 0
    while not state["status"]["over"] and moves < MOVES_CAP:
        room = await get_room(code)
        seat = state["status"]["turn"]
        action = game.bots.choose(room.game_state(), seat, "medium", rng)
        await pages[seat].send_json_to(
            {"type": "action", "version": state["version"], "action": action}
        )
        for page in pages.values():
            pushed = await receive(page, "state", timeout=10)
            await page.send_json_to({"type": "sync"})
            synced = await receive(page, "state", timeout=10)
            assert pushed["version"] == room.version + 1
            assert pushed == synced, f"{slug}, move {moves}: the push differs from a sync"
            # When the room goes moves on with each action, never back (issue 25).
            assert pushed["deletes_at"] >= state["deletes_at"]
        state = pushed
        moves += 1

    assert state["status"]["over"], "the round did not end: its result was never compared"
    await close_all(host, guest)
