"""Tile rummy against the computer: the player's turn, then the computer's reply."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.tiles_pages import board_data, open_board, rack_codes, reveal_if_covered

pytestmark = pytest.mark.e2e


def test_after_the_player_draws_the_computer_plays_and_it_is_the_players_turn_again(
    new_page,
) -> None:
    page = new_page()
    open_board(page, "/tiles/computer/")
    reveal_if_covered(page)
    start = board_data(page)
    assert start["seat"] == 1
    assert start["editable"] is True
    rack = rack_codes(page)
    assert len(rack) == 14

    page.get_by_role("button", name="Draw").click()

    # The server answers once the computer has replied: a new turn of the player's.
    page.wait_for_function(
        "start => JSON.parse(document.getElementById('tiles-data').textContent).turn_id !== start",
        arg=start["turn_id"],
    )
    after = board_data(page)
    assert after["editable"] is True
    assert len(rack_codes(page)) == 15
    expect(page.locator(".tiles-last")).to_contain_text("Last move: the computer")
    assert after["pool_count"] <= start["pool_count"] - 1
