"""Train the value of cards/played_value.py on real play of rummy's levels (issue 44).

Deals from random seeds (drawn from --seed; the bench's seeds 1, 200 and 300 are not
used: a deal's seed here is a large random number) are played by the site's strong level
against medium and against the literature's rule player (bench/baselines/cards.py), in
turn, strong in either seat. At the start of every turn the whole-information position
(both hands, the table, the stock, the pile) is recorded from both seats, and each
record is labelled with the deal's actual outcome for its seat (won 1, lost -1, drawn 0,
plus cards/search.py's POINTS a point scored). A small network of evaluation.py's shape
is fitted by full-batch Adam on the mean squared error, a fifth of the deals held out;
on the held-out positions the correlation with the outcome is printed for this value and
for the shipped cards/evaluation.py. The weights go to cards/played_value_weights.npz.

Run from the repository root (not by the site or the tests), e.g.::

    nice -n 19 .venv/bin/python training/rummy_played_value.py --deals 1500 --seed 7

Reproducible from --seed (the deals, the players' rngs and the fit are all seeded from it).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.baselines.cards import rule
from cards import bots, engine, evaluation, played_value, search
from training.rummy_value import fit

OPPONENTS = ("medium", "rule")


def play(seed: int, strong: int, opponent: str) -> tuple[list[list[float]], list[float]]:
    """One deal of strong (in seat `strong`) against `opponent`: the features of every
    turn's start from both seats, and the seat's outcome each."""
    state = engine.new_round(seed, 1 + seed % 2)
    rngs = {s: random.Random(f"{seed}:{s}") for s in (1, 2)}
    rows: list[tuple[list[float], list[float], int]] = []
    while state.result is None:
        seat = state.turn
        assert seat is not None
        if state.step == "draw":
            for judged in (1, 2):
                world = played_value.world_of(state, judged)
                to_move = 0 if seat == judged else 1
                rows.append(
                    (
                        played_value.features(world, 0, to_move),
                        evaluation.features(world, 0, to_move),
                        judged,
                    )
                )
        if seat == strong:
            action = bots.choose(state, seat, "strong", rngs[seat])
        elif opponent == "rule":
            action = rule(state, seat, rngs[seat])
        else:
            action = bots.choose(state, seat, opponent, rngs[seat])
        state = engine.apply(state, seat, action)
    result = state.result
    gained = 1.0 + search.POINTS * sum(result["scores"].values())
    labels = [
        0.0 if result["winner"] is None else (gained if result["winner"] == s else -gained)
        for _, _, s in rows
    ]
    return [r for r, _, _ in rows] + [o for _, o, _ in rows], labels


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--steps", type=int, default=1500)
    parser.add_argument("--data", help="keep (or reuse) the played positions in this .npz")
    parser.add_argument("--out", default=str(played_value.WEIGHTS))
    args = parser.parse_args(argv)
    begin = time.perf_counter()
    if args.data and Path(args.data).exists():
        with np.load(args.data) as data:
            x, old, y, g = data["x"], data["old"], data["y"], data["g"]
    else:
        rng = random.Random(args.seed)
        xs: list[list[float]] = []
        olds: list[list[float]] = []
        ys: list[float] = []
        groups: list[int] = []
        for deal in range(args.deals):
            seed = rng.getrandbits(48) + 1000
            rows, labels = play(seed, rng.choice((1, 2)), OPPONENTS[deal % 2])
            half = len(labels)
            xs += rows[:half]
            olds += rows[half:]
            ys += labels
            groups += [deal] * half
            if deal % 100 == 99:
                print(f"{deal + 1} deals, {time.perf_counter() - begin:.0f} s", flush=True)
        x, old, y, g = np.asarray(xs), np.asarray(olds), np.asarray(ys), np.asarray(groups)
        if args.data:
            np.savez(args.data, x=x, old=old, y=y, g=g)
    made = time.perf_counter()
    held = g % 5 == 0
    model = fit(x[~held], y[~held], args.seed, args.steps)
    predicted = model.score_many(x[held])
    shipped = evaluation.MODEL
    assert shipped is not None
    before = shipped.score_many(old[held])
    baseline = float(np.mean((y[held] - y[~held].mean()) ** 2))
    error = float(np.mean((y[held] - predicted) ** 2))
    np.savez(args.out, **model.arrays())
    print(
        f"{g.max() + 1} deals, {len(y)} positions ({held.sum()} held out, "
        f"{len(set(g[held]))} deals), played {made - begin:.0f} s, "
        f"fit {time.perf_counter() - made:.0f} s\n"
        f"held-out mean squared error {error:.4f} (the mean alone: {baseline:.4f}, "
        f"the shipped evaluation: {float(np.mean((y[held] - before) ** 2)):.4f})\n"
        f"held-out correlation with the outcome: this value "
        f"{np.corrcoef(predicted, y[held])[0, 1]:.3f}, the shipped evaluation "
        f"{np.corrcoef(before, y[held])[0, 1]:.3f}\n"
        f"weights {args.out}: {Path(args.out).stat().st_size} bytes"
    )


if __name__ == "__main__":
    main()
