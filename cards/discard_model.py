"""A learned value of each of strong's discards, from the seat's own view: the
clairvoyant search distilled (issue 44, third try).

The search of cards/search.py plays well only when it knows the opponent's hand (66.8%
against medium with the true hand, level with strong's rules with sampled ones): its
samplers do not know how the site's players really keep their cards. Here the search
with the opponent's true hand (the stock's order sampled) labels strong's candidate
discards in self-play between the site's bots (training/rummy_discards.py); a small
linear model learns, from what the seat sees alone, which candidate that search would
prefer. Because the labels come from real hands, the model learns how the players
really hold their cards, which the samplers had to guess.

The inputs of a candidate (`FEATURES`, all from the view): its place and its cost among
the rule measure's candidates, its points, the deadwood and deadwood points left, how
it relates (same rank, one or two ranks apart in its suit) to the cards the opponent
took, passed and discarded, the learned guess's chance (cards/hand_model.py) that the
opponent holds a pair that makes a meld with it, whether it fits a meld on the table,
and a few of these times the stage of the deal (the stock left, the opponent's cards).
Only differences between candidates of one decision matter (the model ranks them), so
the model has no bias. The weights: cards/discard_weights.npz, a few hundred bytes.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from cards import fast, hand_model
from cards.evaluation import PAIR_MASKS  # the pairs that meld with each card
from cards.judge import Seen
from cards.melds import fits
from gamekit.memo import memoized
from gamekit.seats import other

WEIGHTS = Path(__file__).with_name("discard_weights.npz")
NAMES = (
    "place",
    "cost over the best",
    "points",
    "deadwood left",
    "deadwood points left",
    "took, same rank",
    "took, one apart",
    "took, two apart",
    "passed, same rank",
    "passed, one apart",
    "passed, two apart",
    "discarded, same rank",
    "discarded, one apart",
    "discarded, two apart",
    "opponent holds a pair for it",
    "fits the table",
    "points x opponent near out",
    "pair held x opponent near out",
    "points x stock left",
)
FEATURES = len(NAMES)


def holds(seen: Seen) -> np.ndarray:
    """The chance of each of the 52 cards that the opponent holds it: 1 for its known
    cards, the learned guess for the unseen ones, 0 for the rest."""
    chance = np.zeros(52)
    unseen, p = hand_model.chances(seen)
    chance[unseen] = p
    chance[[fast.INDEX[c] for c in seen.opponent_known]] = 1.0
    return chance


def related(seen: Seen) -> np.ndarray:
    """[kind x relation, card]: how many of the opponent's took / passed / discarded
    cards each card relates to (same rank, one apart, two apart in its suit)."""
    opponent = str(other(seen.view["seat"]))
    events = seen.view.get("history", {}).get(opponent, [])
    counts = np.zeros((3, 52))
    for k, kind in enumerate(hand_model.KINDS):
        for name, code in events:
            if name == kind:
                counts[k, fast.INDEX[code]] += 1
    return np.einsum("rab,kb->kra", hand_model.RELATIONS, counts).reshape(9, 52)


def features(seen: Seen, costed: list[tuple[float, str]]) -> np.ndarray:
    """One row per candidate of `costed` ((rule cost, card), best first)."""
    hand = fast.mask_of(seen.hand)
    table = fast.table_of(seen.table)
    chance = holds(seen)
    rel = related(seen)
    near = 1.0 if seen.opponent_size <= 4 else 0.0
    stock = seen.stock_count / 30
    best = costed[0][0]
    rows = []
    for place, (cost, code) in enumerate(costed):
        c = fast.INDEX[code]
        rest = hand & ~(1 << c)
        count, leaving_points, _ = fast.plan(rest, table)
        pair = sum(chance[a] * chance[b] for a, b in (fast.bits(m) for m in PAIR_MASKS[c]))
        points = fast.VALUE[c] / 10
        rows.append(
            [
                place,
                cost - best,
                points,
                rest.bit_count() - count,
                (fast.points(rest) - leaving_points) / 10,
                *rel[:, c],
                pair,
                float(any(fits(meld, code) for meld in seen.table)),
                points * near,
                pair * near,
                points * stock,
            ]
        )
    return np.asarray(rows, dtype=float)


@memoized("cards.discard_model.weights", 1)
def weights() -> np.ndarray:
    with np.load(WEIGHTS) as data:
        return data["w"]


def best(seen: Seen, costed: list[tuple[float, str]], w: np.ndarray | None = None) -> str:
    """The candidate the model scores highest (the rule's first on a tie)."""
    scores = features(seen, costed) @ (weights() if w is None else w)
    return costed[int(np.argmax(scores))][1]
