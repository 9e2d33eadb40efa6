"""Time tiles.solver.best_placement against the rummikub-solver ILP on the same positions.

Run: ``python bench/solver.py [positions] [--late] [--no-ilp] [--slowest N]`` from the root
(default 300). Positions are seeded and fixed: mid-game tables of 6-40 tiles built from
random valid sets of a shuffled tile set, racks of 5-20 tiles from the rest, and one in
five an opening (rack only, the table left as it is); with ``--late``, late-game
positions instead: tables of 40-80 tiles, racks of 20-40, all opened. Prints median and
p99 per position in ms of CPU time (process_time: the machine may be busy; with
``--repeat N`` the least of N solves of each position) for each
solver, and how many positions agree on the number of tiles placed. The ILP reference
(a dev-only dependency) is skipped with a note when it is not installed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.tiles import ilp_reference
from tiles.solver import COLOURS, HIGHEST, JOKER, best_placement

Position = tuple[list[list[str]], list[str], bool]


def all_tiles() -> list[str]:
    """The 106 tiles: two of each number tile, two jokers."""
    return [f"{c}{n}" for c in COLOURS for n in range(1, HIGHEST + 1)] * 2 + [JOKER] * 2


def random_set(pool: list[str], rng: random.Random) -> list[str] | None:
    """A random valid run or group taken from the pool (may use a joker), or None."""
    jokers_ok = JOKER in pool and rng.random() < 0.3
    if rng.random() < 0.6:
        colour, length = rng.choice(COLOURS), rng.randint(3, 6)
        start = rng.randint(1, HIGHEST - length + 1)
        wanted = [f"{colour}{n}" for n in range(start, start + length)]
    else:
        number = rng.randint(1, HIGHEST)
        wanted = [f"{c}{number}" for c in rng.sample(COLOURS, rng.choice((3, 4)))]
    chosen, missing = [], 0
    remaining = list(pool)
    for code in wanted:
        if code in remaining:
            remaining.remove(code)
            chosen.append(code)
        elif jokers_ok and not missing and JOKER in remaining:
            remaining.remove(JOKER)
            chosen.append(JOKER)
            missing += 1
        else:
            return None
    for code in chosen:
        pool.remove(code)
    return chosen


def random_position(rng: random.Random, table_size: int, rack_size: int, opened: bool) -> Position:
    """A table of about table_size tiles in valid sets and a rack drawn from the rest."""
    pool = all_tiles()
    rng.shuffle(pool)
    table: list[list[str]] = []
    attempts = 0
    while sum(map(len, table)) < table_size and attempts < 1000:
        attempts += 1
        found = random_set(pool, rng)
        if found is not None:
            table.append(found)
    rng.shuffle(pool)
    return table, pool[:rack_size], opened


def positions(count: int, seed: int = 2015) -> list[Position]:
    rng = random.Random(seed)
    return [
        random_position(rng, rng.randint(6, 40), rng.randint(5, 20), rng.random() >= 0.2)
        for _ in range(count)
    ]


def late_positions(count: int, seed: int = 2026) -> list[Position]:
    """Late-game positions: tables of 40-80 tiles, racks of 20-40 (fewer if the table
    leaves fewer tiles), every player opened."""
    rng = random.Random(seed)
    return [
        random_position(rng, rng.randint(40, 80), rng.randint(20, 40), True) for _ in range(count)
    ]


def ours(position: Position) -> int:
    table, rack, opened = position
    found = best_placement(table, rack, opened)
    return 0 if found is None else len(found.placed)


def timed(
    solve: Callable[[Position], int], cases: list[Position], repeat: int = 1
) -> tuple[list[float], list[int]]:
    """Each case's CPU time in ms, the least of `repeat` solves (on a busy machine even
    CPU time grows: caches and cores are shared; the least is the work itself)."""
    times, results = [], []
    for case in cases:
        least = float("inf")
        for _ in range(repeat):
            begin = time.process_time()  # CPU time: the machine may be busy with others
            result = solve(case)
            least = min(least, (time.process_time() - begin) * 1000)
        results.append(result)
        times.append(least)
    return times, results


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"{name:<20} median {statistics.median(ordered):8.2f} ms   p99 {p99:8.2f} ms"
        f"   max {ordered[-1]:8.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("positions", type=int, nargs="?", default=300)
    parser.add_argument("--late", action="store_true", help="late-game positions")
    parser.add_argument("--no-ilp", action="store_true", help="time tiles.solver only")
    parser.add_argument(
        "--slowest", type=int, default=0, metavar="N", help="print the N slowest positions"
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="time each position N times, keep the least",
    )
    args = parser.parse_args()
    count = args.positions
    if args.late:
        cases = late_positions(count)
        tables = sorted(sum(map(len, table)) for table, _, _ in cases)
        racks = sorted(len(rack) for _, rack, _ in cases)
        print(
            f"{count} late-game positions, tables {tables[0]}-{tables[-1]} tiles, "
            f"racks {racks[0]}-{racks[-1]}"
        )
    else:
        cases = positions(count)
        openings = sum(not opened for _, _, opened in cases)
        print(f"{count} positions ({openings} openings), tables 6-40 tiles, racks 5-20")
    our_times, our_results = timed(ours, cases, args.repeat)
    print(summary("tiles.solver", our_times))
    if args.slowest:
        ranked = sorted(range(count), key=lambda index: -our_times[index])[: args.slowest]
        listed = ", ".join(f"#{index} {our_times[index]:.1f} ms" for index in ranked)
        print(f"slowest (index in the list of positions): {listed}")
    if args.no_ilp:
        return
    if not ilp_reference.installed():
        print("rummikub-solver not installed: no ILP figures")
        return
    reference = ilp_reference.ilp_tile_count
    reference(cases[0])  # build the cvxpy problems once, outside the timing
    ilp_times, ilp_results = timed(reference, cases)
    print(summary("rummikub-solver ILP", ilp_times))
    agreed = sum(a == b for a, b in zip(our_results, ilp_results, strict=True))
    more = sum(a > b for a, b in zip(our_results, ilp_results, strict=True))
    print(f"same tile count on {agreed}/{count} positions; ours places more on {more}")


if __name__ == "__main__":
    main()
