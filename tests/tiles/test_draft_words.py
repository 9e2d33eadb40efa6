"""What the page says of a draft edit (tiles/draft_words.py, issue 56): each edit of the
player's latest press in a whole sentence, in the page's language, then the sets whose
problem is new or changed; and the draft endpoint's answer carries it for announce.js
only when the page asks for it (not for a restored draft)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.utils import translation

from tests.tiles.draft_edits import RESET, UNDO, add, move, new_set, split, take_back
from tests.tiles.draft_form import post_draft
from tiles.draft_words import edit_words

TABLE = [["K1", "K2", "K3"]]
RACK = ["R7", "B7", "K7", "O3", "O4", "O5", "R9"]
HINT = {"type": "arrange", "table": [["K1", "K2", "K3"], ["R7", "B7", "K7"], ["O3", "O4", "O5"]]}

# (edits, how many of the last ones are said) -> the words in en, ru, pt
CASES = [
    (
        [new_set("R7")],
        1,
        {
            "en": "New set 2 with red 7. Set 2 is too short: a set needs at least 3 tiles.",
            "ru": "Новая комбинация 2: красная семёрка. "
            "Комбинация 2 слишком короткая: нужно не меньше 3 плиток.",
            "pt": "Nova combinação 2 com 7 vermelha. "
            "A combinação 2 é demasiado curta: são precisas pelo menos 3 peças.",
        },
    ),
    (
        [new_set("R7", "B7"), add(1, "K7")],
        1,
        {
            "en": "Added black 7 to set 2.",
            "ru": "В комбинацию 2 добавлено: чёрная семёрка.",
            "pt": "Acrescentou 7 preta à combinação 2.",
        },
    ),
    (
        [new_set("R7", "B7", "K7"), add(1, "O3")],
        1,
        {
            "en": "Added orange 3 to set 2. "
            "Set 2: a group must be one number in different colours.",
            "ru": "В комбинацию 2 добавлено: оранжевая тройка. "
            "Комбинация 2: набор — одно число разных цветов.",
            "pt": "Acrescentou 3 laranja à combinação 2. "
            "Combinação 2: um grupo é um só número em cores diferentes.",
        },
    ),
    (
        [new_set("R7"), RESET],
        1,
        {
            "en": "The table is back as it was.",
            "ru": "Стол снова такой, каким был.",
            "pt": "A mesa voltou a estar como estava.",
        },
    ),
    (
        [new_set("R7"), UNDO],
        1,
        {
            "en": "The last change is undone.",
            "ru": "Последнее изменение отменено.",
            "pt": "A última alteração foi anulada.",
        },
    ),
    (
        [HINT],
        1,
        {
            "en": "The hint placed 6 tiles: black 7, blue 7, red 7, orange 3, orange 4, "
            "orange 5. Set 2 is now black 7, blue 7, red 7. "
            "Set 3 is now orange 3, orange 4, orange 5.",
            "ru": "Подсказка выложила 6 плиток: чёрная семёрка, синяя семёрка, красная "
            "семёрка, оранжевая тройка, оранжевая четвёрка, оранжевая пятёрка. Комбинация 2 "
            "теперь: чёрная семёрка, синяя семёрка, красная семёрка. Комбинация 3 теперь: "
            "оранжевая тройка, оранжевая четвёрка, оранжевая пятёрка.",
            "pt": "A dica colocou 6 peças: 7 preta, 7 azul, 7 vermelha, 3 laranja, 4 laranja, "
            "5 laranja. A combinação 2 é agora 7 preta, 7 azul, 7 vermelha. "
            "A combinação 3 é agora 3 laranja, 4 laranja, 5 laranja.",
        },
    ),
    (
        [new_set("O3", "O4", "O5", "R9"), split(1, 3)],
        1,
        {
            "en": "Split set 2 in two: set 2 is orange 3, orange 4, orange 5; set 3 is red 9. "
            "Set 3 is too short: a set needs at least 3 tiles.",
            "ru": "Комбинация 2 разделена на две: комбинация 2 — оранжевая тройка, оранжевая "
            "четвёрка, оранжевая пятёрка; комбинация 3 — красная девятка. "
            "Комбинация 3 слишком короткая: нужно не меньше 3 плиток.",
            "pt": "Dividiu a combinação 2 em duas: a combinação 2 é 3 laranja, 4 laranja, "
            "5 laranja; a combinação 3 é 9 vermelha. "
            "A combinação 3 é demasiado curta: são precisas pelo menos 3 peças.",
        },
    ),
    (
        [new_set("O3", "O4", "O5", "R9"), take_back(1, 3)],
        1,
        {
            "en": "Took red 9 back from set 2 to your rack.",
            "ru": "Возвращено из комбинации 2 на вашу стойку: красная девятка.",
            "pt": "Devolveu 9 vermelha da combinação 2 ao seu suporte.",
        },
    ),
    (
        # A table tile chosen, then N: the move and, from its press, nothing else.
        [new_set("O3", "O4", "O5", "R9"), move(1, 3, "new")],
        1,
        {
            "en": "Moved red 9 from set 2 to new set 3. "
            "Set 3 is too short: a set needs at least 3 tiles.",
            "ru": "Перенесено из комбинации 2 в новую комбинацию 3: красная девятка. "
            "Комбинация 3 слишком короткая: нужно не меньше 3 плиток.",
            "pt": "Moveu 9 vermelha da combinação 2 para a nova combinação 3. "
            "A combinação 3 é demasiado curta: são precisas pelo menos 3 peças.",
        },
    ),
    (
        # A set of one tile moved into another: the set left empty is gone.
        [new_set("R9"), new_set("O3", "O4", "O5"), move(1, 0, 2)],
        1,
        {
            "en": "Moved red 9 from set 2 to set 3. Set 2, now empty, is gone. "
            "Set 2: mixed colours, a run must be all one colour.",
            "ru": "Перенесено из комбинации 2 в комбинацию 3: красная девятка. "
            "Комбинация 2 опустела и убрана. "
            "Комбинация 2: разные цвета, ряд должен быть одного цвета.",
            "pt": "Moveu 9 vermelha da combinação 2 para a combinação 3. "
            "A combinação 2 ficou vazia e saiu da mesa. "
            "Combinação 2: cores misturadas, uma sequência tem de ser de uma só cor.",
        },
    ),
    (
        # One press, two edits (a table tile and a rack tile to a new set): both said.
        [new_set("O3", "O4", "O5", "R9"), move(1, 3, "new"), add(2, "B7")],
        2,
        {
            "en": "Moved red 9 from set 2 to new set 3. Added blue 7 to set 3. "
            "Set 3 is too short: a set needs at least 3 tiles.",
            "ru": "Перенесено из комбинации 2 в новую комбинацию 3: красная девятка. "
            "В комбинацию 3 добавлено: синяя семёрка. "
            "Комбинация 3 слишком короткая: нужно не меньше 3 плиток.",
            "pt": "Moveu 9 vermelha da combinação 2 para a nova combinação 3. "
            "Acrescentou 7 azul à combinação 3. "
            "A combinação 3 é demasiado curta: são precisas pelo menos 3 peças.",
        },
    ),
]


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize(("edits", "count", "words"), CASES)
def test_each_edit_is_said_in_a_whole_sentence_with_the_problem_it_brings(
    edits: list, count: int, words: dict[str, str], language: str
) -> None:
    with translation.override(language):
        assert edit_words(TABLE, RACK, True, edits, count) == words[language]


def test_a_problem_already_said_is_not_said_again_but_a_changed_one_is() -> None:
    short = [new_set("O3"), add(1, "O4")]
    assert edit_words(TABLE, RACK, True, short, 1) == "Added orange 4 to set 2."
    mixed = [*short, add(1, "R9")]
    assert edit_words(TABLE, RACK, True, mixed, 1) == (
        "Added red 9 to set 2. Set 2: mixed colours, a run must be all one colour."
    )


def test_no_edit_asked_for_says_nothing() -> None:
    assert edit_words(TABLE, RACK, True, [new_set("R7")], 0) == ""
    assert edit_words(TABLE, RACK, True, [], 1) == ""


SAID = re.compile(
    r'<p class="visually-hidden" data-speak="draft-edit" data-speak-id="(\w+)">([^<]*)</p>'
)


def said(response) -> list[tuple[str, str]]:
    return [(key, unescape(text)) for key, text in SAID.findall(response.content.decode())]


def fields(said_value: str | None, language_edits: list) -> dict:
    data = {"table": TABLE, "rack": RACK, "opened": True, "edits": language_edits}
    if said_value is not None:
        data["said"] = said_value
    return data


def test_the_draft_answer_says_the_press_once_under_a_new_id_each_time() -> None:
    client = Client()
    edits = [new_set("R7", "B7", "K7")]
    first = said(post_draft(client, fields("1", edits)))
    again = said(post_draft(client, fields("1", edits)))
    assert [text for _key, text in first] == ["New set 2 with red 7, blue 7, black 7."]
    assert [text for _key, text in again] == [text for _key, text in first]
    assert first[0][0] != again[0][0]  # announce.js says each answer once


def test_the_draft_answer_speaks_in_the_pages_language() -> None:
    response = post_draft(
        Client(), fields("1", [new_set("R7", "B7", "K7")]), HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert [text for _key, text in said(response)] == [
        "Новая комбинация 2: красная семёрка, синяя семёрка, чёрная семёрка."
    ]


@pytest.mark.parametrize("said_value", [None, "0", "x", "-1", "99999999", "[]"])
def test_a_restored_draft_or_a_word_count_out_of_shape_says_nothing(said_value) -> None:
    response = post_draft(Client(), fields(said_value, [new_set("R7", "B7", "K7")]))
    assert response.status_code == 200
    assert said(response) == []
