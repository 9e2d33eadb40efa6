"""Tile rummy's move events in words (tiles/narration.py, issue 56): each kind of event
in English, Russian and Portuguese, for the seat that moved (here seat 2, "You" against
the computer), the other seat ("The computer") and a watcher ("Player 2"), exactly; a
drawn tile is named to the drawer alone."""

from __future__ import annotations

import pytest
from django.utils import translation

from gamekit.events import event, seen_by
from tiles.narration import narrate

EVENTS = {
    "draw": event(7, 2, "draw", ["O6"], "pool", "hand-2", private=2),
    "pass": event(7, 2, "pass"),
    "new_set": event(7, 2, "new_set", ["K7", "B7", "R7"], "hand-2", "set-3", another=False),
    "another new_set": event(8, 2, "new_set", ["O3", "O4", "O5"], "hand-2", "set-4", another=True),
    "add": event(7, 2, "add", ["R4"], "hand-2", "set-1"),
    "moved": event(7, 2, "moved", ["B5", "B6"], "table", "set-2"),
    "initial_meld": event(9, 2, "initial_meld", points=36),
    "round_over out": event(
        10,
        2,
        "round_over",
        winner=2,
        reason="out",
        scores={"1": -21, "2": 21},
        rack_sums={"1": 21, "2": 0},
    ),
    "round_over blocked": event(
        10,
        2,
        "round_over",
        winner=1,
        reason="blocked",
        scores={"1": 1, "2": -1},
        rack_sums={"1": 5, "2": 6},
    ),
    "round_over drawn": event(
        10,
        2,
        "round_over",
        winner=None,
        reason="blocked",
        scores={"1": 0, "2": 0},
        rack_sums={"1": 5, "2": 5},
    ),
}
# Seat 2 moved: the mover (seat 2 against the computer), the other seat, a watcher.
VIEWERS = ((2, "computer"), (1, "computer"), (None, "friend"))

SAID = {
    "draw": {
        "en": (
            "You drew orange 6.",
            "The computer drew a tile.",
            "Player 2 drew a tile.",
        ),
        "ru": (
            "Вы взяли плитку: оранжевая шестёрка.",
            "Компьютер взял плитку.",
            "Игрок 2 взял плитку.",
        ),
        "pt": (
            "Você comprou 6 laranja.",
            "O computador comprou uma peça.",
            "O Jogador 2 comprou uma peça.",
        ),
    },
    "pass": {
        "en": (
            "You passed.",
            "The computer passed.",
            "Player 2 passed.",
        ),
        "ru": (
            "Вы спасовали.",
            "Компьютер спасовал.",
            "Игрок 2 спасовал.",
        ),
        "pt": (
            "Você passou.",
            "O computador passou.",
            "O Jogador 2 passou.",
        ),
    },
    "new_set": {
        "en": (
            "You laid black 7, blue 7, red 7 as a new set, set 3.",
            "The computer laid black 7, blue 7, red 7 as a new set, set 3.",
            "Player 2 laid black 7, blue 7, red 7 as a new set, set 3.",
        ),
        "ru": (
            ("Вы выложили новую комбинацию 3: чёрная семёрка, синяя семёрка, красная семёрка."),
            (
                "Компьютер выложил новую комбинацию 3: чёрная семёрка, синяя семёрка, "
                "красная семёрка."
            ),
            ("Игрок 2 выложил новую комбинацию 3: чёрная семёрка, синяя семёрка, красная семёрка."),
        ),
        "pt": (
            ("Você colocou 7 preta, 7 azul, 7 vermelha como nova combinação, a combinação 3."),
            (
                "O computador colocou 7 preta, 7 azul, 7 vermelha como nova combinação, "
                "a combinação 3."
            ),
            (
                "O Jogador 2 colocou 7 preta, 7 azul, 7 vermelha como nova combinação, "
                "a combinação 3."
            ),
        ),
    },
    "another new_set": {
        "en": (
            "You laid orange 3, 4, 5 as another new set, set 4.",
            "The computer laid orange 3, 4, 5 as another new set, set 4.",
            "Player 2 laid orange 3, 4, 5 as another new set, set 4.",
        ),
        "ru": (
            ("Вы выложили ещё одну новую комбинацию 4: оранжевые тройка, четвёрка, пятёрка."),
            ("Компьютер выложил ещё одну новую комбинацию 4: оранжевые тройка, четвёрка, пятёрка."),
            ("Игрок 2 выложил ещё одну новую комбинацию 4: оранжевые тройка, четвёрка, пятёрка."),
        ),
        "pt": (
            ("Você colocou 3, 4, 5 laranja como outra nova combinação, a combinação 4."),
            ("O computador colocou 3, 4, 5 laranja como outra nova combinação, a combinação 4."),
            ("O Jogador 2 colocou 3, 4, 5 laranja como outra nova combinação, a combinação 4."),
        ),
    },
    "add": {
        "en": (
            "You added red 4 to set 1.",
            "The computer added red 4 to set 1.",
            "Player 2 added red 4 to set 1.",
        ),
        "ru": (
            "Вы добавили в комбинацию 1: красная четвёрка.",
            "Компьютер добавил в комбинацию 1: красная четвёрка.",
            "Игрок 2 добавил в комбинацию 1: красная четвёрка.",
        ),
        "pt": (
            "Você juntou 4 vermelha à combinação 1.",
            "O computador juntou 4 vermelha à combinação 1.",
            "O Jogador 2 juntou 4 vermelha à combinação 1.",
        ),
    },
    "moved": {
        "en": (
            "You moved blue 5, 6 from other sets to set 2.",
            "The computer moved blue 5, 6 from other sets to set 2.",
            "Player 2 moved blue 5, 6 from other sets to set 2.",
        ),
        "ru": (
            ("Вы переложили в комбинацию 2 из других комбинаций: синие пятёрка, шестёрка."),
            ("Компьютер переложил в комбинацию 2 из других комбинаций: синие пятёрка, шестёрка."),
            ("Игрок 2 переложил в комбинацию 2 из других комбинаций: синие пятёрка, шестёрка."),
        ),
        "pt": (
            "Você moveu 5, 6 azuis de outras combinações para a combinação 2.",
            ("O computador moveu 5, 6 azuis de outras combinações para a combinação 2."),
            ("O Jogador 2 moveu 5, 6 azuis de outras combinações para a combinação 2."),
        ),
    },
    "initial_meld": {
        "en": (
            "Your initial meld: 36 points.",
            "The computer's initial meld: 36 points.",
            "Player 2's initial meld: 36 points.",
        ),
        "ru": (
            "Ваш первый выход: 36 очков.",
            "Первый выход компьютера: 36 очков.",
            "Первый выход игрока 2: 36 очков.",
        ),
        "pt": (
            "A sua abertura: 36 pontos.",
            "A abertura do computador: 36 pontos.",
            "A abertura do Jogador 2: 36 pontos.",
        ),
    },
    "round_over out": {
        "en": (
            "You played your last tile and won 21 points.",
            "The computer played its last tile and won 21 points.",
            "Player 2 played their last tile and won 21 points.",
        ),
        "ru": (
            "Вы выложили последнюю плитку и выиграли 21 очко.",
            "Компьютер выложил последнюю плитку и выиграл 21 очко.",
            "Игрок 2 выложил последнюю плитку и выиграл 21 очко.",
        ),
        "pt": (
            "Você colocou a última peça e ganhou 21 pontos.",
            "O computador colocou a última peça e ganhou 21 pontos.",
            "O Jogador 2 colocou a última peça e ganhou 21 pontos.",
        ),
    },
    "round_over blocked": {
        "en": (
            (
                "Two passes in a row end the round: the computer won 1 point with the "
                "lower rack sum."
            ),
            ("Two passes in a row end the round: you won 1 point with the lower rack sum."),
            ("Two passes in a row end the round: Player 1 won 1 point with the lower rack sum."),
        ),
        "ru": (
            (
                "Два паса подряд завершают раунд: компьютер выиграл 1 очко, у него "
                "меньше сумма на стойке."
            ),
            ("Два паса подряд завершают раунд: вы выиграли 1 очко, у вас меньше сумма на стойке."),
            (
                "Два паса подряд завершают раунд: игрок 1 выиграл 1 очко, у него меньше "
                "сумма на стойке."
            ),
        ),
        "pt": (
            (
                "Duas passagens seguidas terminam a ronda: o computador ganhou 1 ponto "
                "com o menor total no suporte."
            ),
            (
                "Duas passagens seguidas terminam a ronda: você ganhou 1 ponto com o "
                "menor total no suporte."
            ),
            (
                "Duas passagens seguidas terminam a ronda: o Jogador 1 ganhou 1 ponto "
                "com o menor total no suporte."
            ),
        ),
    },
    "round_over drawn": {
        "en": (
            "Two passes in a row end the round: the rack sums are equal, a draw.",
            "Two passes in a row end the round: the rack sums are equal, a draw.",
            "Two passes in a row end the round: the rack sums are equal, a draw.",
        ),
        "ru": (
            "Два паса подряд завершают раунд: суммы на стойках равны, ничья.",
            "Два паса подряд завершают раунд: суммы на стойках равны, ничья.",
            "Два паса подряд завершают раунд: суммы на стойках равны, ничья.",
        ),
        "pt": (
            ("Duas passagens seguidas terminam a ronda: os totais são iguais, empate."),
            ("Duas passagens seguidas terminam a ronda: os totais são iguais, empate."),
            ("Duas passagens seguidas terminam a ronda: os totais são iguais, empate."),
        ),
    },
}


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_each_event_is_said_exactly_to_the_mover_the_other_seat_and_a_watcher(
    kind: str, language: str
) -> None:
    with translation.override(language):
        said = tuple(
            narrate(seen_by([EVENTS[kind]], viewer)[0], viewer, mode) for viewer, mode in VIEWERS
        )
    assert said == SAID[kind][language]


def test_every_kind_of_event_is_in_the_table() -> None:
    from tiles.events import KINDS

    assert {one["kind"] for one in EVENTS.values()} == set(KINDS)


def test_in_a_replay_both_hands_are_face_up_so_the_other_seats_draw_is_named() -> None:
    drawn = EVENTS["draw"]
    with translation.override("en"):
        assert narrate(drawn, 1, "replay") == "Player 2 drew orange 6."
        assert narrate(drawn, 1, "computer-replay") == "The computer drew orange 6."


@pytest.mark.parametrize(
    ("codes", "language", "words"),
    [
        (("O3", "O4", "O5"), "en", "orange 3, 4, 5"),
        (("O3", "J", "O5"), "en", "orange 3, joker, orange 5"),
        (("R4", "R5", "B6"), "en", "red 4, 5, blue 6"),
        (("K7", "B7", "R7"), "en", "black 7, blue 7, red 7"),
        (("B11", "B12"), "ru", "синие одиннадцатка, двенадцатка"),
        (("B11", "B12"), "pt", "11, 12 azuis"),
    ],
)
def test_tiles_of_one_colour_side_by_side_name_the_colour_once(codes, language, words) -> None:
    from tiles.narration import tiles_words

    with translation.override(language):
        assert tiles_words(codes, language) == words
