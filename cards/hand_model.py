"""A learned guess of the opponent's hidden rummy hand from the public history.

For every card the seat has not seen (cards/judge.py's `unseen`: in the stock or in the
opponent's hidden cards), a logistic model gives the chance that the opponent holds it.
Its inputs say how the card relates to what the opponent did in sight of both players
(the view's history, cards/state.py): the cards it took from the pile, the top cards it
passed for the stock, the cards it discarded, each counted by relation (same rank, same
suit one rank apart, two ranks apart), all of them and the recent ones apart; the
opponent's cards still known; whether the card fits a meld on the table; its points;
and the share of the unseen cards the opponent hides (the odds before any history).

A player keeps the partners of the cards it took, lets go the neighbours of the cards
it discarded and holds no pair for a top card it passed: the weights, learned from the
site's own bots playing each other (training/rummy_hands.py), say by how much.
The weights are a few numbers in cards/hand_weights.npz, read with numpy.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np

from cards import fast
from cards.judge import Seen
from cards.melds import fits
from gamekit.memo import memoized
from gamekit.seats import other

WEIGHTS = Path(__file__).with_name("hand_weights.npz")
KINDS = ("took", "passed", "discarded")
RECENT = 4  # the opponent's last events of a kind that also count apart ("recent")


def _relations() -> np.ndarray:
    """[relation, card, card]: same rank; same suit one rank apart; two ranks apart."""
    rel = np.zeros((3, 52, 52))
    for a in range(52):
        for b in range(52):
            if a == b:
                continue
            (sa, ra), (sb, rb) = divmod(a, 13), divmod(b, 13)
            if ra == rb:
                rel[0, a, b] = 1
            elif sa == sb and abs(ra - rb) in (1, 2):
                rel[abs(ra - rb), a, b] = 1
    return rel


RELATIONS = _relations()
POINTS = np.array(fast.VALUE, dtype=float) / 10
FEATURES = 2 * 3 * len(KINDS) + 3 + 3


def features(seen: Seen) -> tuple[list[int], np.ndarray]:
    """The unseen cards (as fast's ints) and their inputs, one row a card."""
    opponent = str(other(seen.view["seat"]))
    events = seen.view.get("history", {}).get(opponent, [])
    unseen = [fast.INDEX[c] for c in seen.unseen]
    counts = np.zeros((2 * len(KINDS), 52))
    for k, kind in enumerate(KINDS):
        of_kind = [fast.INDEX[code] for name, code in events if name == kind]
        for i, c in enumerate(of_kind):
            counts[2 * k, c] += 1
            if i >= len(of_kind) - RECENT:
                counts[2 * k + 1, c] += 1
    known = np.zeros(52)
    known[[fast.INDEX[c] for c in seen.opponent_known]] = 1
    # [relation, source, card]: how many cards of each source the card relates to
    related = np.einsum("rab,sb->rsa", RELATIONS, np.vstack([counts, known]))
    on_table = np.zeros(52)
    for c in unseen:
        on_table[c] = any(fits(meld, fast.CODE[c]) for meld in seen.table)
    hidden = max(1, seen.opponent_size - len(seen.opponent_known))
    prior = np.log(hidden / max(1, len(unseen) - hidden + 1e-9) + 1e-9)
    rows = np.column_stack(
        [
            related.reshape(-1, 52).T,
            on_table,
            POINTS,
            np.full(52, prior),
        ]
    )
    return unseen, rows[unseen]


@memoized("cards.hand_model.weights", 1)
def weights() -> np.ndarray:
    with np.load(WEIGHTS) as data:
        return data["w"]


def chances(seen: Seen, w: np.ndarray | None = None) -> tuple[list[int], np.ndarray]:
    """The unseen cards and the chance of each that the opponent holds it."""
    unseen, rows = features(seen)
    w = weights() if w is None else w
    return unseen, 1 / (1 + np.exp(-(rows @ w[:-1] + w[-1])))


def sample_hidden(
    unseen: list[int], odds: list[float], size: int, rng: random.Random, taken: int = 0
) -> int:
    """`size` cards among `unseen` (not in `taken`), each drawn with chance in
    proportion to its odds (weighted sampling without replacement: the largest keys
    u ** (1 / odds)), as a mask; the randomness from `rng` alone."""
    keyed = sorted(
        ((rng.random() ** (1 / o), c) for c, o in zip(unseen, odds, strict=True)
         if not taken >> c & 1),
        reverse=True,
    )  # fmt: skip
    mask = 0
    for _, c in keyed[:size]:
        mask |= 1 << c
    return mask


def sample_hands(seen: Seen, rng: random.Random, samples: int) -> list[list[str]]:
    """Opponent hands drawn by the guess: its known cards and as many hidden ones as it
    holds, each drawn in proportion to its odds."""
    unseen, chance = chances(seen)
    odds = [float(p / (1 - p)) if p < 1 else 1e9 for p in chance]
    size = min(seen.opponent_size - len(seen.opponent_known), len(unseen))
    known = list(seen.opponent_known)
    return [
        [*known, *fast.codes_of(sample_hidden(unseen, odds, size, rng))] for _ in range(samples)
    ]
