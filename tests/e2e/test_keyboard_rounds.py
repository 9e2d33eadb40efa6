"""A whole round of each game against the computer with the keyboard alone, counting
the keys pressed per turn (issue 45). E2E_KEYS_BASELINE=1 also plays it the way a
keyboard player had to before the short keys: Tab to each button, then Enter."""

from __future__ import annotations

import os
import statistics

import pytest
from playwright.sync_api import expect

from tests.e2e import play_pages
from tests.e2e.keyboard_rounds import (
    ROUNDS,
    KeyboardPlayer,
    cards_deal_in_three_turns,
    online_round,
)
from tests.e2e.live_database import LiveDatabase, set_room_position

pytestmark = pytest.mark.e2e

WAYS = ["keys"] + (["tab"] if os.environ.get("E2E_KEYS_BASELINE") else [])


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("game", ["tiles", "cards", "tarot"])
def test_a_whole_round_against_the_computer_is_played_with_the_keyboard_alone(
    new_page, game: str, way: str
) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"/{game}/computer/")
    page.locator("#board > section").wait_for(state="attached")
    player = KeyboardPlayer(page, way)
    ROUNDS[game](page, player)
    print(
        f"\n{game} {way}: {len(player.turns)} turns, median {player.median()} keys per turn,"
        f" {sum(player.turns)} keys in all"
    )
    # Today's keys per turn (issue 45): the hint and End turn or Draw; draw, select,
    # discard; select and play. Tab alone took a median of 65.5, 25 and 2 (on main).
    if way == "keys":
        assert player.median() <= {"tiles": 2, "cards": 3, "tarot": 2}[game]


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("game", ["tiles", "cards", "tarot"])
def test_a_whole_round_online_is_played_with_the_keyboard_alone_in_two_browsers(
    new_page, live_db: LiveDatabase, game: str, way: str
) -> None:
    if game == "cards" and way == "tab":
        pytest.skip("Tab alone reaches one card of the hand only: the arrows reach the rest")
    host = new_page(viewport={"width": 1280, "height": 800})
    play_pages.open_room(host, game)
    guest = play_pages.join(new_page, host.url)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here")
    if game == "cards":
        # A deal where both players meld and lay off, and that ends in three turns
        # (a deal played by draws and discards alone never does).
        code = host.url.rstrip("/").rsplit("/", 1)[-1]
        live_db.run(set_room_position, code, cards_deal_in_three_turns())
        for page in (host, guest):
            page.reload()
        for page in (host, guest):
            page.locator("#board > section").wait_for(state="attached")
            expect(page.locator("#play-presence")).to_contain_text("Both players are here")
    players = [KeyboardPlayer(host, way), KeyboardPlayer(guest, way)]
    online_round(players, game)
    turns = players[0].turns + players[1].turns
    median = statistics.median(turns)
    print(f"\n{game} online {way}: {len(turns)} turns, median {median} keys per turn")
    for page in (host, guest):
        expect(page.locator(f".{game}-result")).to_be_visible()
    if way == "keys":
        # Rummy: draw, then to each card by the arrows and Space, Meld (M) or Up to a
        # meld and Enter, and Discard (X): 31 keys in each of its three turns.
        assert median <= {"tiles": 1, "cards": 31, "tarot": 2}[game]
