"""Rummy's guided first round (gamekit/lesson.py): two turns that hold every rule of
RULES.md's rummy. The 5♣ is taken from the discard pile, refused as a discard, melded
in a set; a discard ends the turn; the computer melds a run; a card drawn from the
stock makes a run, the Q♦ is laid off on the computer's run, the 7s are melded and the
last card discarded: out, the deal won. The lines name the cards in words, as the board
speaks them ("the 5 of clubs"), not "5♣", which a screen reader reads badly.
"""

from __future__ import annotations

from typing import Any

from cards import engine
from cards.melds import DECK
from cards.state import State, state_from_position
from gamekit.engine import gettext_noop
from gamekit.lesson import Lesson, Step, same_json

HAND = ("5S", "5D", "2H", "3H", "QD", "KC", "7S", "7H", "7C", "AS")
COMPUTER_HAND = ("9D", "TD", "JD", "2C", "4C", "6D", "8S", "TS", "JC", "KS")
PILE = ("5C",)
# The stock is drawn from its end: the computer's card, then the learner's 4♥.
STOCK_TOP = ("4H", "8C")


def deal() -> State:
    used = {*HAND, *COMPUTER_HAND, *PILE, *STOCK_TOP}
    stock = [*(code for code in DECK if code not in used), *STOCK_TOP]
    return state_from_position({1: HAND, 2: COMPUTER_HAND}, pile=PILE, stock=stock, seed=46)


def chosen(state: State, action: dict[str, Any]) -> list[str]:
    """The cards of the hand a move uses (Lesson.pieces); none for a draw."""
    return list(action.get("cards") or ([action["card"]] if "card" in action else []))


LESSON = Lesson(
    deal=deal,
    same=same_json(engine),
    pieces=chosen,
    steps=(
        Step(
            gettext_noop(
                "Each turn begins with a draw. Take the 5 of clubs from the discard pile: "
                "with your 5 of spades and 5 of diamonds it makes a set."
            ),
            {"type": "draw", "source": "discard"},
        ),
        Step(
            gettext_noop(
                "Now try to discard the 5 of clubs you have just taken, and read why you "
                "may not. Then meld your set of three 5s: select them and press Meld."
            ),
            {"type": "discard", "card": "5C"},
            refused="taken_card",
        ),
        Step(
            gettext_noop("Meld your set of three 5s: select them and press Meld."),
            {"type": "meld", "cards": ["5S", "5D", "5C"]},
        ),
        Step(
            gettext_noop("A discard ends your turn: discard the king of clubs."),
            {"type": "discard", "card": "KC"},
            replies=(
                {"type": "draw", "source": "stock"},
                {"type": "meld", "cards": ["9D", "TD", "JD"]},
                {"type": "discard", "card": "KS"},
            ),
        ),
        Step(
            gettext_noop("This time draw from the stock."),
            {"type": "draw", "source": "stock"},
        ),
        Step(
            gettext_noop(
                "You may lay off cards on any meld, the computer's too: lay off your "
                "queen of diamonds on its run of the 9, 10 and jack of diamonds."
            ),
            {"type": "lay_off", "card": "QD", "meld": 1},
        ),
        Step(
            gettext_noop("The 4 of hearts you drew makes a run: meld the 2, 3 and 4 of hearts."),
            {"type": "meld", "cards": ["2H", "3H", "4H"]},
        ),
        Step(
            gettext_noop("Meld your set of 7s."),
            {"type": "meld", "cards": ["7S", "7H", "7C"]},
        ),
        Step(
            gettext_noop(
                "One card left: discard it to empty your hand. You go out and score the "
                "cards left in the computer's hand."
            ),
            {"type": "discard", "card": "AS"},
        ),
    ),
)
