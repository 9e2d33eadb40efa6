"""The Tarot duel's guided first round (gamekit/lesson.py): seven tricks that hold
every rule of RULES.md's Tarot duel. The K♥ is played from a stack; the computer leads
diamonds and a trump is refused, the 3♦ follows suit; it leads clubs, which the learner
lacks: the 1♥ is refused, a trump takes the trick; the Excuse is led and comes back;
the 20 of trumps is led and the computer, whose only trump is the Petit, must give it
up. Then the round goes on to its result. The lines name the cards in words, as the
board speaks them ("the king of hearts", "trump 5"), not "K♥", which a screen reader
reads badly.
"""

from __future__ import annotations

from gamekit.engine import gettext_noop
from gamekit.lesson import Lesson, Step, same_json
from tarot import engine
from tarot.cards import DECK
from tarot.state import State, deal

HAND = ["S2", "SQ", "D3", "H1", "T5", "T20", "EX"]
COMPUTER_HAND = ["H2", "SK", "DK", "CK", "C2", "S3", "T1"]
# The computer holds every club and, face up, only diamonds on its stacks; its other
# trumps lie face down under them, so that the Petit is its only trump in hand.
COMPUTER_TOPS = ["D4", "D5", "D6", "D7", "D8", "D9"]
COMPUTER_UNDER = ["T2", "T3", "T4", "T6", "T7", "T8", "T9", "T10", "T11", "T12", "T13", "T14"]


def deal_cards() -> list[str]:
    """The 78 cards in deal order: the learner's hand and stacks, then the computer's."""
    clubs = [c for c in DECK if c[0] == "C" and c not in COMPUTER_HAND]
    computer_hand = [*COMPUTER_HAND, *clubs, "D1", "D2"]
    named = {*HAND, "HK", *computer_hand, *COMPUTER_TOPS, *COMPUTER_UNDER}
    rest = [c for c in DECK if c not in named]
    hand, under = [*HAND, *rest[:14]], rest[14:]
    stacks = [[under[0], under[1], "HK"]]
    stacks += [under[2 + 3 * k : 5 + 3 * k] for k in range(5)]
    computer_stacks = [
        [*COMPUTER_UNDER[2 * k : 2 * k + 2], top] for k, top in enumerate(COMPUTER_TOPS)
    ]
    return [
        *hand,
        *(c for s in stacks for c in s),
        *computer_hand,
        *(c for s in computer_stacks for c in s),
    ]


def new_deal() -> State:
    return deal(deal_cards(), first_seat=1, seed=46)


def play(card: str) -> dict[str, str]:
    return {"type": "play", "card": card}


def played(state: State, action: dict[str, str]) -> list[str]:
    """The card a move plays, from the hand or a stack (Lesson.pieces)."""
    return [action["card"]] if "card" in action else []


LESSON = Lesson(
    deal=new_deal,
    same=same_json(engine),
    pieces=played,
    steps=(
        Step(
            gettext_noop(
                "You play from your hand or from the face-up top of one of your stacks. "
                "Lead the king of hearts from your first stack: the card under it turns face up."
            ),
            play("HK"),
            replies=(play("H2"),),
        ),
        Step(
            gettext_noop("You won the trick, so you lead again: lead the 2 of spades."),
            play("S2"),
            replies=(play("SK"), play("DK")),
        ),
        Step(
            gettext_noop(
                "The computer took it and leads the king of diamonds. Try to play a trump on it."
            ),
            play("T5"),
            refused="follow_suit",
        ),
        Step(
            gettext_noop("Follow suit with your 3 of diamonds."), play("D3"), replies=(play("CK"),)
        ),
        Step(
            gettext_noop(
                "The computer leads the king of clubs and you have no club. Try the 1 of hearts."
            ),
            play("H1"),
            refused="play_a_trump",
        ),
        Step(
            gettext_noop("Play your trump 5: any trump beats a suit card."),
            play("T5"),
            replies=(),
        ),
        Step(
            gettext_noop(
                "The Excuse may be played at any time and never wins a trick; it comes back "
                "to you for half a point. Lead the Excuse."
            ),
            play("EX"),
            replies=(play("C2"), play("S3")),
        ),
        Step(
            gettext_noop("The computer leads the 3 of spades: take it with your queen of spades."),
            play("SQ"),
        ),
        Step(
            gettext_noop(
                "The Petit, trump 1, is worth 4.5 points. The computer's only trump is the "
                "Petit: lead your trump 20 and it must give it up."
            ),
            play("T20"),
            replies=(play("T1"),),
        ),
    ),
)
