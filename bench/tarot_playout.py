"""The Tarot playout's speed: `tarot.playout.play_out` (the readable rules of thumb)
against `fast_play_out` (what the strong player runs), on the same positions.

    python bench/tarot_playout.py --positions 2000

Positions: random legal play from seeded deals, every card open (as in one sampled
world); each playout runs from each legal card of the seat to move. Prints the CPU time
of each per playout and the ratio, after checking that both give the same value.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tarot import engine, playout
from tarot.cards import INDEX
from tests.tarot.positions import open_deal, random_position


def starts(count: int) -> list[tuple]:
    """(search, a0, a1, leader, led, left, mine) after each legal card of seat 0."""
    rng = random.Random(1)
    found = []
    for seed in range(count):
        state = random_position(seed, rng.randrange(0, 60))
        if engine.status(state)["over"]:
            continue
        search, a0, a1, leader, led, left, mine = open_deal(state)
        for card in engine.view(state, engine.status(state)["turn"])["legal"]:
            rest = search.after(a0, INDEX[card])
            if leader == 0:
                found.append((search, rest, a1, 0, INDEX[card], left, mine))
            else:
                winner, took, _ = search.taken(led, INDEX[card], 1, False)
                found.append((search, rest, a1, winner, -1, left - 1, mine + took))
    return [s for s in found if s[5] > 0]


def timed(run, positions: list[tuple], repeat: int) -> tuple[float, list[int]]:
    best = float("inf")
    for _ in range(repeat):
        begin = time.process_time()
        values = [run(*p) for p in positions]
        best = min(best, time.process_time() - begin)
    return best, values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3, help="the best of N runs is kept")
    args = parser.parse_args()
    positions = starts(args.positions)
    slow, expected = timed(playout.play_out, positions, args.repeat)
    fast, values = timed(playout.fast_play_out, positions, args.repeat)
    assert values == expected, "the two playouts disagree"
    n = len(positions)
    print(f"{n} playouts, the same values; CPU per playout, best of {args.repeat}:")
    print(f"  play_out      {1e6 * slow / n:7.1f} µs")
    print(f"  fast_play_out {1e6 * fast / n:7.1f} µs   ({slow / fast:.2f}× faster)")


if __name__ == "__main__":
    main()
