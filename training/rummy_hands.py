"""Train the guess of the opponent's hidden rummy hand (cards/hand_model.py).

The site's own bots play each other (medium and strong, every pairing, from random
deals); at every turn after the draw, the seat to move's view is recorded with the
opponent's real hidden cards: for each card the seat has not seen, the model's inputs
and whether the opponent holds it. A logistic model is fitted by Newton's method (a
little L2 on the weights), a tenth of the deals held out, and the weights go to
cards/hand_weights.npz.

Run from the repository root (not by the site or the tests), e.g.::

    nice -n 19 .venv/bin/python training/rummy_hands.py --games 600 --seed 1

Reproducible from --seed (the deals and the bots' generators are seeded from it).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import bots, engine, fast, hand_model
from cards.judge import Seen
from gamekit.seats import other

PAIRINGS = (("medium", "strong"), ("strong", "medium"), ("strong", "strong"), ("medium", "medium"))
L2 = 1.0


def record(games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = random.Random(seed)
    rows, labels, deal_of = [], [], []
    for number in range(games):
        levels = PAIRINGS[number % len(PAIRINGS)]
        state = engine.new_round(rng.getrandbits(32), 1)
        bot_rng = random.Random(rng.getrandbits(32))
        while state.result is None:
            seat = state.turn
            if state.step == "play" and state.current["melds"] == [] and rng.random() < 0.5:
                seen = Seen(engine.view(state, seat))
                unseen, x = hand_model.features(seen)
                hidden = fast.mask_of(state.hands[other(seat)])
                rows.append(x)
                labels.append(np.array([hidden >> c & 1 for c in unseen], dtype=float))
                deal_of.append(np.full(len(unseen), number))
            action = bots.choose(state, seat, levels[seat - 1], bot_rng)
            state = engine.apply(state, seat, action)
    return np.vstack(rows), np.concatenate(labels), np.concatenate(deal_of)


def fit(x: np.ndarray, y: np.ndarray, steps: int = 30) -> np.ndarray:
    """Logistic regression by Newton's method; the bias last."""
    xb = np.column_stack([x, np.ones(len(x))])
    w = np.zeros(xb.shape[1])
    reg = L2 * np.eye(len(w))
    reg[-1, -1] = 0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(xb @ w)))
        grad = xb.T @ (p - y) + reg @ w
        hess = (xb * (p * (1 - p))[:, None]).T @ xb + reg
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = 1 / (1 + np.exp(-(x @ w[:-1] + w[-1])))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(hand_model.WEIGHTS))
    args = parser.parse_args()
    began = time.perf_counter()
    x, y, deal_of = record(args.games, args.seed)
    played = time.perf_counter() - began
    held = deal_of % 10 == 9
    w = fit(x[~held], y[~held])
    # The prior alone: the share of the unseen cards the opponent hides (its last input).
    prior = np.zeros_like(w)
    prior[-2] = 1.0
    print(
        f"{args.games} deals, {len(y)} (card, position) rows ({held.sum()} held out), "
        f"self-play {played:.0f} s, fit {time.perf_counter() - began - played:.0f} s"
    )
    print(
        f"held-out log loss {log_loss(x[held], y[held], w):.4f} "
        f"(the uniform prior alone: {log_loss(x[held], y[held], prior):.4f})"
    )
    np.savez(args.out, w=w)
    print(f"weights {args.out}: {Path(args.out).stat().st_size} bytes")


if __name__ == "__main__":
    main()
