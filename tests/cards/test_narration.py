"""Rummy's move events in words (cards/narration.py, issue 56): each kind of event, in
English, Russian and Portuguese, as the seat that moved, the other seat and a watcher
hear it; cards named as the board's spoken labels name them."""

from __future__ import annotations

import pytest
from django.utils import translation

from cards.game import GAME
from cards.narration import narrate
from gamekit.events import event, seen_by

# The events, all made by Player 1 (the table's rows); `private` as the engine records.
EVENTS = {
    "draw": event(1, 1, "draw", ["6H"], "stock", "hand-1", private=1),
    "take": event(2, 1, "take", ["9C"], "pile", "hand-1", stock_empty=False),
    "take, the stock empty": event(2, 1, "take", ["9C"], "pile", "hand-1", stock_empty=True),
    "reshuffle": event(3, 1, "reshuffle", ["?"] * 23, "pile", "stock", count=23),
    "meld, a set": event(4, 1, "meld", ["7S", "7H", "7D"], "hand-1", "meld-3", meld=3, run=False),
    "meld, a run": event(4, 1, "meld", ["4S", "5S", "6S"], "hand-1", "meld-1", meld=1, run=True),
    "lay off a card": event(5, 1, "lay_off", ["8H"], "hand-1", "meld-2", meld=2),
    "lay off two cards": event(5, 1, "lay_off", ["8H", "9H"], "hand-1", "meld-2", meld=2),
    "discard": event(6, 1, "discard", ["KD"], "hand-1", "pile"),
    "deal over, out": event(
        7, 1, "deal_over", winner=1, reason="out", scores={"1": 23, "2": 0},
        hand_values={"1": 0, "2": 23}, match={"1": 45, "2": 30}, match_over=False,
    ),
    "deal over, one point": event(
        7, 1, "deal_over", winner=1, reason="out", scores={"1": 1, "2": 0},
        hand_values={"1": 0, "2": 1}, match={"1": 1, "2": 0}, match_over=False,
    ),
    "deal over, turn limit": event(
        7, 1, "deal_over", winner=None, reason="turn_limit", scores={"1": 0, "2": 0},
        hand_values={"1": 31, "2": 12}, match={"1": 12, "2": 30}, match_over=False,
    ),
    "deal over, the match too": event(
        7, 1, "deal_over", winner=1, reason="out", scores={"1": 40, "2": 0},
        hand_values={"1": 0, "2": 40}, match={"1": 104, "2": 87}, match_over=True,
    ),
    "match over": event(8, 1, "match_over", winner=1, match={"1": 104, "2": 87}),
}  # fmt: skip

# (row, language): (the mover, Player 1 online; the other seat, Player 2 online; a watcher)
SENTENCES = {
    ("draw", "en"): (
        "You drew the 6 of hearts.",
        "Your friend drew a card from the stock.",
        "Player 1 drew a card from the stock.",
    ),
    ("draw", "ru"): (
        "Вы взяли из колоды: шестёрка червей.",
        "Ваш друг взял карту из колоды.",
        "Игрок 1 взял карту из колоды.",
    ),
    ("draw", "pt"): (
        "Você comprou a carta seis de copas.",
        "O seu amigo comprou uma carta do monte.",
        "O Jogador 1 comprou uma carta do monte.",
    ),
    ("take", "en"): (
        "You took the 9 of clubs from the discard pile.",
        "Your friend took the 9 of clubs from the discard pile.",
        "Player 1 took the 9 of clubs from the discard pile.",
    ),
    ("take", "ru"): (
        "Вы взяли из сброса: девятка треф.",
        "Ваш друг взял из сброса: девятка треф.",
        "Игрок 1 взял из сброса: девятка треф.",
    ),
    ("take", "pt"): (
        "Você comprou a carta nove de paus da pilha de descarte.",
        "O seu amigo comprou a carta nove de paus da pilha de descarte.",
        "O Jogador 1 comprou a carta nove de paus da pilha de descarte.",
    ),
    ("take, the stock empty", "en"): (
        "The stock is empty. You took the 9 of clubs from the discard pile.",
        "The stock is empty. Your friend took the 9 of clubs from the discard pile.",
        "The stock is empty. Player 1 took the 9 of clubs from the discard pile.",
    ),
    ("take, the stock empty", "ru"): (
        "Колода пуста. Вы взяли из сброса: девятка треф.",
        "Колода пуста. Ваш друг взял из сброса: девятка треф.",
        "Колода пуста. Игрок 1 взял из сброса: девятка треф.",
    ),
    ("take, the stock empty", "pt"): (
        "O monte está vazio. Você comprou a carta nove de paus da pilha de descarte.",
        "O monte está vazio. O seu amigo comprou a carta nove de paus da pilha de descarte.",
        "O monte está vazio. O Jogador 1 comprou a carta nove de paus da pilha de descarte.",
    ),
    ("reshuffle", "en"): (
        "The discard pile, except its top card, was shuffled into a new stock: 23 cards.",
    )
    * 3,
    ("reshuffle", "ru"): ("Сброс, кроме верхней карты, перемешан в новую колоду: 23 карты.",) * 3,
    ("reshuffle", "pt"): (
        "O descarte, exceto a carta de cima, foi embaralhado num novo monte: 23 cartas.",
    )
    * 3,
    ("meld, a set", "en"): (
        "You melded a set: 7 of spades, 7 of hearts, 7 of diamonds (meld 3).",
        "Your friend melded a set: 7 of spades, 7 of hearts, 7 of diamonds (meld 3).",
        "Player 1 melded a set: 7 of spades, 7 of hearts, 7 of diamonds (meld 3).",
    ),
    ("meld, a set", "ru"): (
        "Вы выложили сет: семёрка пик, семёрка червей, семёрка бубен (комбинация 3).",
        "Ваш друг выложил сет: семёрка пик, семёрка червей, семёрка бубен (комбинация 3).",
        "Игрок 1 выложил сет: семёрка пик, семёрка червей, семёрка бубен (комбинация 3).",
    ),
    ("meld, a set", "pt"): (
        "Você baixou uma trinca: sete de espadas, sete de copas, sete de ouros (jogo 3).",
        "O seu amigo baixou uma trinca: sete de espadas, sete de copas, sete de ouros (jogo 3).",
        "O Jogador 1 baixou uma trinca: sete de espadas, sete de copas, sete de ouros (jogo 3).",
    ),
    ("meld, a run", "en"): (
        "You melded a run: 4 of spades, 5 of spades, 6 of spades (meld 1).",
        "Your friend melded a run: 4 of spades, 5 of spades, 6 of spades (meld 1).",
        "Player 1 melded a run: 4 of spades, 5 of spades, 6 of spades (meld 1).",
    ),
    ("meld, a run", "ru"): (
        "Вы выложили последовательность: четвёрка пик, пятёрка пик, шестёрка пик (комбинация 1).",
        "Ваш друг выложил последовательность: четвёрка пик, пятёрка пик, шестёрка пик "
        "(комбинация 1).",
        "Игрок 1 выложил последовательность: четвёрка пик, пятёрка пик, шестёрка пик "
        "(комбинация 1).",
    ),
    ("meld, a run", "pt"): (
        "Você baixou uma sequência: quatro de espadas, cinco de espadas, seis de espadas (jogo 1).",
        "O seu amigo baixou uma sequência: quatro de espadas, cinco de espadas, seis de "
        "espadas (jogo 1).",
        "O Jogador 1 baixou uma sequência: quatro de espadas, cinco de espadas, seis de "
        "espadas (jogo 1).",
    ),
    ("lay off a card", "en"): (
        "You laid off the 8 of hearts on meld 2.",
        "Your friend laid off the 8 of hearts on meld 2.",
        "Player 1 laid off the 8 of hearts on meld 2.",
    ),
    ("lay off a card", "ru"): (
        "Вы дополнили комбинацию 2: восьмёрка червей.",
        "Ваш друг дополнил комбинацию 2: восьмёрка червей.",
        "Игрок 1 дополнил комбинацию 2: восьмёрка червей.",
    ),
    ("lay off a card", "pt"): (
        "Você encaixou a carta oito de copas no jogo 2.",
        "O seu amigo encaixou a carta oito de copas no jogo 2.",
        "O Jogador 1 encaixou a carta oito de copas no jogo 2.",
    ),
    ("lay off two cards", "en"): (
        "You laid off 2 cards on meld 2: 8 of hearts, 9 of hearts.",
        "Your friend laid off 2 cards on meld 2: 8 of hearts, 9 of hearts.",
        "Player 1 laid off 2 cards on meld 2: 8 of hearts, 9 of hearts.",
    ),
    ("lay off two cards", "ru"): (
        "Вы дополнили комбинацию 2, 2 карты: восьмёрка червей, девятка червей.",
        "Ваш друг дополнил комбинацию 2, 2 карты: восьмёрка червей, девятка червей.",
        "Игрок 1 дополнил комбинацию 2, 2 карты: восьмёрка червей, девятка червей.",
    ),
    ("lay off two cards", "pt"): (
        "Você encaixou 2 cartas no jogo 2: oito de copas, nove de copas.",
        "O seu amigo encaixou 2 cartas no jogo 2: oito de copas, nove de copas.",
        "O Jogador 1 encaixou 2 cartas no jogo 2: oito de copas, nove de copas.",
    ),
    ("discard", "en"): (
        "You discarded the king of diamonds.",
        "Your friend discarded the king of diamonds.",
        "Player 1 discarded the king of diamonds.",
    ),
    ("discard", "ru"): (
        "Вы сбросили: король бубен.",
        "Ваш друг сбросил: король бубен.",
        "Игрок 1 сбросил: король бубен.",
    ),
    ("discard", "pt"): (
        "Você descartou a carta rei de ouros.",
        "O seu amigo descartou a carta rei de ouros.",
        "O Jogador 1 descartou a carta rei de ouros.",
    ),
    ("deal over, out", "en"): (
        "You went out and won the deal: 23 points. You have 45 points in the match. "
        "Your friend has 30 points in the match.",
        "Your friend went out and won the deal: 23 points. You have 30 points in the match. "
        "Your friend has 45 points in the match.",
        "Player 1 went out and won the deal: 23 points. Player 1 has 45 points in the match. "
        "Player 2 has 30 points in the match.",
    ),
    ("deal over, out", "ru"): (
        "Вы избавились от всех карт и выиграли раздачу: 23 очка. У вас 45 очков в матче. "
        "У вашего друга 30 очков в матче.",
        "Ваш друг избавился от всех карт и выиграл раздачу: 23 очка. У вас 30 очков в матче. "
        "У вашего друга 45 очков в матче.",
        "Игрок 1 избавился от всех карт и выиграл раздачу: 23 очка. У игрока 1 45 очков в "
        "матче. У игрока 2 30 очков в матче.",
    ),
    ("deal over, out", "pt"): (
        "Você ficou sem cartas e ganhou a mão: 23 pontos. Você tem 45 pontos na partida. "
        "O seu amigo tem 30 pontos na partida.",
        "O seu amigo ficou sem cartas e ganhou a mão: 23 pontos. Você tem 30 pontos na "
        "partida. O seu amigo tem 45 pontos na partida.",
        "O Jogador 1 ficou sem cartas e ganhou a mão: 23 pontos. O Jogador 1 tem 45 pontos "
        "na partida. O Jogador 2 tem 30 pontos na partida.",
    ),
    ("deal over, one point", "en"): (
        "You went out and won the deal: 1 point. You have 1 point in the match. "
        "Your friend has 0 points in the match.",
        "Your friend went out and won the deal: 1 point. You have 0 points in the match. "
        "Your friend has 1 point in the match.",
        "Player 1 went out and won the deal: 1 point. Player 1 has 1 point in the match. "
        "Player 2 has 0 points in the match.",
    ),
    ("deal over, one point", "ru"): (
        "Вы избавились от всех карт и выиграли раздачу: 1 очко. У вас 1 очко в матче. "
        "У вашего друга 0 очков в матче.",
        "Ваш друг избавился от всех карт и выиграл раздачу: 1 очко. У вас 0 очков в матче. "
        "У вашего друга 1 очко в матче.",
        "Игрок 1 избавился от всех карт и выиграл раздачу: 1 очко. У игрока 1 1 очко в "
        "матче. У игрока 2 0 очков в матче.",
    ),
    ("deal over, one point", "pt"): (
        "Você ficou sem cartas e ganhou a mão: 1 ponto. Você tem 1 ponto na partida. "
        "O seu amigo tem 0 pontos na partida.",
        "O seu amigo ficou sem cartas e ganhou a mão: 1 ponto. Você tem 0 pontos na "
        "partida. O seu amigo tem 1 ponto na partida.",
        "O Jogador 1 ficou sem cartas e ganhou a mão: 1 ponto. O Jogador 1 tem 1 ponto "
        "na partida. O Jogador 2 tem 0 pontos na partida.",
    ),
    ("deal over, turn limit", "en"): (
        "200 turns without going out: the deal is drawn, no points. You have 12 points in "
        "the match. Your friend has 30 points in the match.",
        "200 turns without going out: the deal is drawn, no points. You have 30 points in "
        "the match. Your friend has 12 points in the match.",
        "200 turns without going out: the deal is drawn, no points. Player 1 has 12 points "
        "in the match. Player 2 has 30 points in the match.",
    ),
    ("deal over, turn limit", "ru"): (
        "200 ходов без выхода: ничья, очков нет. У вас 12 очков в матче. "
        "У вашего друга 30 очков в матче.",
        "200 ходов без выхода: ничья, очков нет. У вас 30 очков в матче. "
        "У вашего друга 12 очков в матче.",
        "200 ходов без выхода: ничья, очков нет. У игрока 1 12 очков в матче. "
        "У игрока 2 30 очков в матче.",
    ),
    ("deal over, turn limit", "pt"): (
        "200 turnos sem ninguém terminar: mão empatada, sem pontos. Você tem 12 pontos na "
        "partida. O seu amigo tem 30 pontos na partida.",
        "200 turnos sem ninguém terminar: mão empatada, sem pontos. Você tem 30 pontos na "
        "partida. O seu amigo tem 12 pontos na partida.",
        "200 turnos sem ninguém terminar: mão empatada, sem pontos. O Jogador 1 tem 12 "
        "pontos na partida. O Jogador 2 tem 30 pontos na partida.",
    ),
    ("deal over, the match too", "en"): (
        "You went out and won the deal: 40 points.",
        "Your friend went out and won the deal: 40 points.",
        "Player 1 went out and won the deal: 40 points.",
    ),
    ("deal over, the match too", "ru"): (
        "Вы избавились от всех карт и выиграли раздачу: 40 очков.",
        "Ваш друг избавился от всех карт и выиграл раздачу: 40 очков.",
        "Игрок 1 избавился от всех карт и выиграл раздачу: 40 очков.",
    ),
    ("deal over, the match too", "pt"): (
        "Você ficou sem cartas e ganhou a mão: 40 pontos.",
        "O seu amigo ficou sem cartas e ganhou a mão: 40 pontos.",
        "O Jogador 1 ficou sem cartas e ganhou a mão: 40 pontos.",
    ),
    ("match over", "en"): (
        "You won the match, 104 to 87.",
        "Your friend won the match, 104 to 87.",
        "Player 1 won the match, 104 to 87.",
    ),
    ("match over", "ru"): (
        "Вы выиграли матч со счётом 104 : 87.",
        "Ваш друг выиграл матч со счётом 104 : 87.",
        "Игрок 1 выиграл матч со счётом 104 : 87.",
    ),
    ("match over", "pt"): (
        "Você ganhou a partida por 104 a 87.",
        "O seu amigo ganhou a partida por 104 a 87.",
        "O Jogador 1 ganhou a partida por 104 a 87.",
    ),
}

VIEWERS = {"the mover": 1, "the other seat": 2, "a watcher": None}


def said(row: str, viewer: int | None, mode: str, language: str) -> str:
    """The row's event as `viewer`'s view shows it, in words."""
    (shown,) = seen_by([EVENTS[row]], viewer)
    with translation.override(language):
        return narrate(shown, viewer, mode)


def test_the_table_covers_every_kind_in_every_language():
    kinds = {one["kind"] for one in EVENTS.values()}
    assert kinds == {
        "draw", "take", "reshuffle", "meld", "lay_off", "discard", "deal_over", "match_over"
    }  # fmt: skip
    assert set(SENTENCES) == {(row, lang) for row in EVENTS for lang in ("en", "ru", "pt")}


@pytest.mark.parametrize("who", list(VIEWERS))
@pytest.mark.parametrize(("row", "language"), list(SENTENCES))
def test_each_event_is_said_in_a_whole_sentence(row, language, who):
    expected = SENTENCES[row, language][list(VIEWERS).index(who)]
    assert said(row, VIEWERS[who], "friend", language) == expected


# Against the computer (seat 2): its moves, as the player hears them.
COMPUTER = {
    ("draw", "en"): "The computer drew a card from the stock.",
    ("draw", "ru"): "Компьютер взял карту из колоды.",
    ("draw", "pt"): "O computador comprou uma carta do monte.",
    ("take", "en"): "The computer took the 9 of clubs from the discard pile.",
    ("meld, a run", "ru"): (
        "Компьютер выложил последовательность: четвёрка пик, пятёрка пик, шестёрка пик "
        "(комбинация 1)."
    ),
    ("lay off a card", "pt"): "O computador encaixou a carta oito de copas no jogo 2.",
    ("discard", "en"): "The computer discarded the king of diamonds.",
    ("deal over, out", "en"): (
        "The computer went out and won the deal: 23 points. You have 30 points in the match. "
        "The computer has 45 points in the match."
    ),
    ("deal over, out", "ru"): (
        "Компьютер избавился от всех карт и выиграл раздачу: 23 очка. У вас 30 очков в "
        "матче. У компьютера 45 очков в матче."
    ),
    ("match over", "pt"): "O computador ganhou a partida por 104 a 87.",
}


@pytest.mark.parametrize(("row", "language"), list(COMPUTER))
def test_against_the_computer_its_moves_are_the_computers(row, language):
    raw = EVENTS[row]
    facts = raw["facts"]
    swap = {"1": "2", "2": "1"}
    moved = {
        **raw,
        "seat": 2,
        "source": raw["source"].replace("hand-1", "hand-2"),
        "target": raw["target"].replace("hand-1", "hand-2"),
        "facts": {
            key: (
                {swap[s]: n for s, n in value.items()}
                if isinstance(value, dict)
                else 2
                if key == "winner"
                else value
            )
            for key, value in facts.items()
        },
    }
    if "private" in raw:
        moved["private"] = 2
    (shown,) = seen_by([moved], 1)
    with translation.override(language):
        assert narrate(shown, 1, "computer") == COMPUTER[row, language]


def test_rummy_registers_its_narration():
    assert GAME.narrate is narrate
