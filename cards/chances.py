"""Rummy's estimator (gamekit/chances.py): each seat's chance to win the deal (to go
out first), from a state with both hands known. The features of a seat, from its side:
its hand and the other's (cards held, the cards that could not leave the hand now, as
the bots count them, cards/judge.py, and their points), the stock left, who is to move
and whether the mover has drawn yet. Weights fitted by bench/chances_fit.py
(docs/games.md, "The estimator")."""

from __future__ import annotations

from typing import Any

from cards import engine
from cards.judge import Judge
from cards.melds import hand_value, value
from gamekit.chances import Chances, estimate
from gamekit.seats import other

NAMES = (
    "cards_mine",
    "cards_theirs",
    "deadwood_mine",
    "deadwood_theirs",
    "deadwood_points_mine",
    "deadwood_points_theirs",
    "stock",
    "to_move",
    "to_play",
)
# Fitted by: python bench/chances_fit.py --game cards (intercept first, then NAMES).
WEIGHTS = (
    -0.2615,
    2.638,
    -2.4486,
    -2.823,
    2.8736,
    -1.0598,
    0.9953,
    -0.0148,
    0.2035,
    0.0782,
)


class _Table:
    """The part of cards.judge.Seen a Judge reads: the melds on the table."""

    def __init__(self, state: Any) -> None:
        self.table = [list(meld.cards) for meld in state.melds]


def _deadwood(judge: Judge, hand: tuple[str, ...]) -> tuple[int, int]:
    """(cards, points) of `hand` that could not leave it now."""
    leaving = judge.plan(hand)[3]
    return len(hand) - len(leaving), hand_value(hand) - sum(map(value, leaving))


def features(state: Any, seat: int) -> tuple[float, ...]:
    judge = Judge(_Table(state))  # type: ignore[arg-type]
    mine, theirs = state.hands[seat], state.hands[other(seat)]
    dead_mine, points_mine = _deadwood(judge, mine)
    dead_theirs, points_theirs = _deadwood(judge, theirs)
    return (
        len(mine) / 10,
        len(theirs) / 10,
        dead_mine / 10,
        dead_theirs / 10,
        points_mine / 100,
        points_theirs / 100,
        len(state.stock) / 10,
        float(state.turn == seat),
        float(state.turn == seat and state.step == "play"),
    )


def chances(state: Any) -> Chances:
    return estimate(engine, features, WEIGHTS, state)
