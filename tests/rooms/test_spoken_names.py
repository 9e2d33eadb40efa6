"""Every card and tile is named as a speaker of the page's language says it (issue 45):
"семёрка червей", not "7 червей" (which a screen reader reads "семь червей")."""

import pytest
from django.utils import translation

from cards.templatetags.cards_board import card_face
from tarot.templatetags.tarot_board import _card_name
from tiles.markup import label


def rummy_name(code: str) -> str:
    return card_face(code)["label"]


def tarot_name(code: str) -> str:
    return _card_name(code, translation.get_language())


def tile_name(code: str) -> str:
    return label(code, translation.get_language())


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", ["7 of hearts", "10 of diamonds", "ace of spades", "queen of clubs"]),
        ("ru", ["семёрка червей", "десятка бубен", "туз пик", "дама треф"]),
        ("pt", ["sete de copas", "dez de ouros", "ás de espadas", "dama de paus"]),
    ],
)
def test_rummy_cards_are_named_as_a_speaker_says_them(language: str, names: list[str]) -> None:
    with translation.override(language):
        assert [rummy_name(code) for code in ("7H", "TD", "AS", "QC")] == names


@pytest.mark.parametrize(
    ("language", "names"),
    [
        (
            "en",
            [
                "2 of hearts",
                "1 of diamonds",
                "knight of spades",
                "trump 14",
                "trump 1 (the Petit)",
                "the Excuse",
            ],
        ),
        (
            "ru",
            ["двойка червей", "туз бубен", "кавалер пик", "козырь 14", "козырь 1 (Малыш)", "Шут"],
        ),
        (
            "pt",
            [
                "dois de copas",
                "ás de ouros",
                "cavaleiro de espadas",
                "trunfo 14",
                "trunfo 1 (o Petit)",
                "a Desculpa",
            ],
        ),
    ],
)
def test_tarot_cards_are_named_as_a_speaker_says_them(language: str, names: list[str]) -> None:
    with translation.override(language):
        assert [tarot_name(code) for code in ("H2", "D1", "SN", "T14", "T1", "EX")] == names


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("en", ["red 7", "black 12", "blue 13", "joker"]),
        ("ru", ["красная семёрка", "чёрная двенадцатка", "синяя тринадцатка", "джокер"]),
        ("pt", ["7 vermelha", "12 preta", "13 azul", "joker"]),
    ],
)
def test_tiles_are_named_as_a_speaker_says_them(language: str, names: list[str]) -> None:
    with translation.override(language):
        assert [tile_name(code) for code in ("R7", "K12", "B13", "J")] == names
