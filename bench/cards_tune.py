"""Rummy bots in mirror pairs: each deal played twice with the seats swapped.

    .venv/bin/python bench/cards_tune.py strong medium --pairs 200 [--start 0]

Prints A's win share (a deal won 1, drawn 1/2, lost 0) with a 95% interval over pairs,
and the decision times of each level (median, p99, max).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cards import bots, engine

MOVE_CAP = 5000


def play(seed: int, levels: dict[int, str], times: dict[str, list[float]]) -> int | None:
    state = engine.new_round(seed, 1)
    rng = random.Random(seed * 7 + 1)
    for _ in range(MOVE_CAP):
        if state.result is not None:
            return state.result["winner"]
        seat = state.turn
        started = time.perf_counter()
        action = bots.choose(state, seat, levels[seat], rng)
        times[levels[seat]].append(time.perf_counter() - started)
        state = engine.apply(state, seat, action)
    raise RuntimeError("the deal did not end")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    times: dict[str, list[float]] = {args.a: [], args.b: []}
    shares = []
    draws = 0
    for seed in range(args.start, args.start + args.pairs):
        pair = 0.0
        for a_seat in (1, 2):
            levels = {a_seat: args.a, 3 - a_seat: args.b}
            winner = play(seed, levels, times)
            pair += 0.5 if winner is None else float(winner == a_seat)
            draws += winner is None
        shares.append(pair / 2)
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else 0
    print(
        f"{args.a} vs {args.b}: {len(shares)} pairs, {2 * len(shares)} deals, "
        f"{args.a} share {mean:.3f} (95% {mean - half:.3f}-{mean + half:.3f}), "
        f"{draws} drawn deals"
    )
    for level, spent in times.items():
        spent.sort()
        p99 = spent[min(len(spent) - 1, int(0.99 * len(spent)))]
        print(
            f"  {level}: {len(spent)} decisions, median {1000 * statistics.median(spent):.2f} ms, "
            f"p99 {1000 * p99:.2f} ms, max {1000 * spent[-1]:.2f} ms"
        )


if __name__ == "__main__":
    main()
