"""The ceiling of rummy's strong search (cards/search.py): the same search given the
true hidden cards, for bench/bots.py (issue 44). Not a fair player: bench only.

Player ``oracle`` is the strong level whose sampled worlds are replaced by the truth:
with ``ORACLE=all`` (the default) the opponent's hand and the stock in its real order
(one world); with ``ORACLE=hand`` the opponent's real hand and the stock's order
sampled (``search.WORLDS`` worlds), which leaves only the inference of the opponent's
hand out of the search's errors. Run from the repository root, e.g.::

    ORACLE=hand nice -n 19 .venv/bin/python bench/rummy_search_ceiling.py --game cards \\
        --a oracle --b medium --pairs 150 --seed 200 --jobs 1 \\
        --set search.WORLDS=16 --set search.USE_MODEL=0

The same player without the search (strong's rules, the site's strong) measures what the
opponent's hand is worth to the rules' two guesses of it: with ``ORACLE=danger`` the
chance that a discard helps the opponent is read off its real hand instead of sampled
hands (cards/discards.py's danger); with ``ORACLE=coming`` a live card counts in the
hand's chances only when it is not in the opponent's hand (discards.COMING with the
truth for the learned guess).
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from bench import bots as bench_bots
from bench.mirror_pairs import load_game
from cards import bots, discards, fast, hand_model, search
from cards.judge import Seen
from gamekit.seats import other

TRUE: dict[str, Any] = {}
MODE = os.environ.get("ORACLE", "all")


def true_worlds(seen: Seen, rng: random.Random, count: int) -> list[tuple[int, list[int]]]:
    hand, stock = TRUE["world"]
    if MODE == "hand":
        found = []
        for _ in range(count):
            order = list(stock)
            rng.shuffle(order)
            found.append((hand, order))
        return found
    return [(hand, list(stock))] if count > 0 else []


def true_hands(seen: Seen, rng: random.Random, samples: int) -> list[list[str]]:
    """The danger's sampled hands, each the real one (rng untouched: the rest of the
    decision draws as it would)."""
    return [list(TRUE["hand"])] * samples


def true_chances(seen: Seen, w: Any = None) -> tuple[list[int], np.ndarray]:
    """The learned guess's odds replaced by the truth: 1 for a card the opponent holds."""
    unseen = [fast.INDEX[c] for c in seen.unseen]
    held = TRUE["hand"]
    return unseen, np.array([1.0 if fast.CODE[c] in held else 0.0 for c in unseen])


def oracle(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    hidden = state.hands[other(seat)]
    TRUE["world"] = (fast.mask_of(hidden), [fast.INDEX[c] for c in state.stock])
    TRUE["hand"] = frozenset(hidden)
    return bots.choose(state, seat, "strong", rng)


if __name__ == "__main__":
    if MODE == "danger":
        discards.sample_opponent_hands = true_hands
    if MODE == "coming":
        discards.COMING = 1
        hand_model.chances = true_chances
    search.worlds = true_worlds
    load_game("cards").baselines["oracle"] = oracle
    bench_bots.main(sys.argv[1:])
