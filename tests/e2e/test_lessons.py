"""The "Learn to play" pages in a real browser: each guided first round played to the end
of its steps, by touch on a phone in one language and with a mouse on a desktop in
another, with one wrong move and its explanation on the way (issue 46)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e import play_pages
from tests.e2e.play_pages import wait_until_idle

pytestmark = [pytest.mark.e2e, pytest.mark.motion]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
WAYS = {
    "phone": (PHONE, "pt"),
    "desktop": (DESKTOP, "ru"),
}
# What each language's page says where the test reads it.
WORDS = {
    "pt": {
        "step": "Passo {} de {}",
        "opening": "Abertura: 9 de pelo menos 30 pontos",
        "taken": "não pode ser descartada",
        "follow": "siga o naipe",
        "done": "Já viu todas as regras da lição",
        "over": "Fim da lição",
    },
    "ru": {
        "step": "Шаг {} из {}",
        "opening": "Первый выход: 9 из минимум 30 очков",
        "taken": "нельзя сбросить",
        "follow": "ходите в масть",
        "done": "Вы увидели все правила урока",
        "over": "Урок окончен",
    },
}


def open_lesson(new_page, slug: str, way: str) -> tuple[Page, dict[str, str], bool]:
    options, language = WAYS[way]
    page = new_page(**options, extra_http_headers={"Accept-Language": language})
    page.goto(f"/{slug}/learn/")
    page.locator("#board > section").wait_for()
    return page, WORDS[language], "has_touch" in options


def press(locator: Locator, touch: bool, **options) -> None:
    """A finger's tap on a phone, a mouse click on a desktop."""
    if touch:
        locator.tap(**options)
    else:
        locator.click(**options)


def at_step(page: Page, words: dict[str, str], step: int, steps: int) -> None:
    expect(page.locator("#lesson-step")).to_have_text(words["step"].format(step, steps))


@pytest.mark.parametrize("way", WAYS)
def test_the_tile_rummy_lesson(new_page, way: str) -> None:
    page, words, touch = open_lesson(new_page, "tiles", way)
    at_step(page, words, 1, 4)

    def tiles(*codes: str, where: str = ".tiles-rack") -> None:
        for code in codes:
            press(page.locator(f'{where} .tile[data-code="{code}"]').first, touch)

    def new_set() -> None:
        press(page.locator('[data-action="new-set"]').first, touch)
        page.wait_for_function(
            "() => !document.querySelector('.tiles-board').classList.contains('is-busy')"
        )

    end_turn = page.locator('[data-action="end-turn"]').first
    # The wrong move: a run of 9 points as the initial meld. The board says why and
    # End turn stays off.
    tiles("B2", "B3", "B4")
    new_set()
    expect(page.locator(".draft-status")).to_contain_text(words["opening"])
    expect(end_turn).to_be_disabled()
    play_pages.picture(page, f"lesson-tiles-{way}-refused.png")

    tiles("R10", "K10", "O10", "B10")
    new_set()
    press(end_turn, touch)
    at_step(page, words, 2, 4)
    # A rearrangement: the blue 10 from the group, with the 11 and 12 of the rack.
    tiles("B10", where=".tiles-table")
    tiles("B11", "B12")
    new_set()
    press(end_turn, touch)
    at_step(page, words, 3, 4)
    tiles("O5", "O6", "J")
    new_set()
    press(end_turn, touch)
    at_step(page, words, 4, 4)
    press(page.locator('[data-action="draw"]').first, touch)
    expect(page.locator("#lesson-done")).to_contain_text(words["done"])
    expect(page.locator(".tile-set")).to_have_count(4)
    play_pages.picture(page, f"lesson-tiles-{way}-done.png")


@pytest.mark.parametrize("way", WAYS)
def test_the_rummy_lesson(new_page, way: str) -> None:
    page, words, touch = open_lesson(new_page, "cards", way)
    at_step(page, words, 1, 8)

    def cards(*codes: str) -> None:
        for code in codes:
            press(page.locator(f'.cards-hand .card[data-code="{code}"]'), touch)

    def button(action: str, **options) -> None:
        press(page.locator(f'[data-action="{action}"]').first, touch, **options)
        wait_until_idle(page)

    button("draw-discard")
    at_step(page, words, 2, 8)
    # The lesson is kept in the browser: left and come back to, it goes on where it was.
    page.reload()
    page.locator("#board > section").wait_for()
    at_step(page, words, 2, 8)
    # The wrong move: the card just taken may not be discarded; the board says why.
    cards("5C")
    button("discard", force=True)
    expect(page.locator(".cards-message")).to_contain_text(words["taken"])
    play_pages.picture(page, f"lesson-cards-{way}-refused.png")
    cards("5C")
    cards("5S", "5D", "5C")
    button("meld")
    at_step(page, words, 3, 8)
    cards("KC")
    button("discard")
    at_step(page, words, 4, 8)
    expect(page.locator(".meld")).to_have_count(2)  # the computer melded its run
    button("draw-stock")
    cards("QD")
    press(page.locator('button.meld[data-meld="1"]'), touch)
    wait_until_idle(page)
    at_step(page, words, 6, 8)
    cards("2H", "3H", "4H")
    button("meld")
    cards("7S", "7H", "7C")
    button("meld")
    at_step(page, words, 8, 8)
    cards("AS")
    button("discard")
    expect(page.locator("#lesson-over")).to_contain_text(words["over"])
    expect(page.locator("#play-status")).not_to_be_empty()
    play_pages.picture(page, f"lesson-cards-{way}-over.png")


@pytest.mark.parametrize("way", WAYS)
def test_the_tarot_lesson_and_its_round_to_the_result(new_page, way: str) -> None:
    page, words, touch = open_lesson(new_page, "tarot", way)
    at_step(page, words, 1, 7)

    def play(code: str) -> None:
        press(page.locator(f'.tarot-board .card[data-code="{code}"]').first, touch)
        press(page.locator('[data-action="play"]'), touch)
        wait_until_idle(page)

    play("HK")
    at_step(page, words, 2, 7)
    play("S2")
    at_step(page, words, 3, 7)
    # The wrong move: a trump on a diamond while holding one. The server says why and
    # the lesson goes on to following suit.
    play("T5")
    expect(page.locator("#play-message")).to_contain_text(words["follow"])
    at_step(page, words, 3, 7)
    play_pages.picture(page, f"lesson-tarot-{way}-refused.png")
    play("D3")
    play("H1")  # no club: refused, a trump is due
    at_step(page, words, 4, 7)
    play("T5")
    play("EX")
    play("SQ")
    play("T20")
    expect(page.locator("#lesson-done")).to_contain_text(words["done"])
    # The round goes on against the easy computer, to its result.
    for _ in range(80):
        if page.locator("#lesson-over").is_visible():
            break
        card = page.locator(".tarot-board .card[data-legal]").first
        press(card, touch)
        press(page.locator('[data-action="play"]'), touch)
        wait_until_idle(page)
    expect(page.locator("#lesson-over")).to_contain_text(words["over"])
    play_pages.picture(page, f"lesson-tarot-{way}-over.png")
