"""The Hint button against the computer: the solver's placement lands on the table as
this turn's tiles, End turn takes it, Undo takes it back; or the board says to draw."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.tiles_pages import board_data, open_board, reveal_if_covered, table_codes

pytestmark = pytest.mark.e2e

NEW_TURN = (
    "start => JSON.parse(document.getElementById('tiles-data').textContent).turn_id !== start"
)
# The hint has been answered: either tiles placed this turn lie on the table (and the
# draft endpoint has answered too) or the board shows its message.
HINT_ANSWERED = """() => {
  const board = document.querySelector('.tiles-board');
  if (board.classList.contains('is-busy')) return false;
  return Boolean(board.querySelector('.tiles-table .tile[data-placed]')
    || board.querySelector('.tiles-message:not([hidden])'));
}"""
# A new game's first turns: enough for a hand that can open, yet quick.
TURNS_TO_TRY = 8


def press_hint(page: Page) -> bool:
    """Press Hint; True if a placement came, False if the board said to draw."""
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function(HINT_ANSWERED)
    return page.locator(".tiles-table .tile[data-placed]").count() > 0


def test_the_hint_places_tiles_that_end_turn_takes_and_undo_takes_back(new_page) -> None:
    page = new_page()
    open_board(page, "/tiles/computer/")
    reveal_if_covered(page)
    end_turn = page.get_by_role("button", name="End turn")
    undo = page.get_by_role("button", name="Undo")
    for _ in range(TURNS_TO_TRY):
        start = board_data(page)
        if press_hint(page):
            break
        # No placement this turn: the board says so, and drawing is the way on.
        expect(page.locator(".tiles-message")).to_contain_text("draw a tile")
        expect(page.locator(".tiles-message")).to_have_class(re.compile(r"\bis-note\b"))
        expect(end_turn).to_be_disabled()
        page.get_by_role("button", name="Draw").click()
        page.wait_for_function(NEW_TURN, arg=start["turn_id"])
    else:
        return  # the hands never allowed an opening: the "draw" answer was checked

    # The table holds the start table's tiles and some rack tiles marked as this turn's.
    table = table_codes(page)
    on_table = Counter(code for tiles in table for code in tiles)
    at_start = Counter(code for tiles in start["table"] for code in tiles)
    placed = on_table - at_start
    assert placed
    assert not at_start - on_table
    assert not placed - Counter(start["rack"])
    expect(page.locator(".tiles-table .tile[data-placed]")).to_have_count(placed.total())
    expect(end_turn).to_be_enabled()
    expect(page.locator(".tiles-message")).to_be_hidden()

    undo.click()
    expect(page.locator(".tiles-table .tile[data-placed]")).to_have_count(0)
    expect(end_turn).to_be_disabled()
    assert Counter(code for tiles in table_codes(page) for code in tiles) == at_start

    assert press_hint(page)
    end_turn.click()
    page.wait_for_function(NEW_TURN, arg=start["turn_id"])
    after = board_data(page)
    # The computer has replied; the player's rack lost the placed tiles (and drew none).
    assert len(after["rack"]) == len(start["rack"]) - placed.total()
    assert after["opened"] is True
