"""Checks each game's estimator of the chance to win (gamekit/chances.py, <game>/chances.py)
on rounds it was not fitted on (bench/chances_rounds.py, seeds "check"): its calibration,
the predicted chance in deciles against the share of those positions' seats that won
the round, and its cost, per step (one state's chances) and per round (the whole curve
a replay's chart draws: the record replayed from the deal and every step estimated).
Run from the repository root::

    python bench/chances.py --rounds 100            # every game
    python bench/chances.py --game tarot --rounds 100

Every position before the round's end counts, from both seats. Times are CPU time of
this process (time.process_time), noisy on a busy machine: compare runs made together.
"""

from __future__ import annotations

import argparse
import sys
import time
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.chances_rounds import rounds
from gamekit.chances import curve
from gamekit.replay import record_of

GAMES = ("tiles", "cards", "tarot")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def check(game: str, count: int, jobs: int) -> None:
    engine = import_module(f"{game}.engine")
    chances = import_module(f"{game}.chances").chances
    played = rounds(game, "check", count, jobs)
    bins: list[list[tuple[float, float]]] = [[] for _ in range(10)]
    per_step: list[float] = []
    per_round: list[float] = []
    brier = 0.0
    for one in played:
        for state in one.states:
            begin = time.process_time()
            found = chances(state)
            per_step.append(time.process_time() - begin)
            if engine.status(state)["over"]:
                continue
            for seat in (1, 2):
                won = float(one.winner == seat)
                bins[min(9, int(found[seat] * 10))].append((found[seat], won))
                brier += (found[seat] - won) ** 2
        record = record_of(engine.to_json(one.states[0]), one.steps)
        begin = time.process_time()
        curve(engine, chances, record)
        per_round.append(time.process_time() - begin)
    positions = sum(map(len, bins))
    steps = sum(len(one.states) for one in played)
    print(f"\n{game}: {count} rounds, {steps} steps, {positions} seat-positions (not over)")
    print(f"  Brier score {brier / positions:.3f}")
    print("  predicted    positions  mean predicted  won")
    for n, inside in enumerate(bins):
        if not inside:
            print(f"  {n * 10:3d}-{n * 10 + 10:3d}%   {0:9d}")
            continue
        mean = sum(p for p, _ in inside) / len(inside)
        share = sum(w for _, w in inside) / len(inside)
        print(f"  {n * 10:3d}-{n * 10 + 10:3d}%   {len(inside):9d}  {mean:13.1%}  {share:5.1%}")
    ms = 1000
    print(
        f"  per step (ms):  p50 {percentile(per_step, 0.5) * ms:.3f}  "
        f"p99 {percentile(per_step, 0.99) * ms:.3f}  max {max(per_step) * ms:.3f}"
    )
    print(
        f"  per round (ms, replayed from the deal): p50 {percentile(per_round, 0.5) * ms:.1f}  "
        f"p99 {percentile(per_round, 0.99) * ms:.1f}  max {max(per_round) * ms:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    for game in [args.game] if args.game else GAMES:
        check(game, args.rounds, args.jobs)


if __name__ == "__main__":
    main()
