"""Tile rummy on one device: a turn, the cover at hand-over, a reload mid-turn."""

from __future__ import annotations

from collections import Counter

import pytest
from playwright.sync_api import expect

from tests.e2e.tiles_pages import (
    board_data,
    make_a_set_of_the_first_tiles,
    open_board,
    rack_codes,
    reveal_if_covered,
    table_codes,
    wait_for_draft,
)

pytestmark = pytest.mark.e2e


def test_a_reload_mid_turn_brings_back_the_draft_and_drawing_hands_over_behind_the_cover(
    new_page,
) -> None:
    page = new_page()
    open_board(page, "/tiles/local/")
    reveal_if_covered(page)
    assert board_data(page)["seat"] == 1
    rack_before = rack_codes(page)

    placed = make_a_set_of_the_first_tiles(page)
    assert Counter(table_codes(page)[0]) == Counter(placed)
    expect(page.get_by_role("button", name="Draw")).to_be_disabled()  # the table changed

    page.reload()
    reveal_if_covered(page)
    expect(page.locator(".tile-set")).to_have_count(1)
    assert Counter(table_codes(page)[0]) == Counter(placed)
    assert Counter(rack_codes(page)) + Counter(placed) == Counter(rack_before)

    page.get_by_role("button", name="Reset table").click()
    expect(page.locator(".tile-set")).to_have_count(0)
    wait_for_draft(page)
    page.get_by_role("button", name="Draw").click()

    # Hand-over: the cover hides player 2's rack until they reveal it.
    cover = page.locator("#play-cover")
    expect(cover).to_be_visible()
    expect(cover).to_contain_text("Player 2")
    expect(page.locator("#board")).to_have_attribute("inert", "")
    page.locator("#play-reveal").click()
    expect(cover).to_be_hidden()
    data = board_data(page)
    assert data["seat"] == 2
    assert data["editable"] is True
    expect(page.locator(".tiles-last")).to_contain_text("Last move: Player 1 drew a tile.")
    expect(page.locator(".tile-set")).to_have_count(0)  # player 1's draft did not follow


def test_a_set_can_be_made_with_the_keyboard_alone(new_page) -> None:
    page = new_page()
    open_board(page, "/tiles/local/")
    reveal_if_covered(page)
    first = page.locator(".tiles-rack .tile").first
    first.focus()
    page.keyboard.press("Space")
    expect(first).to_have_attribute("aria-pressed", "true")
    # The rack is one Tab stop: the arrow keys go from tile to tile.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(page.locator(".tiles-rack .tile").nth(1)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="New set").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".tile-set")).to_have_count(1)
    wait_for_draft(page)
    expect(page.locator(".tile-set .set-problem")).to_contain_text("too short")
    # Undo, by keyboard too, and focus stays on the button.
    page.get_by_role("button", name="Undo").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".tile-set")).to_have_count(0)


def test_revealing_the_board_puts_the_focus_on_the_rack(new_page) -> None:
    page = new_page()
    page.goto("/tiles/local/")
    page.get_by_role("button", name="Show Player 1's tiles").click()
    focused = page.evaluate("document.activeElement.closest('.tiles-rack') !== null")
    assert focused
