"""Train the learned evaluation of rummy's strong level (cards/evaluation.py).

Self-play of the fast policy (cards/fast.py) from random deals: at the start of every
turn the position is recorded from both seats (cards/evaluation.py's features), and each
record is labelled with the deal's outcome for its seat (won 1, lost -1, drawn 0, plus
cards/search.py's POINTS a point scored). To see the hand sizes and tables of real
deals, where players lay melds down before going out, the seat to move lays one meld
of its hand down on the table now and then (`LAY_DOWN`). A small network (15 inputs,
`HIDDEN` tanh units, one output) is then fitted by full-batch Adam on the mean squared
error, a tenth of the deals held out; the weights go to cards/value_weights.npz.

Run from the repository root (not by the site or the tests), e.g.::

    nice -n 19 .venv/bin/python training/rummy_value.py --games 6000 --seed 1

Reproducible from --seed (numpy's and Python's generators both seeded from it).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import evaluation, fast, search

HIDDEN = 16
LAY_DOWN = 0.08  # the chance that the seat to move lays one meld down before its turn
TURN_CAP = 120  # a self-play deal longer than this is drawn
KEEP = 0.5  # the share of positions recorded


def _deal(cards: list[int]) -> fast.World:
    hand0 = sum(1 << c for c in cards[:10])
    hand1 = sum(1 << c for c in cards[10:20])
    return fast.World(hands=[hand0, hand1], table=(), stock=cards[21:], pile=[cards[20]])


def lay_down(world: fast.World, seat: int, rng: random.Random) -> None:
    """The seat lays one meld of its hand down (a shape on the table), keeping two cards."""
    hand = world.hands[seat]
    melds = [m for m in fast.melds_of(hand) if (hand & ~m).bit_count() >= 2]
    if not melds:
        return
    meld = rng.choice(melds)
    world.hands[seat] = hand & ~meld
    codes = fast.codes_of(meld)
    world.table = (*world.table, *fast.table_of([codes]))


def self_play(rng: random.Random) -> tuple[list[list[float]], list[float]]:
    world = _deal(list(rng.sample(range(52), 52)))
    seat = rng.randrange(2)
    rows: list[tuple[list[float], int]] = []
    for _ in range(TURN_CAP):
        if world.over():
            break
        if rng.random() < LAY_DOWN:
            lay_down(world, seat, rng)
        if rng.random() < KEEP:
            for judged in (0, 1):
                rows.append((evaluation.features(world, judged, seat), judged))
        world.draw(seat, world.wants_top(seat), rng)
        world.finish_turn(seat)
        seat = 1 - seat
    return [r for r, _ in rows], [world.outcome(s, search.POINTS) for _, s in rows]


def fit(x: np.ndarray, y: np.ndarray, seed: int, steps: int) -> evaluation.Model:
    rng = np.random.default_rng(seed)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale < 1e-6] = 1.0
    z = (x - mean) / scale
    params = {
        "w1": rng.normal(0, 1 / np.sqrt(z.shape[1]), (z.shape[1], HIDDEN)),
        "b1": np.zeros(HIDDEN),
        "w2": rng.normal(0, 1 / np.sqrt(HIDDEN), HIDDEN),
        "b2": np.array(float(y.mean())),
    }
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    rate, beta1, beta2 = 0.01, 0.9, 0.999
    for step in range(1, steps + 1):
        hidden = np.tanh(z @ params["w1"] + params["b1"])
        error = hidden @ params["w2"] + params["b2"] - y
        grad_out = 2 * error / len(y)
        grad_hidden = np.outer(grad_out, params["w2"]) * (1 - hidden**2)
        grads = {
            "w2": hidden.T @ grad_out,
            "b2": np.array(grad_out.sum()),
            "w1": z.T @ grad_hidden,
            "b1": grad_hidden.sum(axis=0),
        }
        for key, grad in grads.items():
            m, v = moments[key]
            m[...] = beta1 * m + (1 - beta1) * grad
            v[...] = beta2 * v + (1 - beta2) * grad**2
            m_hat = m / (1 - beta1**step)
            v_hat = v / (1 - beta2**step)
            params[key] = params[key] - rate * m_hat / (np.sqrt(v_hat) + 1e-8)
    return evaluation.Model({"mean": mean, "scale": scale, **params})


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=1500)
    parser.add_argument("--out", default=str(evaluation.WEIGHTS))
    args = parser.parse_args(argv)
    begin = time.perf_counter()
    rng = random.Random(args.seed)
    xs: list[list[float]] = []
    ys: list[float] = []
    groups: list[int] = []
    for game in range(args.games):
        rows, labels = self_play(rng)
        xs += rows
        ys += labels
        groups += [game] * len(rows)
    x, y, g = np.asarray(xs), np.asarray(ys), np.asarray(groups)
    made = time.perf_counter()
    held = g % 10 == 0
    model = fit(x[~held], y[~held], args.seed, args.steps)
    predicted = model.score_many(x[held])
    baseline = float(np.mean((y[held] - y[~held].mean()) ** 2))
    error = float(np.mean((y[held] - predicted) ** 2))
    np.savez(args.out, **model.arrays())
    print(
        f"{args.games} self-play deals, {len(y)} positions ({held.sum()} held out), "
        f"self-play {made - begin:.0f} s, fit {time.perf_counter() - made:.0f} s\n"
        f"held-out mean squared error {error:.4f} (the mean alone: {baseline:.4f}), "
        f"correlation {np.corrcoef(predicted, y[held])[0, 1]:.3f}\n"
        f"weights {args.out}: {Path(args.out).stat().st_size} bytes"
    )


if __name__ == "__main__":
    main()
