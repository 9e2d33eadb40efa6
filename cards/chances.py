"""Rummy's estimator (gamekit/chances.py): each seat's chance to win the deal (to go
out first), from a state with both hands known. The features of a seat, from its side:
its hand and the other's (whether all its cards could leave it, the cards that could
not leave it now, as the bots count them, cards/judge.py, and their points; for the
seat that has drawn, after its discard to come), the stock left and who is to move. Not
the hand's size: a meld kept in hand or laid down is the same to the deal's outcome,
and the strong level keeps its melds, so that the size learnt the level, not the hand.
Weights fitted by bench/chances_fit.py (docs/games.md, "The estimator")."""

from __future__ import annotations

from typing import Any

from cards import engine
from cards.judge import Judge
from cards.melds import value
from gamekit.chances import Chances, estimate
from gamekit.seats import other

NAMES = (
    "out_mine",
    "out_theirs",
    "deadwood_mine",
    "deadwood_theirs",
    "deadwood_points_mine",
    "deadwood_points_theirs",
    "stock",
    "to_move",
)
# Fitted by: python bench/chances_fit.py --game cards (intercept first, then NAMES).
WEIGHTS = (
    -0.1051,
    2.234,
    -2.0851,
    -0.8227,
    1.1592,
    -1.548,
    1.2661,
    0.0038,
    -0.0378,
)


class _Table:
    """The part of cards.judge.Seen a Judge reads: the melds on the table."""

    def __init__(self, state: Any) -> None:
        self.table = [list(meld.cards) for meld in state.melds]


def _deadwood(judge: Judge, hand: tuple[str, ...], discarding: bool) -> tuple[int, int]:
    """(cards, points) of `hand` that could not leave it now; for the seat that has drawn
    and will discard, after discarding its highest such card, so that a turn's draw,
    melds and discard do not swing the chances by the hand's size alone."""
    leaving = judge.plan(hand)[3]
    dead = [code for code in hand if code not in leaving]
    if discarding and dead:
        dead.remove(max(dead, key=value))
    return len(dead), sum(map(value, dead))


def features(state: Any, seat: int) -> tuple[float, ...]:
    judge = Judge(_Table(state))  # type: ignore[arg-type]
    playing = state.step == "play"
    mine = _deadwood(judge, state.hands[seat], playing and state.turn == seat)
    theirs = _deadwood(judge, state.hands[other(seat)], playing and state.turn == other(seat))
    return (
        float(mine[0] == 0),
        float(theirs[0] == 0),
        mine[0] / 10,
        theirs[0] / 10,
        mine[1] / 100,
        theirs[1] / 100,
        len(state.stock) / 10,
        float(state.turn == seat),
    )


def chances(state: Any) -> Chances:
    return estimate(engine, features, WEIGHTS, state)
