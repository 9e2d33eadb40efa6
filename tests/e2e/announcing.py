"""What the announcement tests (test_announcements.py) need of a page: the live
region's lines, the words each game says in a language, and a refusal made by a key a
player could press."""

from __future__ import annotations

import re

from django.utils import translation
from playwright.sync_api import Page, expect

from tests.e2e.play_pages import wait_until_idle

LANGUAGES = {"en": "en-GB", "ru": "ru-RU", "pt": "pt-PT"}


def said(page: Page) -> list[str]:
    """The region's announcements, oldest first."""
    return page.locator("#play-announce p").evaluate_all("lines => lines.map(l => l.textContent)")


def wait_for_said(page: Page, line: str) -> None:
    """Until the region has said `line`."""
    page.wait_for_function(
        "line => [...document.querySelectorAll('#play-announce p')]"
        ".some(p => p.textContent === line)",
        arg=line,
    )


def wait_for_saying(page: Page, count: int) -> list[str]:
    """The announcements once there are more than `count` of them and the page is idle."""
    page.wait_for_function(
        "count => document.querySelectorAll('#play-announce p').length > count", arg=count
    )
    page.wait_for_timeout(150)  # what the same answer says after it
    return said(page)


def words(language: str, text) -> str:
    with translation.override(language):
        return str(text)


def move_beginnings(slug: str, language: str, who: int, seat: int, mode: str) -> list[str]:
    """How the sentences of a last move by seat `who`, seen by `seat` in `mode`, begin
    in `language`: each game's phrases up to their first card or number."""
    from cards import phrases as cards_phrases
    from tarot import phrases as tarot_phrases
    from tiles import phrases as tiles_phrases

    phrases = {
        "tiles": [tiles_phrases.PLACED, tiles_phrases.DREW, tiles_phrases.PASSED],
        "cards": [cards_phrases.TOOK_LINE, cards_phrases.DREW_LINE],
        "tarot": [tarot_phrases.PLAYED_LINE],
    }[slug]
    with translation.override(language):
        texts = [p.text(who, seat, mode, counter=1, card="\x00") for p in phrases]
    return [re.split(r"[\x00\d]", text)[0] for text in texts]


def events_mark(page: Page) -> int | None:
    """The number of the last move event of the board's list (issue 56), 0 with no
    item; None when the board has no list (the game tells its moves by its move line)."""
    return page.locator("#board").evaluate(
        """board => {
          const list = board.querySelector("[data-events]");
          if (!list) return null;
          const items = list.querySelectorAll("li[data-event]");
          return items.length ? Number(items[items.length - 1].dataset.event) : 0;
        }"""
    )


def events_after(page: Page, mark: int) -> list[str]:
    """The sentences of the board's move events numbered above `mark`, in order."""
    return page.locator("#board [data-events] li[data-event]").evaluate_all(
        "(items, mark) => items.filter(i => Number(i.dataset.event) > mark)"
        ".map(i => i.textContent.trim())",
        mark,
    )


def starts_like(text: str, beginnings: list[str]) -> bool:
    return any(text.startswith(beginning) for beginning in beginnings)


def refusal_shown(page: Page) -> str:
    """The refusal on the page: the play page's message, else the board's."""
    for box in (page.locator("#play-message"), page.locator("#board .board-message")):
        text = (box.text_content() or "").strip()
        if text and box.is_visible():
            return text
    return ""


def refuse_by_key(page: Page, slug: str, illegal: bool = False) -> None:
    """A key a player could press now that the game refuses, with its reason: in tile
    rummy A adds the chosen rack tile to a set of the table before the initial meld; in
    rummy M melds one card; in the Tarot duel C plays when no card is chosen, or
    (`illegal`) Space and C play a card that does not follow."""
    board = page.locator("#board")
    if slug == "tiles":
        tile = board.locator(".tiles-rack .tile").first
        if tile.get_attribute("aria-pressed") != "true":
            tile.focus()
            page.keyboard.press("Space")
        page.keyboard.press("a")
    elif slug == "cards":
        if board.locator('.cards-actions [data-action="draw-stock"]:not([disabled])').count():
            board.locator(".cards-hand .card").first.focus()
            page.keyboard.press("s")
            wait_until_idle(page)
        card = board.locator(".cards-hand .card").first
        if card.get_attribute("aria-pressed") != "true":
            card.focus()
            page.keyboard.press("Space")
        page.keyboard.press("m")
    elif illegal:
        card = board.locator(".tarot-hand .card:not([data-legal])").first
        if card.get_attribute("aria-pressed") != "true":
            card.focus()
            page.keyboard.press("Space")
        page.keyboard.press("c")
    else:
        board.locator(".tarot-hand .card").first.focus()
        page.keyboard.press("c")
    wait_until_idle(page)
    shown = "#board .board-message:visible, #play-message:not(:empty)"
    expect(page.locator(shown)).to_have_count(1)


def refusal_words(slug: str, language: str) -> str:
    """What refuse_by_key is told, in `language`."""
    from django.utils.translation import gettext

    with translation.override(language):
        if slug == "tiles":
            return gettext(
                "Before your initial meld you may not change the sets on the table; "
                "only add new sets from your rack."
            )
        if slug == "cards":
            return gettext("A meld needs at least 3 cards: a set or a run.")
        return gettext("“%(action)s” cannot be used now.") % {"action": gettext("Play card")}


def first_piece_name(page: Page, slug: str, language: str) -> str:
    """The spoken name of the first tile or card of the player's own hand, in `language`."""
    from cards.templatetags.cards_board import card_face
    from tarot.templatetags.tarot_board import card_name
    from tiles.markup import label

    own = {"tiles": ".tiles-rack .tile", "cards": ".cards-hand .card", "tarot": ".tarot-hand .card"}
    code = page.locator(f"#board {own[slug]}").first.get_attribute("data-code") or ""
    with translation.override(language):
        if slug == "tiles":
            return label(code, language)
        return card_face(code)["label"] if slug == "cards" else card_name(code)


def a_tile_game_with_a_set_on_the_table() -> str:
    """Against the computer, the player (not yet melded) to move, one set on the table."""
    from tests.e2e.tiles_pages import position_token

    mine = ["B1", "B5", "B9", "O2", "O6", "O10", "R3", "R7", "R11", "K5", "K9", "K13", "B13"]
    theirs = ["R1", "R4", "R8", "R12", "O3", "O7", "O11", "B2", "B6", "B10", "K6", "K10", "R2"]
    return position_token(mine, theirs, [["K1", "K2", "K3"]], opened=False)


def play_a_turn(page: Page, slug: str) -> None:
    """The player's simplest whole turn in each game."""
    board = page.locator("#board")
    if slug == "tiles":
        board.locator('[data-action="draw"]').click()
    elif slug == "cards":
        board.locator('.cards-actions [data-action="draw-stock"]').click()
        wait_until_idle(page)
        board.locator(".cards-hand .card").first.click()
        board.locator('.cards-actions [data-action="discard"]').click()
    else:
        legal = ".tarot-hand .card[data-legal], .tarot-stacks .card[data-legal]"
        board.locator(legal).first.click()
        board.locator('.tarot-actions [data-action="play"]').click()
    wait_until_idle(page)
