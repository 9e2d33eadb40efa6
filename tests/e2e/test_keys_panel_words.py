"""The Keys panel in each game's own words, and a short key whose action the rules do
not offer now (issue 55): Tarot's panel speaks of stacks and a hand, never of a rack,
sets or piles; tile rummy's X while the pool has tiles says why it cannot pass, on the
board and to a screen reader, as a refusal does."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import play_pages
from tests.e2e.tiles_pages import open_saved_game, position_token

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 800}
TAROT = {
    "en": ("Keys", "your stacks, your hand, the buttons", ("rack", "set", "meld", "piles")),
    "ru": ("Клавиши", "ваши стопки, ваша рука, кнопки", ("стойка", "комбинация")),
    "pt": ("Teclas", "as suas pilhas, as suas cartas, os botões", ("suporte", "combinação")),
}


def open_keys(page: Page, title: str) -> object:
    page.keyboard.press("?")
    panel = page.get_by_role("dialog", name=title)
    expect(panel).to_be_visible()
    return panel


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_tarots_keys_panel_speaks_only_of_tarots_own_things(new_page, language: str) -> None:
    page = new_page(viewport=DESKTOP, extra_http_headers={"Accept-Language": language})
    page.goto("/tarot/computer/")
    page.locator("#board .tarot-hand button").first.wait_for()
    title, groups, foreign = TAROT[language]
    panel = open_keys(page, title)
    expect(panel).to_contain_text(groups)
    words = panel.inner_text().lower()
    assert not [word for word in foreign if word in words], words
    play_pages.picture(page, f"keys-panel-tarot-{language}.png")


PASS_REFUSED = {
    "en": "You may pass only when the pool is empty; draw a tile instead.",
    "ru": "Пасовать можно только при пустом запасе; возьмите плитку.",
    "pt": "Só pode passar com a reserva vazia; compre uma peça.",
}


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_tile_rummys_pass_key_says_why_it_cannot_pass_while_the_pool_has_tiles(
    new_page, language: str
) -> None:
    page = new_page(viewport=DESKTOP, extra_http_headers={"Accept-Language": language})
    token = position_token(["K5", "K6"], ["O1"], [])
    open_saved_game(page, "/tiles/computer/", "play:tiles:computer:token", token)
    page.locator(".tiles-rack .tile").first.focus()
    pool = page.locator('[data-count="pool"]').inner_text()
    page.keyboard.press("x")
    expect(page.locator(".tiles-message")).to_have_text(PASS_REFUSED[language])
    expect(page.locator(".tiles-message")).to_be_visible()
    expect(page.locator("#play-announce")).to_contain_text(PASS_REFUSED[language])
    expect(page.locator('[data-count="pool"]')).to_have_text(pool)  # nothing changed
    play_pages.picture(page, f"tiles-pass-key-{language}.png")
