"""Fits a game's estimator of each seat's chance to win (gamekit/chances.py): a logistic
model over the features of <game>/chances.py, on every position of bot-vs-bot rounds at
mixed levels (bench/chances_rounds.py, seeds "fit"), each position seen from both seats.
Training only: never imported by the site or the tests. Run from the repository root::

    python bench/chances_fit.py --game tarot --rounds 600 --jobs 2 --write

Prints the weights (intercept first); ``--write`` puts them into <game>/chances.py's
WEIGHTS. bench/chances.py then checks them on other seeds.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from importlib import import_module
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.chances_rounds import rounds  # noqa: E402

RIDGE = 1e-3  # a touch of L2, so that a feature constant in the data keeps weight ~0


def fit(x: np.ndarray, y: np.ndarray, iterations: int = 30) -> np.ndarray:
    """Logistic regression by Newton's method; x has the intercept column first."""
    w = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -35, 35)))
        gradient = x.T @ (p - y) + RIDGE * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + RIDGE * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def dataset(game: str, count: int, jobs: int) -> tuple[np.ndarray, np.ndarray]:
    module = import_module(f"{game}.chances")
    engine = import_module(f"{game}.engine")
    rows, won = [], []
    for played in rounds(game, "fit", count, jobs):
        for state in played.states:
            if engine.status(state)["over"]:
                continue  # a finished round's chances are its result, not the model's
            for seat in (1, 2):
                rows.append([1.0, *module.features(state, seat)])
                won.append(float(played.winner == seat))
    return np.array(rows), np.array(won)


def write(game: str, weights: list[float]) -> None:
    path = ROOT / game / "chances.py"
    text = path.read_text()
    literal = "WEIGHTS = (\n" + "".join(f"    {w!r},\n" for w in weights) + ")"
    # The tuple written before (a line each), or a first line such as (0.0,) * 12.
    new, count = re.subn(r"WEIGHTS = (?:\(\n(?:    [^\n]*\n)*\)|[^\n]*)", literal, text)
    if count != 1:
        raise SystemExit(f"{path}: no single WEIGHTS = (...) to replace")
    path.write_text(new)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=("tiles", "cards", "tarot"))
    parser.add_argument("--rounds", type=int, default=600)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    began = time.perf_counter()
    x, y = dataset(args.game, args.rounds, args.jobs)
    w = fit(x, y)
    p = 1 / (1 + np.exp(-np.clip(x @ w, -35, 35)))
    loss = -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))
    names = ["intercept", *import_module(f"{args.game}.chances").NAMES]
    print(f"{args.game}: {args.rounds} rounds, {len(y)} seat-positions, log loss {loss:.3f}")
    for name, weight in zip(names, w, strict=True):
        print(f"  {name:24} {weight:+.4f}")
    weights = [round(float(v), 4) for v in w]
    if args.write:
        write(args.game, weights)
        print(f"written to {args.game}/chances.py")
    print(f"({time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main()
