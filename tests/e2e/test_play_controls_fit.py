"""The play page's controls (level, New round, Rules) stay in one row on the narrowest
phone, in every language and every game: in Russian at 360 px "Правила" was cut off;
and the hand's heading keeps its count beside the sort buttons."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_tiles_fits_screen import SCREENS, inside_viewport

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize("game", ["tiles", "cards", "tarot"])
def test_the_level_new_round_and_rules_fit_one_row_of_a_small_phone(
    new_page, game: str, language: str
) -> None:
    page = new_page(**SCREENS["small-phone"], extra_http_headers={"Accept-Language": language})
    page.goto(f"/{game}/computer/")
    page.locator(f".{game}-board").wait_for()

    # The Keys button (issue 45) is for a keyboard: a touch phone has none of it.
    expect(page.locator("#play-keys-button")).to_be_hidden()
    controls = page.locator("#play-level, .play-controls .button:not(#play-keys-button)")
    tops = controls.evaluate_all("els => els.map(e => e.getBoundingClientRect().top)")
    assert len(tops) == 3
    assert max(tops) - min(tops) < 8, f"the controls wrap: tops {tops}"
    for selector in ("#play-level", "#play-new", ".play-controls a.button"):
        inside_viewport(page, selector)
        # Nothing clipped inside: the control's text fits its box.
        assert page.locator(selector).evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize(("game", "title"), [("tiles", ".rack-title"), ("cards", ".hand-title")])
@pytest.mark.parametrize("screen", ["small-phone", "phone"])
def test_the_hand_heading_shows_its_count_beside_the_sort_buttons(
    new_page, screen: str, game: str, title: str, language: str
) -> None:
    page = new_page(**SCREENS[screen], extra_http_headers={"Accept-Language": language})
    page.goto(f"/{game}/computer/")
    page.locator(f".{game}-board").wait_for()

    heading = page.locator(title)
    # "Ваша стойка (…": the count was cut off; the heading now takes two lines instead.
    assert heading.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the heading is cut"
    count = page.locator(f"{title} .{'rack' if game == 'tiles' else 'hand'}-count")
    assert count.is_visible()
    inside_viewport(page, f"{title} .{'rack' if game == 'tiles' else 'hand'}-count")
