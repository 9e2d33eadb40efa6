"""Tile rummy as players use it: regressions found by playing the board in a browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.tiles_pages import board_data, open_board, rack_codes, reveal_if_covered

pytestmark = pytest.mark.e2e

NEW_TURN = (
    "start => JSON.parse(document.getElementById('tiles-data').textContent).turn_id !== start"
)


def test_on_one_device_each_player_keeps_their_own_rack_order(new_page) -> None:
    page = new_page()
    open_board(page, "/tiles/local/")
    reveal_if_covered(page)
    start = board_data(page)
    assert start["seat"] == 1
    page.get_by_role("button", name="By number").click()
    player_1_order = rack_codes(page)

    page.get_by_role("button", name="Draw").click()
    page.wait_for_function(NEW_TURN, arg=start["turn_id"])
    reveal_if_covered(page)

    # Player 2 sees their rack as the server sends it, not arranged by player 1's order.
    assert board_data(page)["seat"] == 2
    assert rack_codes(page) == board_data(page)["rack"]
    assert player_1_order != rack_codes(page)


def test_offline_the_board_and_the_play_page_never_show_the_same_error_twice(new_page) -> None:
    page = new_page()
    open_board(page, "/tiles/computer/")
    reveal_if_covered(page)
    page.context.set_offline(True)
    page.locator(".tiles-rack .tile").first.click()
    page.get_by_role("button", name="New set").click()
    board_message = page.locator(".tiles-message")
    expect(board_message).to_be_visible()  # the edit could not be checked

    page.get_by_role("button", name="Draw").click()
    expect(page.locator("#play-message")).to_contain_text("could not be reached")
    expect(board_message).to_be_hidden()
    page.context.set_offline(False)
