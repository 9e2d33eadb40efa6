"""A whole round of each game against the computer with the keyboard alone, counting
the keys pressed per turn (issue 45). E2E_KEYS_BASELINE=1 also plays it the way a
keyboard player had to before the short keys: Tab to each button, then Enter."""

from __future__ import annotations

import os

import pytest

from tests.e2e.keyboard_rounds import ROUNDS, KeyboardPlayer

pytestmark = pytest.mark.e2e

WAYS = ["keys"] + (["tab"] if os.environ.get("E2E_KEYS_BASELINE") else [])


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("game", ["tiles", "cards", "tarot"])
def test_a_whole_round_against_the_computer_is_played_with_the_keyboard_alone(
    new_page, game: str, way: str
) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"/{game}/computer/")
    page.locator("#board > section").wait_for(state="attached")
    player = KeyboardPlayer(page, way)
    ROUNDS[game](page, player)
    print(
        f"\n{game} {way}: {len(player.turns)} turns, median {player.median()} keys per turn,"
        f" {sum(player.turns)} keys in all"
    )
    assert player.turns
