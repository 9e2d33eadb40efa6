"""The tile rummy rules page, in the reader's language."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.parametrize(
    ("language", "heading", "phrase"),
    [
        ("en", "Tile rummy for two", "at least <strong>30 points</strong>"),
        ("ru", "Тайл-рамми на двоих", "минимум <strong>30 очков</strong>"),
        ("pt", "Rummy de peças para dois", "pelo menos <strong>30 pontos</strong>"),
    ],
)
def test_the_rules_page_is_written_in_the_readers_language(
    client: Client, language: str, heading: str, phrase: str
) -> None:
    response = client.get("/tiles/rules/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    assert heading in html
    assert phrase in html
    assert "☺" in html  # the example sets are drawn with tiles, the joker too
