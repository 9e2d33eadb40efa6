"""Train strong's learned discard value (cards/discard_model.py) from the clairvoyant search.

The site's bots play each other (strong against medium, both seats, and strong against
strong) from random deals. At a strong seat's discard, its first `--candidates` discards
by the rule measure are each labelled by the search of cards/search.py given the
opponent's TRUE hand, the stock's order sampled (`--worlds` orders, the same for every
candidate, each played out to the end of the deal by the fast policy): the mean outcome
(a deal won 1, lost -1, plus 0.01 a point). The inputs are those of the seat's view
alone (cards/discard_model.py). Only the differences between the candidates of one
decision are learned: inputs and labels are centred per decision, then a ridge
regression (inputs scaled, the scale folded into the weights). A tenth of the deals is
held out; printed for them: how often the model's pick is the search's best, and the
search's value of the model's pick over the rule's first (in the label's units).

Run from the repository root (not by the site or the tests), e.g.::

    nice -n 10 .venv/bin/python training/rummy_discards.py --games 1500 --seed 7 --worlds 16

Reproducible from --seed (the deals, the bots' and the labels' generators).
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import bots, discard_model, discards, engine, fast, search
from cards.judge import Seen
from gamekit.seats import other

PAIRINGS = (("strong", "medium"), ("medium", "strong"), ("strong", "strong"))
RIDGE = 1.0


def label(seen: Seen, state, codes: list[str], worlds: int, rng: random.Random) -> np.ndarray:
    """The clairvoyant search's mean outcome of each discard of `codes`."""
    hidden = fast.mask_of(state.hands[other(seen.view["seat"])])
    stock = [fast.INDEX[c] for c in state.stock]
    totals = np.zeros(len(codes))
    for _ in range(worlds):
        order = list(stock)
        rng.shuffle(order)
        seed = rng.getrandbits(32)
        for i, code in enumerate(codes):
            world = search.start(seen, hidden, order)
            world.discard(0, fast.INDEX[code])
            totals[i] += search.outcome(world, random.Random(seed))
    return totals / worlds


def record(games: int, seed: int, candidates: int, worlds: int) -> list[tuple]:
    """(deal number, inputs, labels, the view, the candidates with their rule costs) per
    strong discard."""
    search.USE_MODEL = 0  # the labels: every playout to the end of the deal
    rng = random.Random(seed)
    found = []
    for number in range(games):
        levels = PAIRINGS[number % len(PAIRINGS)]
        state = engine.new_round(rng.getrandbits(32), 1)
        bot_rng = random.Random(rng.getrandbits(32))
        label_rng = random.Random(rng.getrandbits(32))
        while state.result is None:
            seat = state.turn
            action = bots.choose(state, seat, levels[seat - 1], bot_rng)
            if levels[seat - 1] == "strong" and action["type"] == "discard":
                seen = Seen(engine.view(state, seat))
                costed = discards.costed_discards(seen, random.Random(label_rng.getrandbits(32)))
                costed = costed[:candidates]
                if len(costed) > 1:
                    codes = [code for _, code in costed]
                    y = label(seen, state, codes, worlds, label_rng)
                    x = discard_model.features(seen, costed)
                    found.append((number, x, y, seen.view, costed))
            state = engine.apply(state, seat, action)
    return found


def fit(rows: list[tuple]) -> tuple[np.ndarray, np.ndarray]:
    """Ridge regression of the centred labels on the centred inputs; (weights, scale)."""
    x = np.vstack([r[1] - r[1].mean(axis=0) for r in rows])
    y = np.concatenate([r[2] - r[2].mean() for r in rows])
    scale = x.std(axis=0) + 1e-9
    xs = x / scale
    w = np.linalg.solve(xs.T @ xs + RIDGE * np.eye(xs.shape[1]), xs.T @ y)
    return w / scale, scale


def judge(rows: list[tuple], w: np.ndarray) -> tuple[float, float, float]:
    """(share of picks that are the search's best, mean label gain of the pick over the
    rule's first, the same for the search's best: the ceiling)."""
    hits, gain, ceiling = 0, 0.0, 0.0
    for _, x, y, *_ in rows:
        pick = int(np.argmax(x @ w))
        hits += y[pick] == y.max()
        gain += y[pick] - y[0]
        ceiling += y.max() - y[0]
    n = max(1, len(rows))
    return hits / n, gain / n, ceiling / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--out", default=str(discard_model.WEIGHTS))
    parser.add_argument("--data", help="also keep the labelled rows (views too) in this pickle")
    args = parser.parse_args()
    began = time.perf_counter()
    rows = record(args.games, args.seed, args.candidates, args.worlds)
    played = time.perf_counter() - began
    held = [r for r in rows if r[0] % 10 == 9]
    kept = [r for r in rows if r[0] % 10 != 9]
    w, _ = fit(kept)
    print(
        f"{args.games} deals, {len(rows)} decisions ({len(held)} held out), "
        f"self-play and labels {played:.0f} s"
    )
    for name, part in (("fitted", kept), ("held out", held)):
        hits, gain, ceiling = judge(part, w)
        print(
            f"{name}: the model picks the search's best {hits:.1%}; its pick over the rule's "
            f"first {gain:+.4f} a decision (the search's best: {ceiling:+.4f})"
        )
    for name, weight in zip(discard_model.NAMES, w, strict=True):
        print(f"  {name:32s} {weight:+.4f}")
    if args.data:
        with open(args.data, "wb") as out:
            pickle.dump(rows, out)
    np.savez(args.out, w=w)
    print(f"weights {args.out}: {Path(args.out).stat().st_size} bytes")


if __name__ == "__main__":
    main()
