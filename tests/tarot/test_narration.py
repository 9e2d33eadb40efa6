"""The Tarot duel's events said in words (tarot/narration.py): each kind of event, in
English, Russian and Portuguese, for the seat that moved, the other seat and a watcher,
as whole sentences naming the seats as the board does and the cards as their spoken
labels say them (Russian after a colon)."""

import pytest
from django.utils import translation

from gamekit.events import event
from rooms import registry
from tarot import narration

WON = {
    "points": {"1": 38, "2": 53},
    "oudlers": {"1": 0, "2": 1},
    "thresholds": {"1": 56, "2": 51},
    "scores": {"1": -27, "2": 27},
    "petit_taker": None,
    "reason": "threshold",
}
DRAWN = {
    "points": {"1": 55.5, "2": 35.5},
    "oudlers": {"1": 0, "2": 3},
    "thresholds": {"1": 56, "2": 36},
    "scores": {"1": -10, "2": 10},
    "petit_taker": 2,
    "reason": "drawn",
}
# Each made by seat 2 (the computer, or Player 2 for a watcher).
EVENTS = {
    "lead from the hand": event(1, 2, "play", ["CK"], "hand-2", "trick", lead=True),
    "lead from a stack": event(1, 2, "play", ["SQ"], "stack-2-3", "trick", lead=True),
    "follow from the hand": event(2, 2, "play", ["T14"], "hand-2", "trick", lead=False),
    "follow from a stack": event(2, 2, "play", ["T1"], "stack-2-6", "trick", lead=False),
    "trick won": event(
        3, 2, "trick_won", ["C3", "CK"], "trick", "won-2", winner=2, card="CK", points=5, last=False
    ),
    "trick won, one card": event(
        3, 2, "trick_won", ["D7"], "trick", "won-2", winner=2, card="D7", points=0.5, last=False
    ),
    "last trick won": event(
        3, 2, "trick_won", ["EX", "H1"], "trick", "won-2", winner=2, card="H1", points=5, last=True
    ),
    "excuse returned": event(
        4, 2, "excuse_returned", ["EX"], "trick", "won-2", giver=2, receiver=1, points=0.5
    ),
    "turned up": event(5, 2, "turned_up", ["HN"], "stack-2-3", "stack-2-3", owner=2, stack=3),
    "round won": event(6, 2, "round_over", winner=2, **WON),
    "round drawn": event(6, 2, "round_over", winner=None, **DRAWN),
}
# (event, language): what seat 2 hears, what seat 1 hears (against the computer), and
# what a watcher hears.
SENTENCES = {
    ("lead from the hand", "en"): (
        "You led the king of clubs.",
        "The computer led the king of clubs.",
        "Player 2 led the king of clubs.",
    ),
    ("lead from a stack", "en"): (
        "You led the queen of spades from stack 3.",
        "The computer led the queen of spades from stack 3.",
        "Player 2 led the queen of spades from stack 3.",
    ),
    ("follow from the hand", "en"): (
        "You played trump 14.",
        "The computer played trump 14.",
        "Player 2 played trump 14.",
    ),
    ("follow from a stack", "en"): (
        "You played trump 1 (the Petit) from stack 6.",
        "The computer played trump 1 (the Petit) from stack 6.",
        "Player 2 played trump 1 (the Petit) from stack 6.",
    ),
    ("trick won", "en"): (
        "You won the trick with the king of clubs (5 points).",
        "The computer won the trick with the king of clubs (5 points).",
        "Player 2 won the trick with the king of clubs (5 points).",
    ),
    ("trick won, one card", "en"): (
        "You won the trick with the 7 of diamonds (0.5 points).",
        "The computer won the trick with the 7 of diamonds (0.5 points).",
        "Player 2 won the trick with the 7 of diamonds (0.5 points).",
    ),
    ("last trick won", "en"): (
        "You won the last trick with the 1 of hearts (5 points).",
        "The computer won the last trick with the 1 of hearts (5 points).",
        "Player 2 won the last trick with the 1 of hearts (5 points).",
    ),
    ("excuse returned", "en"): (
        "You keep the Excuse and give the computer half a point.",
        "The computer keeps the Excuse and gives you half a point.",
        "Player 2 keeps the Excuse and gives Player 1 half a point.",
    ),
    ("turned up", "en"): (
        "Turned up on your stack 3: the knight of hearts.",
        "Turned up on the computer's stack 3: the knight of hearts.",
        "Turned up on Player 2's stack 3: the knight of hearts.",
    ),
    ("round won", "en"): (
        (
            "You won the round. You took 53 points and 1 oudler (51 needed): your score is +27. "
            "The computer took 38 points and 0 oudlers (56 needed): its score is −27."
        ),
        (
            "The computer won the round. You took 38 points and 0 oudlers (56 needed): "
            "your score is −27. The computer took 53 points and 1 oudler (51 needed): "
            "its score is +27."
        ),
        (
            "Player 2 won the round. Player 1 took 38 points and 0 oudlers (56 needed): "
            "their score is −27. Player 2 took 53 points and 1 oudler (51 needed): "
            "their score is +27."
        ),
    ),
    ("round drawn", "en"): (
        (
            "A drawn round: neither player reached their threshold. "
            "You took 35.5 points and 3 oudlers (36 needed): your score is +10. "
            "The computer took 55.5 points and 0 oudlers (56 needed): its score is −10. "
            "The Petit was in the last trick: 10 points for you."
        ),
        (
            "A drawn round: neither player reached their threshold. "
            "You took 55.5 points and 0 oudlers (56 needed): your score is −10. "
            "The computer took 35.5 points and 3 oudlers (36 needed): its score is +10. "
            "The Petit was in the last trick: 10 points for the computer."
        ),
        (
            "A drawn round: neither player reached their threshold. "
            "Player 1 took 55.5 points and 0 oudlers (56 needed): their score is −10. "
            "Player 2 took 35.5 points and 3 oudlers (36 needed): their score is +10. "
            "The Petit was in the last trick: 10 points for Player 2."
        ),
    ),
    ("lead from the hand", "ru"): (
        "Вы зашли: король треф.",
        "Компьютер зашёл: король треф.",
        "Игрок 2 зашёл: король треф.",
    ),
    ("lead from a stack", "ru"): (
        "Вы зашли из стопки 3: дама пик.",
        "Компьютер зашёл из стопки 3: дама пик.",
        "Игрок 2 зашёл из стопки 3: дама пик.",
    ),
    ("follow from the hand", "ru"): (
        "Вы сыграли: козырь 14.",
        "Компьютер сыграл: козырь 14.",
        "Игрок 2 сыграл: козырь 14.",
    ),
    ("follow from a stack", "ru"): (
        "Вы сыграли из стопки 6: козырь 1 (Малыш).",
        "Компьютер сыграл из стопки 6: козырь 1 (Малыш).",
        "Игрок 2 сыграл из стопки 6: козырь 1 (Малыш).",
    ),
    ("trick won", "ru"): (
        "Вы взяли взятку картой: король треф (5 очков).",
        "Компьютер взял взятку картой: король треф (5 очков).",
        "Игрок 2 взял взятку картой: король треф (5 очков).",
    ),
    ("trick won, one card", "ru"): (
        "Вы взяли взятку картой: семёрка бубен (0,5 очка).",
        "Компьютер взял взятку картой: семёрка бубен (0,5 очка).",
        "Игрок 2 взял взятку картой: семёрка бубен (0,5 очка).",
    ),
    ("last trick won", "ru"): (
        "Вы взяли последнюю взятку картой: туз червей (5 очков).",
        "Компьютер взял последнюю взятку картой: туз червей (5 очков).",
        "Игрок 2 взял последнюю взятку картой: туз червей (5 очков).",
    ),
    ("excuse returned", "ru"): (
        "Вы оставляете себе Шута и отдаёте компьютеру пол-очка.",
        "Компьютер оставляет себе Шута и отдаёт вам пол-очка.",
        "Игрок 2 оставляет себе Шута и отдаёт игроку 1 пол-очка.",
    ),
    ("turned up", "ru"): (
        "В вашей стопке 3 открылась карта: кавалер червей.",
        "В стопке 3 компьютера открылась карта: кавалер червей.",
        "В стопке 3 игрока 2 открылась карта: кавалер червей.",
    ),
    ("round won", "ru"): (
        (
            "Вы выиграли раунд. Вы набрали 53 очка, удлеров: 1 (порог 51); ваш счёт: +27. "
            "Компьютер набрал 38 очков, удлеров: 0 (порог 56); его счёт: −27."
        ),
        (
            "Компьютер выиграл раунд. Вы набрали 38 очков, удлеров: 0 (порог 56); ваш счёт: "
            "−27. Компьютер набрал 53 очка, удлеров: 1 (порог 51); его счёт: +27."
        ),
        (
            "Игрок 2 выиграл раунд. Игрок 1 набрал 38 очков, удлеров: 0 (порог 56); его счёт: "
            "−27. Игрок 2 набрал 53 очка, удлеров: 1 (порог 51); его счёт: +27."
        ),
    ),
    ("round drawn", "ru"): (
        (
            "Ничья: никто не набрал свой порог. Вы набрали 35,5 очка, удлеров: 3 (порог 36); "
            "ваш счёт: +10. Компьютер набрал 55,5 очка, удлеров: 0 (порог 56); его счёт: −10. "
            "Малыш был в последней взятке: 10 очков вам."
        ),
        (
            "Ничья: никто не набрал свой порог. Вы набрали 55,5 очка, удлеров: 0 (порог 56); "
            "ваш счёт: −10. Компьютер набрал 35,5 очка, удлеров: 3 (порог 36); его счёт: +10. "
            "Малыш был в последней взятке: 10 очков компьютеру."
        ),
        (
            "Ничья: никто не набрал свой порог. Игрок 1 набрал 55,5 очка, удлеров: "
            "0 (порог 56); его счёт: −10. Игрок 2 набрал 35,5 очка, удлеров: 3 (порог 36); "
            "его счёт: +10. Малыш был в последней взятке: 10 очков игроку 2."
        ),
    ),
    ("lead from the hand", "pt"): (
        "Você saiu com o rei de paus.",
        "O computador saiu com o rei de paus.",
        "O Jogador 2 saiu com o rei de paus.",
    ),
    ("lead from a stack", "pt"): (
        "Você saiu com a dama de espadas da pilha 3.",
        "O computador saiu com a dama de espadas da pilha 3.",
        "O Jogador 2 saiu com a dama de espadas da pilha 3.",
    ),
    ("follow from the hand", "pt"): (
        "Você jogou o trunfo 14.",
        "O computador jogou o trunfo 14.",
        "O Jogador 2 jogou o trunfo 14.",
    ),
    ("follow from a stack", "pt"): (
        "Você jogou o trunfo 1 (o Petit) da pilha 6.",
        "O computador jogou o trunfo 1 (o Petit) da pilha 6.",
        "O Jogador 2 jogou o trunfo 1 (o Petit) da pilha 6.",
    ),
    ("trick won", "pt"): (
        "Você ganhou a vaza com o rei de paus (5 pontos).",
        "O computador ganhou a vaza com o rei de paus (5 pontos).",
        "O Jogador 2 ganhou a vaza com o rei de paus (5 pontos).",
    ),
    ("trick won, one card", "pt"): (
        "Você ganhou a vaza com o sete de ouros (0,5 pontos).",
        "O computador ganhou a vaza com o sete de ouros (0,5 pontos).",
        "O Jogador 2 ganhou a vaza com o sete de ouros (0,5 pontos).",
    ),
    ("last trick won", "pt"): (
        "Você ganhou a última vaza com o ás de copas (5 pontos).",
        "O computador ganhou a última vaza com o ás de copas (5 pontos).",
        "O Jogador 2 ganhou a última vaza com o ás de copas (5 pontos).",
    ),
    ("excuse returned", "pt"): (
        "Você fica com a Desculpa e dá meio ponto ao computador.",
        "O computador fica com a Desculpa e dá-lhe meio ponto.",
        "O Jogador 2 fica com a Desculpa e dá meio ponto ao Jogador 1.",
    ),
    ("turned up", "pt"): (
        "Carta virada para cima na sua pilha 3: o cavaleiro de copas.",
        "Carta virada para cima na pilha 3 do computador: o cavaleiro de copas.",
        "Carta virada para cima na pilha 3 do Jogador 2: o cavaleiro de copas.",
    ),
    ("round won", "pt"): (
        (
            "Você ganhou a ronda. Você conquistou 53 pontos e 1 oudler (limite 51): "
            "a sua pontuação é +27. O computador conquistou 38 pontos e 0 oudlers (limite 56): "
            "a pontuação dele é −27."
        ),
        (
            "O computador ganhou a ronda. Você conquistou 38 pontos e 0 oudlers (limite 56): "
            "a sua pontuação é −27. O computador conquistou 53 pontos e 1 oudler (limite 51): "
            "a pontuação dele é +27."
        ),
        (
            "O Jogador 2 ganhou a ronda. "
            "O Jogador 1 conquistou 38 pontos e 0 oudlers (limite 56): a pontuação dele é −27. "
            "O Jogador 2 conquistou 53 pontos e 1 oudler (limite 51): a pontuação dele é +27."
        ),
    ),
    ("round drawn", "pt"): (
        (
            "Ronda empatada: nenhum jogador alcançou o seu limite. "
            "Você conquistou 35,5 pontos e 3 oudlers (limite 36): a sua pontuação é +10. "
            "O computador conquistou 55,5 pontos e 0 oudlers (limite 56): "
            "a pontuação dele é −10. O Petit estava na última vaza: 10 pontos para si."
        ),
        (
            "Ronda empatada: nenhum jogador alcançou o seu limite. "
            "Você conquistou 55,5 pontos e 0 oudlers (limite 56): a sua pontuação é −10. "
            "O computador conquistou 35,5 pontos e 3 oudlers (limite 36): "
            "a pontuação dele é +10. O Petit estava na última vaza: "
            "10 pontos para o computador."
        ),
        (
            "Ronda empatada: nenhum jogador alcançou o seu limite. "
            "O Jogador 1 conquistou 55,5 pontos e 0 oudlers (limite 56): "
            "a pontuação dele é −10. "
            "O Jogador 2 conquistou 35,5 pontos e 3 oudlers (limite 36): "
            "a pontuação dele é +10. O Petit estava na última vaza: 10 pontos para o Jogador 2."
        ),
    ),
}


@pytest.mark.parametrize(("name", "language"), list(SENTENCES), ids=" ".join)
def test_each_event_is_said_in_whole_sentences_to_the_mover_the_other_seat_and_a_watcher(
    name, language
):
    mover, other, watcher = SENTENCES[name, language]
    with translation.override(language):
        assert narration.narrate(EVENTS[name], 2, "computer") == mover
        assert narration.narrate(EVENTS[name], 1, "computer") == other
        assert narration.narrate(EVENTS[name], None, "friend") == watcher


def test_the_table_holds_every_kind_in_every_language():
    kinds = {EVENTS[name]["kind"] for name, _ in SENTENCES}
    assert kinds == set(narration.SAY)
    assert {language for _, language in SENTENCES} == {"en", "ru", "pt"}
    assert len(SENTENCES) == len(EVENTS) * 3


@pytest.mark.parametrize(
    ("language", "played", "kept"),
    [
        (
            "en",
            "Your friend played the king of clubs.",
            "Your friend keeps the Excuse and gives you half a point.",
        ),
        (
            "ru",
            "Ваш друг сыграл: король треф.",
            "Ваш друг оставляет себе Шута и отдаёт вам пол-очка.",
        ),
        (
            "pt",
            "O seu amigo jogou o rei de paus.",
            "O seu amigo fica com a Desculpa e dá-lhe meio ponto.",
        ),
    ],
)
def test_online_the_other_seat_is_your_friend(language, played, kept):
    follow = event(2, 2, "play", ["CK"], "hand-2", "trick", lead=False)
    with translation.override(language):
        assert narration.narrate(follow, 1, "friend") == played
        assert narration.narrate(EVENTS["excuse returned"], 1, "friend") == kept
        assert narration.narrate(follow, 2, "friend").startswith(("You ", "Вы ", "Você "))


@pytest.mark.parametrize(
    ("code", "language", "said"),
    [
        ("HQ", "pt", "Você jogou a dama de copas."),
        ("HQ", "en", "You played the queen of hearts."),
        ("EX", "en", "You played the Excuse."),
        ("EX", "pt", "Você jogou a Desculpa."),
        ("EX", "ru", "Вы сыграли: Шут."),
        ("D1", "pt", "Você jogou o ás de ouros."),
    ],
)
def test_a_card_takes_the_article_its_name_needs(code, language, said):
    played = event(1, 1, "play", [code], "hand-1", "trick", lead=False)
    with translation.override(language):
        assert narration.narrate(played, 1, "computer") == said


def test_the_tarot_duel_registers_its_narration():
    assert registry.get("tarot").narrate is narration.narrate
