"""What just happened: the computer's reply travels to the table (motion.js, from the
move's events; not with reduced motion), the line says it in words, and it stays
marked on the board until the player acts."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import play_pages
from tests.e2e.tiles_pages import big_position_token, board_data, open_saved_game

pytestmark = [pytest.mark.e2e, pytest.mark.motion]

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
    # It lays its run of orange 5 to 13 down as a new set.
    expect(page.locator(".tiles-last")).to_contain_text(
        "Last move: the computer placed 9 tiles, made 1 new set:"
    )
    expect(page.locator(".tile-set.is-last-move")).to_have_count(1)
    fresh = page.locator(".tiles-table .tile.is-fresh")
    expect(fresh).to_have_count(9)
    # Travelling there, the motion's own animations only (no pulse of the old marks).
    names = fresh.evaluate_all(
        "tiles => tiles.flatMap(t => t.getAnimations().map(a => a.id || a.animationName))"
    )
    assert names
    assert set(names) == {"motion"}, names
    play_pages.picture(page, f"tiles-{screen}-computer-arriving.png")
    page.wait_for_timeout(1300)  # after the arrival
    play_pages.picture(page, f"tiles-{screen}-last-move.png")

    # Once the player acts the marks go.
    page.locator(".tiles-rack .tile").first.click()
    page.get_by_role("button", name="New set").click()
    expect(page.locator(".tile-set.is-last-move")).to_have_count(0)


def test_with_reduced_motion_the_computers_move_is_marked_without_moving(new_page) -> None:
    page = new_page(reduced_motion="reduce")
    open_saved_game(page, "/tiles/computer/", "play:tiles:computer:token", big_position_token())
    start = board_data(page)

    page.get_by_role("button", name="Draw").click()
    page.wait_for_function(
        "start => JSON.parse(document.getElementById('tiles-data').textContent).turn_id !== start",
        arg=start["turn_id"],
    )

    expect(page.locator(".tile-set.is-last-move")).to_have_count(1)
    expect(page.locator(".tiles-table .tile.is-fresh")).to_have_count(9)
    assert page.evaluate("() => document.getAnimations().length") == 0
