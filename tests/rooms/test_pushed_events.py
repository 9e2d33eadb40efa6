"""Online, the move events (issue 56) a push carries are the ones a fresh sync returns,
for both seats and a watcher, in the view and in the board's list of sentences; a
seat's own drawn piece is in its push only, "?" in the other seat's and the watcher's.
Played through the consumer, for every game that narrates its events."""

from __future__ import annotations

import random
import re

import pytest

from gamekit.events import HIDDEN
from rooms import registry
from tests.rooms.test_pushed_states import forget_renders
from tests.rooms.wsclient import close_all, get_room, hello, make_room, open_socket, receive

pytestmark = [pytest.mark.django_db(transaction=True)]

MOVES = 16  # enough for draws, plays and a reply on each side
NARRATED = sorted(game.slug for game in registry.all_games() if game.narrate is not None)
# The games whose rules draw a piece that only the drawer may see (the Tarot duel's
# cards are named only once face up: none of its events is private).
DRAWING = {"tiles", "cards"}
EVENTS_LIST = re.compile(r"<ol hidden data-events[^>]*>.*?</ol>", re.S)


def events_list(html: str) -> str:
    found = EVENTS_LIST.findall(html)
    assert len(found) == 1, "the board has no events list"
    return found[0]


@pytest.mark.parametrize("slug", NARRATED)
async def test_the_pushed_events_equal_a_fresh_syncs_for_both_seats_and_a_watcher(
    settings, slug: str
) -> None:
    settings.ROOM_SOCKET_BURST = 10_000
    game = registry.get(slug)
    assert game is not None
    code, host_key, guest_key = await make_room(slug)
    host, _ = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)
    watcher = await open_socket(code)
    await watcher.send_json_to({"type": "hello", "watch": True})
    await receive(watcher, "state")
    pages = {1: host, 2: guest}
    for page in pages.values():
        await page.send_json_to({"type": "sync"})
        while (state := await receive(page, "state"))["presence"] != {"1": True, "2": True}:
            await page.send_json_to({"type": "sync"})
    rng = random.Random(slug)
    private_seen = 0
    for move in range(MOVES):
        if state["status"]["over"]:
            break
        room = await get_room(code)
        seat = state["status"]["turn"]
        action = game.bots.choose(room.game_state(), seat, "medium", rng)
        await pages[seat].send_json_to(
            {"type": "action", "version": state["version"], "action": action}
        )
        pushed_events = {}
        for viewer, page in (*pages.items(), (None, watcher)):
            pushed = await receive(page, "state", timeout=10)
            forget_renders()
            await page.send_json_to({"type": "sync"})
            synced = await receive(page, "state", timeout=10)
            where = f"{slug}, move {move}, seat {viewer}"
            assert pushed["version"] == synced["version"], where
            events = pushed["view"]["events"]
            assert events, f"{where}: a move with no event"
            assert events == synced["view"]["events"], where
            assert events_list(pushed["html"]) == events_list(synced["html"]), where
            assert events[-1]["seat"] == seat or pushed["status"]["over"], where
            pushed_events[viewer] = events
            if viewer == 1:
                state = pushed
        # The same events for everyone, but a piece only the seat that moved may see.
        first, second, watched = pushed_events[1], pushed_events[2], pushed_events[None]
        assert [one["n"] for one in first] == [one["n"] for one in second]
        for one, two, three in zip(first, second, watched, strict=True):
            own, other = (one, two) if one["seat"] == 1 else (two, one)
            assert other == three
            if own["pieces"] != other["pieces"]:
                private_seen += 1
                assert set(other["pieces"]) == {HIDDEN}
                assert HIDDEN not in own["pieces"]
    assert private_seen or slug not in DRAWING, f"{slug}: no private piece in {MOVES} moves"
    await close_all(host, guest, watcher)
