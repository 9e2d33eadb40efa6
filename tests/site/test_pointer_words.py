"""A board and a rules page are read with a mouse as often as with a finger: they say
"choose", "select" or "press", never "tap" alone (issue 55), in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from cards import engine
from tests.cards.positions import draw, play, position
from tests.rooms.boards import render_board

BASE_DIR = Path(__file__).resolve().parents[2]
# "tap" and its Portuguese words ("toque", "tocar", "tocando"); a double tap named beside
# the double-click ("a double-click or a double tap") is both at once.
TOUCH_ONLY = {
    "en": re.compile(r"\btap(s|ping|ped)?\b", re.IGNORECASE),
    "pt": re.compile(r"\b(toqu\w*|toca\w*)\b", re.IGNORECASE),
}
BOTH = {"en": "double tap", "pt": "toque duplo"}


def words_of(html: str, language: str) -> str:
    text = re.sub(r"\{%.*?%\}|\{#.*?#\}|<[^>]+>", " ", html)
    return text.replace(BOTH[language], "")


def both_steps() -> list[str]:
    state = position(["2S", "3S", "4S", "JD"], ["9S", "KC"], pile=["4D", "9D"])
    after_draw = play(state, 1, draw())
    assert engine.status(after_draw)["turn"] == 1
    return [render_board("cards", each, 1, "computer") for each in (state, after_draw)]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_rummy_board_says_choose_not_tap(language: str) -> None:
    with translation.override(language):
        pages = both_steps()
    for html in pages:
        # The board's own lines and the messages it keeps for the selection (data-msg-*).
        found = TOUCH_ONLY[language].findall(html)
        assert not found, found


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("game", ["tiles", "cards", "tarot"])
def test_a_rules_page_says_choose_not_tap(game: str, language: str) -> None:
    page = BASE_DIR / game / "templates" / game / "rules" / f"{language}.html"
    found = TOUCH_ONLY[language].findall(words_of(page.read_text(), language))
    assert not found, found
