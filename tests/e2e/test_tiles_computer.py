"""Tile rummy against the computer: the player's turn, then the computer's reply; a
tile tapped while an edit is on its way."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import play_pages
from tests.e2e.tiles_pages import (
    board_data,
    open_board,
    open_saved_game,
    position_token,
    rack_codes,
    reveal_if_covered,
    table_codes,
    wait_for_draft,
)

pytestmark = [pytest.mark.e2e, pytest.mark.motion]


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


def test_a_rack_tile_tapped_while_an_edit_is_on_its_way_stays_picked(new_page) -> None:
    page = new_page()
    mine = ["R10", "R11", "R12", "K5", "K6", "K7", "B2", "O9"]
    token = position_token(mine, ["O1", "O2", "O3", "B13"], [], opened=False)
    open_saved_game(page, "/tiles/computer/", "play:tiles:computer:token", token)

    play_pages.slow_answers(page, "**/tiles/draft/")
    for code in ["R10", "R11", "R12"]:
        page.locator(f'.tiles-rack .tile[data-code="{code}"]').click()
    page.get_by_role("button", name="New set").click()
    page.locator('.tiles-rack .tile[data-code="K5"]').click()  # at once, before the answer
    expect(page.locator(".tile-set")).to_have_count(1)
    wait_for_draft(page)
    expect(page.locator('.tiles-rack .tile[data-code="K5"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    for code in ["K6", "K7"]:
        page.locator(f'.tiles-rack .tile[data-code="{code}"]').click()
    page.get_by_role("button", name="New set").click()
    expect(page.locator(".tile-set")).to_have_count(2)
    assert sorted(table_codes(page)) == [["K5", "K6", "K7"], ["R10", "R11", "R12"]]
