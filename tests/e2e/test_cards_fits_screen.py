"""The rummy board fits the screen like the tile board (test_tiles_fits_screen.py, whose
screens and check it shares): the hand and the action bar are on screen together at
the bottom, the table above scrolls by itself, and the page itself never scrolls."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.cards_pages import crowded, open_saved_game
from tests.e2e.test_tiles_fits_screen import SCREENS, inside_viewport

pytestmark = pytest.mark.e2e


def hand_and_bar_on_screen(page: Page) -> None:
    inside_viewport(page, ".cards-hand")
    inside_viewport(page, ".cards-actions")
    inside_viewport(page, ".cards-deck")
    hand = page.locator(".cards-hand").bounding_box()
    bar = page.locator(".cards-actions").bounding_box()
    assert hand is not None
    assert bar is not None
    assert hand["y"] + hand["height"] <= bar["y"], "the bar covers the hand"
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")


@pytest.mark.parametrize("screen", ["phone", "small-phone", "desktop"])
def test_hand_and_action_bar_are_on_screen_with_a_crowded_table(new_page, screen: str) -> None:
    page = new_page(**SCREENS[screen])
    open_saved_game(page, "computer", crowded())
    expect(page.locator(".meld")).to_have_count(9)
    expect(page.locator(".cards-hand .card")).to_have_count(11)

    hand_and_bar_on_screen(page)
    table = page.locator(".cards-table")
    assert table.evaluate("t => getComputedStyle(t).overflowY") == "auto"
    # Every card of the hand can be reached without scrolling the page; a selection
    # keeps everything in place.
    page.locator(".cards-hand .card").last.click()
    expect(page.locator('[data-action="discard"]')).to_be_enabled()
    hand_and_bar_on_screen(page)
    assert page.evaluate("window.scrollY") == 0
