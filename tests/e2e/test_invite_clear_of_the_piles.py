"""While the host waits for the friend, the invite lies over the board's table, never
over its piles and scores (issue 55: it covered the pool, the stock and discard pile,
the Tarot stacks and the match scores), in every game, language and screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import play_pages
from tests.e2e.test_tiles_fits_screen import SCREENS

pytestmark = pytest.mark.e2e

# What the invite must leave in view: each game's counts, piles and scores.
PILES = {
    "tiles": [".tiles-counts"],
    "cards": [".cards-deck", ".cards-counts"],
    "tarot": [".tarot-counts", ".tarot-side.is-theirs", ".tarot-side.is-mine"],
}


LANGUAGES = ["en", "ru", "pt"]


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


# Each game on each screen, each language once per game and per screen (a Latin square:
# all 27 at once cost a minute of the suite for no more cases seen).
@pytest.mark.parametrize(
    ("screen", "game", "language"),
    [
        (screen, game, LANGUAGES[(i + j) % 3])
        for i, screen in enumerate(["small-phone", "phone", "desktop"])
        for j, game in enumerate(["tiles", "cards", "tarot"])
    ],
)
def test_the_invite_covers_none_of_the_piles_and_scores(
    new_page, screen: str, game: str, language: str
) -> None:
    page = new_page(**SCREENS[screen], extra_http_headers={"Accept-Language": language})
    play_pages.open_room(page, game)
    invite = page.locator("#play-invite")
    expect(invite).to_be_visible()
    page.locator(f".{game}-board").wait_for()
    expect(page.locator("#play-presence")).to_contain_text("…")  # waiting for your friend…
    play_pages.picture(page, f"invite-{game}-{screen}-{language}")

    panel = invite.bounding_box()
    assert panel is not None
    for selector in PILES[game]:
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        assert not overlap(panel, box), (selector, panel, box)
    # It stays on the board, in the screen.
    board = page.locator("#board").bounding_box()
    assert board is not None
    assert board["y"] <= panel["y"]
    assert panel["y"] + panel["height"] <= board["y"] + board["height"]
    assert panel["x"] >= 0
    assert panel["x"] + panel["width"] <= SCREENS[screen]["viewport"]["width"]
