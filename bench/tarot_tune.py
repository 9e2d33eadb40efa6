"""Tarot duel bots, mirror pairs: each deal played twice with the seats swapped.

    .venv/bin/python bench/tarot_tune.py strong medium --pairs 200 [--seed 0] \
        [--set bots.SAMPLES=20 --set search.OUDLER_BONUS=12 ...]

Prints the first level's share of wins (the round's winner; a drawn round counts half)
with a 95% interval over pairs, its mean round score, and decision times per level.
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

from tarot import bots, engine, search


def play(seed: int, levels: dict[int, str], first: int, times: dict[str, list[float]]):
    state = engine.new_round(seed, first)
    rng = random.Random(seed * 7 + first)
    while not engine.summary(state)["over"]:
        seat = engine.summary(state)["turn"]
        started = time.perf_counter()
        action = bots.choose(state, seat, levels[seat], rng)
        times[levels[seat]].append(time.perf_counter() - started)
        state = engine.apply(state, seat, action)
    return engine.summary(state)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("first_level")
    parser.add_argument("second_level")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--progress", type=int, default=0, help="report every N pairs too")
    parser.add_argument(
        "--set", action="append", default=[], help="a tuning constant, e.g. bots.SAMPLES=20"
    )
    args = parser.parse_args()
    for assignment in args.set:
        name, value = assignment.split("=")
        module, constant = name.split(".")
        setattr({"bots": bots, "search": search}[module], constant, int(value))
    a, b = args.first_level, args.second_level
    times: dict[str, list[float]] = {a: [], b: []}
    pair_shares, scores = [], []
    for i in range(args.pairs):
        seed = args.seed + i
        first = 1 + i % 2
        share = 0.0
        for seat_a in (1, 2):
            levels = {seat_a: a, 3 - seat_a: b}
            result = play(seed, levels, first, times)
            winner = result["winner"]
            share += 0.5 if winner is None else float(winner == seat_a)
            scores.append(result["scores"][seat_a])
        pair_shares.append(share / 2)
        if args.progress and (i + 1) % args.progress == 0:
            report(a, b, pair_shares, scores, times)
    report(a, b, pair_shares, scores, times)


def report(a, b, pair_shares, scores, times) -> None:
    mean = statistics.fmean(pair_shares)
    half = 1.96 * statistics.stdev(pair_shares) / math.sqrt(len(pair_shares))
    print(
        f"{a} vs {b}: {len(pair_shares)} pairs, {a} wins {mean:.1%} ± {half:.1%} "
        f"[{mean - half:.1%}, {mean + half:.1%}], mean score {statistics.fmean(scores):+.1f}"
    )
    for level, spent in times.items():
        spent = sorted(spent)
        if spent:
            p99 = spent[min(len(spent) - 1, int(0.99 * len(spent)))]
            median = statistics.median(spent) * 1000
            print(
                f"  {level}: {len(spent)} decisions, median {median:.1f} ms,"
                f" p99 {p99 * 1000:.1f} ms, max {spent[-1] * 1000:.1f} ms"
            )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
