"""The Tarot board fits the screen: the hand and the action bar are on screen together at
the bottom, the table above scrolls by itself, and the page itself never scrolls. The
screenshots of docs/screenshots/tarot-*.png come from here."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import play_pages
from tests.e2e.tarot_pages import open_saved_game, seal_round
from tests.e2e.test_tiles_fits_screen import SCREENS, inside_viewport

pytestmark = pytest.mark.e2e

KEY = "play:tarot:computer:token"


@pytest.mark.parametrize("screen", ["phone", "small-phone", "tablet", "desktop"])
def test_hand_and_action_bar_are_on_screen_mid_round(new_page, screen: str) -> None:
    page = new_page(**SCREENS[screen])
    open_saved_game(page, "/tarot/computer/", KEY, seal_round(9))
    page.locator(".tarot-board.is-playing").wait_for(state="attached")
    expect(page.locator(".tarot-trick .card")).not_to_have_count(0)
    if screen in ("phone", "desktop"):
        play_pages.picture(page, f"tarot-{screen}-mid-round.png")

    inside_viewport(page, ".tarot-hand")
    inside_viewport(page, ".tarot-actions")
    hand = page.locator(".tarot-hand").bounding_box()
    bar = page.locator(".tarot-actions").bounding_box()
    assert hand is not None
    assert bar is not None
    assert hand["y"] + hand["height"] <= bar["y"], "the bar covers the hand"
    # No page scroll: the document is the screen's height; the table scrolls by itself.
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    table = page.locator(".tarot-table")
    assert table.evaluate("t => getComputedStyle(t).overflowY") == "auto"
    # The cards stay readable: at least 24 px of every hand card can be seen and tapped.
    widths = page.locator(".tarot-hand .card").evaluate_all(
        "cards => cards.map((c, i) => (cards[i + 1] && cards[i + 1].offsetTop === c.offsetTop"
        " ? cards[i + 1].getBoundingClientRect().left : c.getBoundingClientRect().right)"
        " - c.getBoundingClientRect().left)"
    )
    assert min(widths) >= 24


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_the_round_result_is_reachable_with_its_play_again(new_page, screen: str) -> None:
    page = new_page(**SCREENS[screen])
    open_saved_game(page, "/tarot/computer/", KEY, seal_round(0, finish=True))
    result = page.locator(".tarot-result")
    expect(result).to_be_visible()
    play_pages.picture(page, f"tarot-{screen}-result.png")
    again = page.get_by_role("button", name="Play again")
    again.scroll_into_view_if_needed()
    inside_viewport(page, ".tarot-result [data-play-again]")
