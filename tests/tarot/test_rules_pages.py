"""The Tarot duel rules page, in the reader's language, with the board's words."""

from __future__ import annotations

import re

import pytest
from django.test import Client

PAGES = {
    "en": ("Tarot duel", "56 / 51 / 41 / 36 points", "Play card", "Hint"),
    "ru": ("Дуэль в таро", "56 / 51 / 41 / 36 очков", "Сыграть карту", "Подсказка"),
    "pt": ("Duelo de tarot", "56 / 51 / 41 / 36 pontos", "Jogar carta", "Dica"),
}


def page(client: Client, language: str) -> str:
    response = client.get("/tarot/rules/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("language", PAGES)
def test_the_rules_page_is_written_in_the_readers_language(client: Client, language: str) -> None:
    html = page(client, language)
    heading, thresholds, play_card, hint = PAGES[language]
    assert f"<h1>{heading}</h1>" in html
    assert thresholds in html
    # The page names the board's buttons as the board says them.
    assert play_card in html
    assert hint in html
    # The example cards are drawn with the board's cards: the oudlers among them.
    for code in ("T1", "T21", "EX"):
        assert f'data-code="{code}"' in html


def test_the_three_pages_say_the_same_things(client: Client) -> None:
    """The same sections, paragraphs, list items and figures in each language, and the
    same numbers (counts, points, thresholds, bonuses)."""

    def shape(html: str) -> tuple:
        article = html.split('<article class="rules"', 1)[1].split("</article>", 1)[0]
        text = re.sub(r"<[^>]+>", " ", article)
        numbers = sorted(re.findall(r"\d+(?:[.,]\d)?", text.replace(",", ".")))
        return (
            article.count("<h2>"),
            article.count("<p"),
            article.count("<li>"),
            article.count("<figure"),
            numbers,
        )

    english = shape(page(client, "en"))
    assert shape(page(client, "ru")) == english
    assert shape(page(client, "pt")) == english
