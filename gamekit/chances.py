"""Each seat's chance to win the round at every step of a replay (issue 58).

A game's estimator (<app>/chances.py, pure Python) looks at a state with both hands
known, as a finished round's replay shows them (full information: cheaper and truer
here than a seat's guess), and gives ``features(state, seat)``: a few numbers from that
seat's side (cards or tiles left, deadwood, points taken, who is to move...). A small
logistic model turns them into that seat's chance to win; its weights are fitted by
bench/chances_fit.py on bot-vs-bot rounds and pasted into the game's module, and
bench/chances.py prints its calibration and its cost (docs/games.md, "The estimator").

The two seats are estimated apart, each from its own side, then scaled down together
when they add up to more than 1 (a round may end drawn, so they may add up to less).
A finished round's chances are its result: 1 for the winner, 0 otherwise.

Pure Python (no Django), like gamekit.engine.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from gamekit.engine import Engine
from gamekit.replay import Record, states
from gamekit.seats import SEATS

Features = Callable[[Any, int], Sequence[float]]
Chances = dict[int, float]


def logistic(weights: Sequence[float], features: Sequence[float]) -> float:
    """1 / (1 + e^-(w0 + w·x)): `weights` is the intercept then one weight a feature."""
    z = weights[0] + sum(w * x for w, x in zip(weights[1:], features, strict=True))
    if z < -35:  # e^35 overflows nothing, but the answer is 0 to a float's precision
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def estimate(engine: Engine, features: Features, weights: Sequence[float], state: Any) -> Chances:
    """Each seat's chance to win from `state`, in [0, 1], adding up to at most 1."""
    status = engine.status(state)
    if status["over"]:
        return {seat: float(status["winner"] == seat) for seat in SEATS}
    found = {seat: logistic(weights, features(state, seat)) for seat in SEATS}
    total = sum(found.values())
    if total > 1:
        found = {seat: p / total for seat, p in found.items()}
    return found


def curve(engine: Engine, chances: Callable[[Any], Chances], record: Record) -> list[Chances]:
    """The chances of each step of `record`: as dealt (step 0), then after each action
    (len(record.steps) + 1 entries). IllegalAction for a damaged record."""
    return [chances(state) for state in states(engine, record)]
