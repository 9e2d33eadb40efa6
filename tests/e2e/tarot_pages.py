"""What the Tarot browser tests do on a page, in the player's words."""

from __future__ import annotations

import random

from playwright.sync_api import Locator, Page

from tests.e2e import play_pages

HAND_CARD = ".tarot-hand button.card"
LEGAL = ".tarot-board.is-playing button.card[data-legal]"  # in the hand or on a stack


def open_board(page: Page, path: str) -> None:
    page.goto(path)
    page.locator(".tarot-board").wait_for(state="attached")


def reveal_if_covered(page: Page) -> None:
    """On one device the cover hides the hand until the player reveals it."""
    play_pages.reveal_if_covered(page, ".tarot-board", ".tarot-hand")


def my_turn(page: Page) -> None:
    """Until the board shown is the player's turn and no action is in flight."""
    page.locator(".tarot-board.is-playing").wait_for(state="attached")
    play_pages.wait_until_idle(page)


def legal_card(page: Page) -> Locator:
    my_turn(page)
    return page.locator(LEGAL).first


def tricks_left(page: Page) -> int:
    return int(page.locator('[data-count="tricks"]').inner_text())


def hand_size(page: Page) -> int:
    return page.locator(HAND_CARD).count()


def seal_round(moves: int, *, mode: str = "computer", finish: bool = False) -> str:
    """A sealed game for the e2e server: a fresh round after `moves` cards (or played to
    the end), played by the easy level, with the player to move where it matters."""
    from tarot import bots, engine

    state = engine.new_round(21, 1)
    rng = random.Random(2)
    played = 0
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        if not finish and played >= moves and (mode == "local" or seat == 1):
            break
        state = engine.apply(state, seat, bots.choose(state, seat, "easy", rng))
        played += 1
    level = "easy" if mode == "computer" else None
    payload = {"game": "tarot", "mode": mode, "level": level, "round": 1, "seed": 21}
    payload |= {"moves": played, "seat": 1, "state": engine.to_json(state)}
    return play_pages.seal(payload)


def open_saved_game(page: Page, path: str, storage_key: str, token: str) -> None:
    play_pages.save_token(page, storage_key, token)
    open_board(page, path)


def double_tap(page: Page, card: Locator) -> None:
    """Two taps at the card's centre in quick succession, as a finger does (a locator's
    tap waits for the selected card's lift to settle, which may be slower than a
    double tap)."""
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.touchscreen.tap(x, y - 8)  # the selected card is lifted by 8 px
