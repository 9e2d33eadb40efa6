"""What the tile rummy browser tests do on a page, in the player's words."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e import play_pages
from tiles.state import state_from_position


def open_board(page: Page, path: str) -> None:
    page.goto(path)
    page.locator(".tiles-board").wait_for(state="attached")


def reveal_if_covered(page: Page) -> None:
    """On one device the cover hides the rack until the player reveals it."""
    play_pages.reveal_if_covered(page, ".tiles-board", ".tiles-rack")


def board_data(page: Page) -> dict[str, Any]:
    return page.evaluate("JSON.parse(document.getElementById('tiles-data').textContent)")


def rack_codes(page: Page) -> list[str]:
    return page.locator(".tiles-rack .tile").evaluate_all("tiles => tiles.map(t => t.dataset.code)")


def table_codes(page: Page) -> list[list[str]]:
    return page.locator(".tile-set").evaluate_all(
        "sets => sets.map(s => [...s.querySelectorAll('.tile')].map(t => t.dataset.code))"
    )


def wait_for_turn(page: Page, editable: bool, timeout: float | None = None) -> None:
    """Until the board says whether this page's player may play (`editable`)."""
    page.wait_for_function(
        "editable => { const data = document.getElementById('tiles-data');"
        " return data && JSON.parse(data.textContent).editable === editable; }",
        arg=editable,
        timeout=timeout,
    )


def wait_for_draft(page: Page) -> None:
    """Until the draft endpoint has answered and the board is idle again."""
    # A function, not an expression: polled expressions need eval, which the CSP refuses.
    page.wait_for_function(
        "() => !document.querySelector('.tiles-board').classList.contains('is-busy')"
    )


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


def big_position_token() -> str:
    """A sealed game against the computer, the player to move: 12 sets on the table, 30
    tiles in the player's rack (the most crowded board a real game reaches)."""
    table = [[f"{c}{n}" for n in range(start, start + 3)] for c in "KBOR" for start in (1, 4, 7)]
    mine = [f"{c}{n}" for c in "KB" for n in range(1, 14)] + ["O1", "O2", "O3", "O4"]
    theirs = [f"O{n}" for n in range(5, 14)] + ["R13", "B11", "K12"]  # never all out
    return position_token(mine, theirs, table)


def position_token(
    mine: list[str], theirs: list[str], table: list[list[str]], opened: bool | None = None
) -> str:
    """A sealed game against the computer at this position, the player (seat 1) to move,
    both having made their initial meld if the table has sets (unless `opened` says)."""
    from tiles import engine

    melded = None if opened is None else {1: opened, 2: True}
    state = state_from_position({1: mine, 2: theirs}, table, turn=1, opened=melded)
    payload = {"game": "tiles", "mode": "computer", "level": "medium", "round": 1}
    payload |= {"seed": 1, "moves": 0, "seat": 1, "state": engine.to_json(state)}
    return play_pages.seal(payload)


def open_saved_game(page: Page, path: str, storage_key: str, token: str) -> None:
    """The page at `path` restoring the sealed game `token` saved under `storage_key`."""
    play_pages.save_token(page, storage_key, token)
    open_board(page, path)
