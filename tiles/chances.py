"""Tile rummy's estimator (gamekit/chances.py): each seat's chance to win the round, from
a state with both racks known. The features of a seat, from its side: its rack and the
other's (tiles left, their points, the tiles already in a set within the rack), whether
each has opened, the jokers each holds, the pool left and who is to move. Weights fitted
by bench/chances_fit.py (docs/games.md, "The estimator")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.chances import Chances, estimate
from gamekit.seats import other
from tiles import engine
from tiles.sets import JOKER, rack_sum

NAMES = (
    "tiles_mine",
    "tiles_theirs",
    "points_mine",
    "points_theirs",
    "in_sets_mine",
    "in_sets_theirs",
    "opened_mine",
    "opened_theirs",
    "jokers_mine",
    "jokers_theirs",
    "pool",
    "to_move",
)
# Fitted by: python bench/chances_fit.py --game tiles (intercept first, then NAMES).
WEIGHTS = (
    -0.0624,
    -2.0646,
    2.0727,
    -0.4949,
    0.4975,
    0.3382,
    -0.3501,
    -1.6812,
    1.6873,
    -0.0193,
    0.0556,
    0.0051,
    -0.0088,
)


def in_sets(rack: Sequence[str]) -> int:
    """How many of the rack's numbered tiles are in a group or a run of three or more
    within the rack alone (each tile counted once): what could go down soon."""
    held = {code for code in rack if code != JOKER}
    used: set[str] = set()
    by_number: dict[str, list[str]] = {}
    for code in held:
        by_number.setdefault(code[1:], []).append(code)
    for same in by_number.values():
        if len(same) >= 3:
            used.update(same)
    for colour in {code[0] for code in held}:
        run: list[str] = []
        for n in range(1, 15):
            code = f"{colour}{n}"
            if code in held:
                run.append(code)
                continue
            if len(run) >= 3:
                used.update(run)
            run = []
    return len(used)


def features(state: Any, seat: int) -> tuple[float, ...]:
    mine, theirs = state.racks[seat], state.racks[other(seat)]
    return (
        len(mine) / 10,
        len(theirs) / 10,
        rack_sum(mine) / 100,
        rack_sum(theirs) / 100,
        in_sets(mine) / 10,
        in_sets(theirs) / 10,
        float(state.opened[seat]),
        float(state.opened[other(seat)]),
        float(mine.count(JOKER)),
        float(theirs.count(JOKER)),
        len(state.pool) / 10,
        float(state.turn == seat),
    )


def chances(state: Any) -> Chances:
    return estimate(engine, features, WEIGHTS, state)
