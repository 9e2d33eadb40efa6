"""The Tarot duel's estimator (gamekit/chances.py): each seat's chance to win the round
(to reach its threshold), from a state with both hands and all stacks known. The
features of a seat, from its side: the points each seat still needs (its threshold by
the oudlers it took or surely will, the 21 and the Excuse it holds, less the points it
took), the same over the points still in play, the card points each still holds, the
trumps each holds, whether it holds the Petit, the tricks left, who is to play, and
whether each has reached its threshold or can no longer reach it.
Weights fitted by bench/chances_fit.py (docs/games.md, "The estimator")."""

from __future__ import annotations

from typing import Any

from gamekit.chances import Chances, estimate
from gamekit.seats import other
from tarot import engine
from tarot.cards import EXCUSE, OUDLERS, PETIT, TWENTY_ONE, half_points, is_trump, threshold
from tarot.scoring import points_halves
from tarot.state import tricks_left, turn

NAMES = (
    "need_mine",
    "need_theirs",
    "need_share_mine",
    "need_share_theirs",
    "held_points_mine",
    "held_points_theirs",
    "trumps_mine",
    "trumps_theirs",
    "petit_mine",
    "tricks_left",
    "to_play",
    "reached_mine",
    "reached_theirs",
    "out_of_reach_mine",
    "out_of_reach_theirs",
)
# Fitted by: python bench/chances_fit.py --game tarot (intercept first, then NAMES).
WEIGHTS = (
    0.1403,
    -0.9485,
    0.6172,
    -0.8907,
    0.6633,
    0.6789,
    -0.3476,
    3.5975,
    -3.5797,
    0.4052,
    -0.0234,
    0.0,
    2.4869,
    -2.4537,
    0.9819,
    -1.0197,
)
SURE = (TWENTY_ONE, EXCUSE)  # oudlers that come back to their holder


def _held(state: Any, seat: int) -> list[str]:
    """The seat's cards still to play, and its card on the table (still its own until
    the trick is taken: the chances do not swing with each half of a trick)."""
    on_table = [card for who, card, _ in state.trick if who == seat]
    stacked = (code for stack in state.stacks[seat] for code in stack)
    return [*state.hands[seat], *stacked, *on_table]


def features(state: Any, seat: int) -> tuple[float, ...]:
    taken = points_halves(state)
    held = {s: _held(state, s) for s in (seat, other(seat))}
    held_points = {s: sum(map(half_points, cards)) / 2 for s, cards in held.items()}
    in_play = sum(held_points.values()) + 1

    def need(s: int) -> float:
        oudlers = sum(c in OUDLERS for c in state.won[s]) + sum(c in SURE for c in held[s])
        return threshold(min(3, oudlers)) - taken[s] / 2

    mine, theirs = need(seat), need(other(seat))
    return (
        mine / 10,
        theirs / 10,
        mine / in_play,
        theirs / in_play,
        held_points[seat] / 10,
        held_points[other(seat)] / 10,
        sum(map(is_trump, held[seat])) / 10,
        sum(map(is_trump, held[other(seat)])) / 10,
        float(PETIT in held[seat]),
        tricks_left(state) / 10,
        float(turn(state) == seat),
        # Points taken only grow and a threshold only falls: a seat that has reached
        # its own has won, one that needs more than is left in play has not.
        float(mine <= 0),
        float(theirs <= 0),
        float(mine > in_play - 1),
        float(theirs > in_play - 1),
    )


def chances(state: Any) -> Chances:
    return estimate(engine, features, WEIGHTS, state)
