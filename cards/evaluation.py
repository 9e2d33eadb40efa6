"""The learned evaluation of the strong level's search: a small network (numpy) that
scores a whole-information position of a sampled world (cards/fast.py) for one seat.

Its input is a handful of numbers per seat, for the seat judged and its opponent: the
deadwood (cards and points that could not leave the hand now), the hand's size and
points, the near melds (loose cards with a loose partner), the outs (cards of the
stock that would make a meld with two loose cards), whether it moves next, whether the
pile's top card would make a meld for the seat to move, and the stock's size. Its
output is the expected outcome of the deal for the seat judged (a deal won 1, lost -1,
plus `search.POINTS` a point), as the fast policy would play it out.

The weights (cards/value_weights.npz, a few kilobytes) come from self-play of the fast
policy: training/rummy_value.py, its command and figures in bench/RESULTS.md.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from cards import fast

WEIGHTS = Path(__file__).with_name("value_weights.npz")
FEATURES = 15


def _pair_masks(c: int) -> tuple[int, ...]:
    """The pairs of cards that make a meld of three with card `c` (runs, sets), as masks."""
    suit, rank = divmod(c, 13)
    found = []
    for low in range(max(0, rank - 2), min(rank, 10) + 1):
        a, b = (r for r in (low, low + 1, low + 2) if r != rank)
        found.append(1 << (suit * 13 + a) | 1 << (suit * 13 + b))
    others = [s for s in range(4) if s != suit]
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            found.append(1 << (a * 13 + rank) | 1 << (b * 13 + rank))
    return tuple(found)


PAIR_MASKS: tuple[tuple[int, ...], ...] = tuple(_pair_masks(c) for c in range(52))


def _seat_features(world: fast.World, seat: int) -> list[float]:
    hand = world.hands[seat]
    count, leaving_points, leaving = fast.plan(hand, world.table)
    loose = hand & ~leaving
    size = hand.bit_count()
    near = sum(1 for i in fast.bits(loose) if loose & fast.PARTNERS[i])
    outs = 0
    for c in world.stock:
        if (loose & fast.PARTNERS[c]).bit_count() >= 2:
            outs += any(pm & loose == pm for pm in PAIR_MASKS[c])
    points = fast.points(hand)
    return [
        size - count,
        (points - leaving_points) / 10,
        size,
        points / 10,
        near,
        outs / 4,
    ]


def features(world: fast.World, seat: int, to_move: int) -> list[float]:
    """The evaluation's input: `seat` judged, `to_move` the seat whose turn begins."""
    mine, theirs = _seat_features(world, seat), _seat_features(world, 1 - seat)
    top_melds = 0.0
    if world.pile:
        top = 1 << world.pile[-1]
        hand = world.hands[to_move]
        top_melds = float(bool(fast.plan(hand | top, world.table)[2] & top))
    moves = 1.0 if to_move == seat else -1.0
    return [*mine, *theirs, moves, top_melds * moves, len(world.stock) / 30]


class Model:
    """x -> tanh(x' W1 + b1) W2 + b2, x standardized by the training's mean and scale."""

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        self.mean = arrays["mean"]
        self.scale = arrays["scale"]
        self.w1, self.b1 = arrays["w1"], arrays["b1"]
        self.w2, self.b2 = arrays["w2"], arrays["b2"]

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> Model:
        with np.load(path) as data:
            return cls({key: data[key] for key in data.files})

    def arrays(self) -> dict[str, np.ndarray]:
        return {
            "mean": self.mean,
            "scale": self.scale,
            "w1": self.w1,
            "b1": self.b1,
            "w2": self.w2,
            "b2": self.b2,
        }

    def score_many(self, rows: np.ndarray) -> np.ndarray:
        hidden = np.tanh(((rows - self.mean) / self.scale) @ self.w1 + self.b1)
        return hidden @ self.w2 + self.b2

    def score(self, row: list[float]) -> float:
        return float(self.score_many(np.asarray([row], dtype=float))[0])


MODEL: Model | None = Model.load() if WEIGHTS.exists() else None


def evaluate(world: fast.World, seat: int, to_move: int) -> float:
    """The expected outcome of `world` for `seat`, `to_move` to begin its turn."""
    if MODEL is None:
        return 0.0
    return MODEL.score(features(world, seat, to_move))
