"""What a screen reader hears of the move events (issue 56, rooms/static/rooms/announce.js
reading the board's [data-events] list): against the computer, the player's own draw with
its tile and the computer's turn in order, set by set, then whose turn it is; a fresh
load of the same game says none of them again; the `l` key still reads the move line."""

from __future__ import annotations

import pytest

from tests.e2e import tiles_pages
from tests.e2e.announcing import said, wait_for_said, wait_for_saying
from tests.e2e.play_pages import save_token, wait_until_idle
from tests.e2e.tiles_pages import position_token
from tiles.markup import label

pytestmark = pytest.mark.e2e

# The computer (not melded yet) can open with two sets of its rack.
MINE = ["B1", "O5", "R9", "K3"]
THEIRS = ["K10", "K11", "K12", "B10", "O10", "R10", "O1", "B3"]


def test_the_computers_turn_is_said_set_by_set_and_a_reload_says_none_again(new_page) -> None:
    page = new_page(locale="en-GB")
    save_token(page, "play:tiles:computer:token", position_token(MINE, THEIRS, []))
    page.goto("/tiles/computer/")
    page.locator("#board > section").wait_for(state="attached")
    wait_for_said(page, "Your turn")
    before = len(said(page))
    page.locator('#board [data-action="draw"]').click()
    wait_until_idle(page)

    told = wait_for_saying(page, before + 4)[before:]
    drawn = page.locator("#board [data-events] li[data-kind='draw']").get_attribute("data-pieces")
    assert told == [
        f"You drew {label(drawn or '', 'en')}.",
        "The computer laid black 10, 11, 12 as a new set, set 1.",
        "The computer laid blue 10, orange 10, red 10 as another new set, set 2.",
        "The computer's initial meld: 63 points.",
        "Your turn",
    ]
    # `l` reads the board's move line, as before.
    page.locator("#play-title").click()
    page.keyboard.press("l")
    assert said(page)[-1].startswith("Last move: the computer placed 6 tiles")

    # A fresh load shows the same board: none of its events is said again.
    page.reload()
    page.locator("#board [data-events]").wait_for(state="attached")
    wait_for_said(page, "Your turn")
    page.wait_for_timeout(300)
    assert not [line for line in said(page) if line in told[:4]], said(page)


def test_on_one_device_each_player_hears_their_own_drawn_tile_on_taking_the_device_again(
    new_page,
) -> None:
    page = new_page(locale="en-GB")
    page.goto("/tiles/local/")
    tiles_pages.reveal_if_covered(page)
    page.locator('#board [data-action="draw"]').click()
    wait_until_idle(page)
    tiles_pages.reveal_if_covered(page)  # Player 2 takes the device
    wait_for_said(page, "Player 1 drew a tile.")
    before = len(said(page))
    page.locator('#board [data-action="draw"]').click()
    wait_until_idle(page)
    tiles_pages.reveal_if_covered(page)  # Player 1 again
    told = wait_for_saying(page, before + 2)[before:]
    drawn = page.locator("#board [data-events] li[data-kind='draw'][data-seat='1']")
    tile = label(drawn.get_attribute("data-pieces") or "", "en")
    # One device names the seats; Player 1's tile, said to Player 2 as "a tile", now.
    mine = f"Player 1 drew {tile}."
    assert told[told.index(mine) :][:2] == [mine, "Player 2 drew a tile."], told
    assert "Player 1 drew a tile." not in told
