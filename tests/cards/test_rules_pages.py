"""The rummy rules page, in the reader's language and in the board's own words."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

# The board's buttons that the rules pages name: each page must use the board's word.
BUTTONS = ["Meld", "Discard", "Draw from the stock", "By suit", "By rank", "Hint", "Next deal"]


@pytest.mark.parametrize(
    ("language", "heading", "phrase"),
    [
        ("en", "Rummy for two", "The ace is low only: A–2–3 is a run, Q–K–A is not."),
        ("ru", "Рамми на двоих", "Туз младший: A–2–3 допустимо, Q–K–A — нет."),
        ("pt", "Rummy a dois", "O ás é só baixo: A–2–3 é uma sequência, Q–K–A não é."),
    ],
)
def test_the_rules_page_is_written_in_the_readers_language(
    client: Client, language: str, heading: str, phrase: str
) -> None:
    response = client.get("/cards/rules/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    assert heading in html
    assert phrase in html
    assert html.count('class="card card-red card-small"') == 6  # the examples are real cards
    with translation.override(language):
        missing = [word for word in BUTTONS if gettext(word) not in html]
    assert not missing


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_every_rule_of_the_seed_is_on_each_page(client: Client, language: str) -> None:
    html = client.get("/cards/rules/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    # 10 cards each, 52 without jokers, the match to 100, 200 turns, the card values.
    for number in ["10 ", "52", "100", "200", "J/Q/K"]:
        assert number in html
