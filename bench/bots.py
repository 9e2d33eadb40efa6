"""Play seeded games between every pair of computer levels and print who wins.

Run: ``python bench/bots.py [games per pairing]`` from the repository root (default 20).
Each pairing plays the same seeds, the first seat alternating; prints wins, draws,
average moves per game and average time per move for each level.
"""

from __future__ import annotations

import random
import sys
import time
from collections import defaultdict
from itertools import combinations_with_replacement
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tiles import bots, engine

MOVE_CAP = 2000  # a game always ends well before; the cap only guards the bench


def play(
    seed: int, levels: dict[int, str], think: dict[str, list[float]]
) -> tuple[int | None, int]:
    """One game; (winner seat or None for a draw, moves played)."""
    state = engine.new_round(seed, first_seat=1 + seed % 2)
    rng = random.Random(seed)
    moves = 0
    while not engine.status(state)["over"] and moves < MOVE_CAP:
        seat = state.turn
        begin = time.perf_counter()
        action = bots.choose(state, seat, levels[seat], rng)
        think[levels[seat]].append(time.perf_counter() - begin)
        state = engine.apply(state, seat, action)
        moves += 1
    return engine.status(state)["winner"], moves


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    think: dict[str, list[float]] = defaultdict(list)
    print(f"{games} games per pairing, seeds 0..{games - 1}, first seat alternating")
    for first, second in combinations_with_replacement(bots.LEVELS, 2):
        wins = {1: 0, 2: 0, None: 0}
        total_moves = 0
        for seed in range(games):
            winner, moves = play(seed, {1: first, 2: second}, think)
            wins[winner] += 1
            total_moves += moves
        print(
            f"{first:>6} vs {second:<6}  {wins[1]:3d} : {wins[2]:<3d} draws {wins[None]:2d}"
            f"   {total_moves / games:5.1f} moves per game"
        )
    for level in bots.LEVELS:
        times = think[level]
        average, worst = 1000 * sum(times) / len(times), 1000 * max(times)
        print(f"{level:>6}: {average:6.2f} ms per move, max {worst:7.1f} ms, {len(times)} moves")


if __name__ == "__main__":
    main()
