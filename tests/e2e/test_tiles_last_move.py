"""What just happened: the computer's reply is marked on the board until the player acts."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.tiles_pages import big_position_token, board_data, open_saved_game

pytestmark = pytest.mark.e2e

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_the_computers_last_move_is_marked_until_the_player_acts(new_page, screen) -> None:
    page = new_page(
        **(PHONE if screen == "phone" else {"viewport": {"width": 1280, "height": 800}})
    )
    open_saved_game(page, "/tiles/computer/", "play:tiles:computer:token", big_position_token())
    start = board_data(page)
    expect(page.locator(".tile-set.is-last-move")).to_have_count(0)

    # The computer holds a run of orange 5 to 13: after the player draws, it plays.
    page.get_by_role("button", name="Draw").click()
    page.wait_for_function(
        "start => JSON.parse(document.getElementById('tiles-data').textContent).turn_id !== start",
        arg=start["turn_id"],
    )
    expect(page.locator(".tiles-last")).to_contain_text("Last move: The computer placed")
    assert page.locator(".tile-set.is-last-move").count() >= 1
    assert page.locator(".tiles-table .tile.is-fresh").count() >= 1
    page.wait_for_timeout(1100)  # after the arrival's pulse
    page.screenshot(path=str(SCREENSHOTS / f"tiles-{screen}-last-move.png"))

    # Once the player acts the marks go.
    page.locator(".tiles-rack .tile").first.click()
    page.get_by_role("button", name="New set").click()
    expect(page.locator(".tile-set.is-last-move")).to_have_count(0)
