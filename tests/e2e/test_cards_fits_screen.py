"""The rummy board fits the screen like the tile board (test_tiles_fits_screen.py, whose
screens and check it shares): the hand and the action bar are on screen together at
the bottom, the table above scrolls by itself, and the page itself never scrolls."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.cards_pages import crowded, deal_over_with_a_full_hand, open_saved_game
from tests.e2e.play_pages import picture
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


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize("screen", ["small-phone", "phone", "desktop"])
def test_every_card_value_of_the_deal_result_can_be_read(
    new_page, screen: str, language: str
) -> None:
    # Ten cards left in the loser's hand wrap to a second row: it must not cover the
    # value under each card of the first row.
    page = new_page(**SCREENS[screen], extra_http_headers={"Accept-Language": language})
    open_saved_game(page, "computer", deal_over_with_a_full_hand())
    result = page.locator(".cards-result")
    expect(result).to_be_visible()
    result.locator("tbody").scroll_into_view_if_needed()
    picture(page, f"cards-{screen}-{language}-result")
    badges = result.locator(".card-points")
    expect(badges).to_have_count(10)
    rows = badges.evaluate_all("badges => new Set(badges.map(b => b.parentElement.offsetTop)).size")
    covered = badges.evaluate_all(
        """badges => badges.filter((badge) => {
          badge.scrollIntoView({block: "center"});
          const box = badge.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return !(top && (top === badge || badge.contains(top)));
        }).map(b => b.textContent)"""
    )
    assert covered == [], f"{len(covered)} values covered, the cards in {rows} rows"
