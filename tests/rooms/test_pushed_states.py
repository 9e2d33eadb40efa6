"""Every pushed `state` equals a fresh `sync` of the same version, for every registered
game, both seats and a watcher, over whole rounds played through the consumer (as Zulip
tests its events against a fresh fetch): a push built by one path and a reload by another
must never show a player two different boards. Every frame the watcher's socket receives
is scanned for leaks against engine.hidden(state, None) (issue 25), with the scan of
tests/rooms/test_game_contract.py."""

from __future__ import annotations

import random

import pytest

from gamekit.memo import CACHES
from rooms import registry
from tests.rooms.test_game_contract import leaks
from tests.rooms.wsclient import close_all, get_room, hello, make_room, open_socket, receive

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
    watcher = await open_socket(code)
    await watcher.send_json_to({"type": "hello", "watch": True})
    watched = await receive(watcher, "state")
    frames = [watched]
    assert not leaks(
        game, watched["view"], game.engine.hidden((await get_room(code)).game_state(), None)
    )
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
            forget_renders()  # the sync renders from the database, not the push's board
            await page.send_json_to({"type": "sync"})
            synced = await receive(page, "state", timeout=10)
            assert pushed["version"] == room.version + 1
            assert pushed == synced, f"{slug}, move {moves}: the push differs from a sync"
            # When the room goes moves on with each action, never back (issue 25).
            assert pushed["deletes_at"] >= state["deletes_at"]
        watched = await receive(watcher, "state", timeout=10)
        forget_renders()
        await watcher.send_json_to({"type": "sync"})
        synced = await receive(watcher, "state", timeout=10)
        assert watched["version"] == pushed["version"]
        assert watched["seat"] is None
        assert watched == synced, f"{slug}, move {moves}: the watcher's push differs from a sync"
        frames += [watched, synced]
        confirmed = (await get_room(code)).game_state()
        for frame in (watched, synced):  # what the watcher saw, against the state it saw
            found = leaks(game, frame["view"], game.engine.hidden(confirmed, None))
            assert not found, f"{slug}, move {moves}: a watcher sees {found}"
            assert "data-own-hand" not in frame["html"]
        state = pushed
        moves += 1

    assert state["status"]["over"], "the round did not end: its result was never compared"
    assert len(frames) == 2 * moves + 1  # every version
    await close_all(host, guest, watcher)


def forget_renders() -> None:
    for name in ("rooms.online.push.boards", "rooms.online.push.frames"):
        CACHES[name].clear()


async def test_a_new_rounds_push_equals_a_fresh_sync_for_both_seats_and_a_watcher() -> None:
    code, host_key, guest_key = await make_room("counter")
    host, _ = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)
    watcher = await open_socket(code)
    await watcher.send_json_to({"type": "hello", "watch": True})
    await receive(watcher, "state")
    for page in (host, guest):
        await page.send_json_to({"type": "new_round"})
    sockets = {"host": host, "guest": guest, "watcher": watcher}
    for name, page in sockets.items():
        pushed = await receive(page, "state", timeout=10)
        while pushed["version"] == 0:  # a state sent before the deal (a hello's)
            pushed = await receive(page, "state", timeout=10)
        forget_renders()
        await page.send_json_to({"type": "sync"})
        synced = await receive(page, "state", timeout=10)
        assert pushed["version"] == synced["version"] == 1, name
        assert pushed == synced, f"{name}: the new round's push differs from a sync"
    assert (await get_room(code)).round == 2
    await close_all(host, guest, watcher)
