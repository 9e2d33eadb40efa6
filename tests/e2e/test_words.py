"""The words a player reads once, and the marks a player sees (issue 55, item 12): a
refusal said once, not in the board's message and its step line at the same time, and
a tile's keyboard focus ring that stands out from the tile and the table."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from tests.e2e.cards_pages import mid_game, open_saved_game, wait_until_idle

pytestmark = pytest.mark.e2e

PHONE = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}

# The visible elements whose own text holds `phrase` (hidden ones and ancestors left out).
SHOWN_WITH = """phrase => [...document.querySelectorAll("#board *")].filter(element =>
  element.checkVisibility() && [...element.childNodes].some(node =>
    node.nodeType === Node.TEXT_NODE && node.textContent.includes(phrase))).length"""


def test_the_reason_a_card_just_taken_cannot_be_discarded_is_shown_once(new_page) -> None:
    page = new_page(**PHONE)
    open_saved_game(page, "computer", mid_game())
    page.get_by_role("button", name="Take the king of clubs").tap()
    wait_until_idle(page)
    page.locator('.cards-hand .card[data-code="KC"]').tap()

    page.get_by_role("button", name="Discard", exact=True).tap(force=True)

    phrase = "cannot be discarded this turn"
    expect(page.locator(".cards-message")).to_contain_text(phrase)
    if os.environ.get("WORDS_PICTURES"):
        page.screenshot(path=f"{os.environ['WORDS_PICTURES']}/refusal-once.png")
    assert page.evaluate(SHOWN_WITH, phrase) == 1
