"""Tile rummy by keyboard alone (arrow keys, short keys, the Keys panel), and the result
panel's "Play again"."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import play_pages
from tests.e2e.tiles_pages import open_saved_game, position_token, rack_codes

pytestmark = pytest.mark.e2e

KEY = "play:tiles:computer:token"


def test_a_keyboard_only_turn_with_arrow_keys_and_short_keys_ends_with_the_computers_reply(
    new_page,
) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    table = [["R1", "R2", "R3"]]
    token = position_token(["B9", "K5", "K6", "K7"], ["O1", "O5", "O9", "B1"], table)
    open_saved_game(page, "/tiles/computer/", KEY, token)
    assert rack_codes(page) == ["B9", "K5", "K6", "K7"]

    # Shift+Right moves the B9 to the end of the rack.
    page.locator(".tiles-rack .tile").first.focus()
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    assert rack_codes(page) == ["K5", "K6", "K7", "B9"]
    # Left to the first tile, Enter selects K5, Right and Space K6, Right and Enter K7.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(page.locator(".tiles-rack .tile[aria-pressed='true']")).to_have_count(3)
    # N is the New set button's short key; the focus stays in the rack.
    page.keyboard.press("n")
    expect(page.locator(".tile-set")).to_have_count(2)
    page.wait_for_function("() => document.activeElement.closest('.tiles-rack') !== null")
    # Up from the rack goes to the last set.
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.closest('.tile-set') !== null")

    # The Keys panel, opened with "?", lists End turn's key; Escape gives the focus back.
    page.keyboard.press("?")
    panel = page.get_by_role("dialog", name="Keys")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("definition").filter(has_text="End turn")).to_be_visible()
    play_pages.picture(page, "tiles-keyboard-shortcuts.png")
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    assert page.evaluate("document.activeElement.closest('.tile-set') !== null")

    # B9 is left: the player cannot go out; E ends the turn with the set of three K.
    page.keyboard.press("e")
    expect(page.locator(".tiles-last")).to_contain_text("Last move: the computer")


def test_play_again_after_a_finished_game_starts_a_new_one(new_page) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    token = position_token(["K5", "K6", "K7"], ["O1", "O5", "O9", "B1"], [["R1", "R2", "R3"]])
    open_saved_game(page, "/tiles/computer/", KEY, token)
    for tile in page.locator(".tiles-rack .tile").all():
        tile.click()
    page.get_by_role("button", name="New set").click()
    page.get_by_role("button", name="End turn").click()
    expect(page.locator(".tiles-result")).to_be_visible()
    page.get_by_role("button", name="Play again").click()
    expect(page.locator(".tiles-rack .tile")).to_have_count(14)
