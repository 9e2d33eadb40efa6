"""The level picker against the computer (issue 55): a change that works says so, on
the page and to a screen reader; a change that fails goes back to the game's level and
says why. The failure here is the one a phone meets most: no network."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import play_pages

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
SAID = {
    "en": (
        "Level: Strong, from the computer’s next move.",
        "The level was not changed (still Medium). The server could not be reached. Try again.",
    ),
    "ru": (
        "Уровень: Сильный, со следующего хода компьютера.",
        "Уровень не изменён (по-прежнему Средний). "
        "Не удалось связаться с сервером. Попробуйте ещё раз.",
    ),
    "pt": (
        "Nível: Forte, a partir da próxima jogada do computador.",
        "O nível não mudou (continua Médio). Não foi possível contactar o servidor. Tente de novo.",
    ),
}


@pytest.mark.parametrize(("game", "language"), [("tiles", "en"), ("cards", "ru"), ("tarot", "pt")])
def test_a_level_change_says_it_took_and_a_failed_one_goes_back_and_says_why(
    new_page, game: str, language: str
) -> None:
    page = new_page(
        viewport=PHONE, has_touch=True, extra_http_headers={"Accept-Language": language}
    )
    page.goto(f"/{game}/computer/")
    page.locator("#board > section").wait_for(state="attached")
    play_pages.wait_until_idle(page)
    picker = page.locator("#play-level")
    expect(picker).to_have_value("medium")
    changed, kept = SAID[language]

    page.context.set_offline(True)
    picker.select_option("easy")
    expect(page.locator("#play-message")).to_have_text(kept)
    expect(picker).to_have_value("medium")
    expect(page.locator("#play-announce")).to_contain_text(kept)
    play_pages.picture(page, f"level-kept-{game}-{language}")

    page.context.set_offline(False)
    picker.select_option("strong")
    expect(page.locator("#play-message")).to_have_text(changed)
    expect(page.locator("#play-announce")).to_contain_text(changed)
    play_pages.picture(page, f"level-changed-{game}-{language}")
    page.reload()
    expect(page.locator("#play-level")).to_have_value("strong")
