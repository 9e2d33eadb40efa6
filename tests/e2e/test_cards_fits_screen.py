"""The rummy board fits the screen like the tile board (test_tiles_fits_screen.py, whose
screens and check it shares): the hand and the action bar are on screen together at
the bottom, the table above scrolls by itself, and the page itself never scrolls."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from cards.state import state_from_position
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


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_every_button_of_the_draw_bar_is_inside_a_small_phones_screen(
    new_page, language: str
) -> None:
    # The widest draw bar: a ten on the discard pile ("Взять: 10♦" beside "Взять из
    # колоды" and "Подсказка" was 4 px past a 360 px screen, the hint cut off).
    page = new_page(**SCREENS["small-phone"], extra_http_headers={"Accept-Language": language})
    hands = {
        1: ["2S", "3S", "4S", "7C", "8C", "JD", "QD", "AH", "5D", "TS"],
        2: ["9H", "5H", "KC", "2C", "3D", "6S", "TH", "9C", "JC", "QC"],
    }
    open_saved_game(
        page, "computer", state_from_position(hands, pile=["4D", "TD"], turn=1, step="draw")
    )
    bar = page.locator(".cards-actions")
    expect(bar.locator('[data-action="draw-discard"]')).to_be_visible()
    edge = bar.evaluate("b => b.getBoundingClientRect().right")
    for button in bar.locator(".button").all():
        box = button.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= min(edge, 360), (button.inner_text(), box)
