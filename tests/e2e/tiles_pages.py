"""What the tile rummy browser tests do on a page, in the player's words."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect


def open_board(page: Page, path: str) -> None:
    page.goto(path)
    page.locator(".tiles-board").wait_for(state="attached")


def reveal_if_covered(page: Page) -> None:
    """On one device the cover hides the rack until the player reveals it. The play page
    puts the board and the cover in place together, so wait for the board first."""
    page.locator(".tiles-board").wait_for(state="attached")
    cover = page.locator("#play-cover")
    if cover.count() and cover.is_visible():
        page.locator("#play-reveal").click()
    expect(page.locator(".tiles-rack")).to_be_visible()


def board_data(page: Page) -> dict[str, Any]:
    return page.evaluate("JSON.parse(document.getElementById('tiles-data').textContent)")


def rack_codes(page: Page) -> list[str]:
    return page.locator(".tiles-rack .tile").evaluate_all("tiles => tiles.map(t => t.dataset.code)")


def table_codes(page: Page) -> list[list[str]]:
    return page.locator(".tile-set").evaluate_all(
        "sets => sets.map(s => [...s.querySelectorAll('.tile')].map(t => t.dataset.code))"
    )


def wait_for_draft(page: Page) -> None:
    """Until the draft endpoint has answered and the board is idle again."""
    page.wait_for_function("!document.querySelector('.tiles-board').classList.contains('is-busy')")


def make_a_set_of_the_first_tiles(page: Page, count: int = 3) -> list[str]:
    tiles = page.locator(".tiles-rack .tile")
    codes = [tiles.nth(i).get_attribute("data-code") or "" for i in range(count)]
    for i in range(count):
        tiles.nth(i).click()
        expect(tiles.nth(i)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="New set").click()
    expect(page.locator(".tile-set")).to_have_count(1)
    wait_for_draft(page)
    return codes
