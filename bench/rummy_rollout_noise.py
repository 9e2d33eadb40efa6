"""How far the rollouts of cards/rollout.py tell strong's candidate discards apart
(issue 44, fifth try): at strong's discards in deals of strong against medium, each of
the rules' best three is played on in the same sampled worlds (common random numbers),
and the mean outcome difference of each candidate from the rules' first is printed with
its standard error over the worlds. Run from the repository root, e.g.::

    nice -n 10 .venv/bin/python bench/rummy_rollout_noise.py --worlds 16 --depth 200 --deals 12
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards import bots, engine, fast, judge, rollout, search
from cards.discards import costed_discards
from cards.judge import Seen
from cards.turns import apply


def positions(seed: int, count: int) -> list[Seen]:
    """Seat 1's (strong's) views before its discards 2..count of a deal against medium."""
    state = engine.new_round(seed, 1)
    rngs = {1: random.Random(f"{seed}:a"), 2: random.Random(f"{seed}:b")}
    found = []
    while not engine.status(state)["over"] and len(found) < count:
        seat = engine.status(state)["turn"]
        action = bots.choose(state, seat, "strong" if seat == 1 else "medium", rngs[seat])
        if seat == 1 and action["type"] == "discard":
            found.append(Seen(engine.view(state, 1)))
        state = engine.apply(state, seat, action)
    return found[1:]


def differences(seen: Seen, worlds: int) -> list[list[float]]:
    """Per candidate after the first: its outcome less the first's, world by world."""
    rng = random.Random(1)
    options = [code for _, code in costed_discards(seen, rng)[: rollout.CANDIDATES]]
    sampled = search.worlds(seen, rng, worlds)
    seeds = [rng.getrandbits(32) for _ in sampled]
    outcomes: dict[str, list[float]] = {code: [] for code in options}
    rollout._busy, judge.FAST = True, 1
    try:
        for (mask, stock), seed in zip(sampled, seeds, strict=True):
            for code in options:
                state = rollout.state_of(
                    seen.view, fast.codes_of(mask), [fast.CODE[i] for i in stock], seed
                )
                state = apply(state, 1, {"type": "discard", "card": code})
                outcomes[code].append(rollout.play_on(state, 1, seed))
    finally:
        rollout._busy, judge.FAST = False, 0
    first = outcomes[options[0]]
    return [[a - b for a, b in zip(outcomes[c], first, strict=True)] for c in options[1:]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--depth", type=int, default=200)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args()
    rollout.DEPTH = args.depth
    rows = []
    for seed in range(args.seed, args.seed + args.deals):
        for seen in positions(seed, 3):
            for diff in differences(seen, args.worlds):
                mean, error = statistics.mean(diff), statistics.stdev(diff) / len(diff) ** 0.5
                rows.append((mean, error, sum(d != 0 for d in diff) / len(diff)))
    print(
        f"{len(rows)} candidates against the rules' first, {args.worlds} worlds, depth {args.depth}"
    )
    print(
        f"mean |difference| {statistics.mean(abs(r[0]) for r in rows):.3f}, "
        f"mean standard error {statistics.mean(r[1] for r in rows):.3f}, "
        f"worlds whose outcome differs {statistics.mean(r[2] for r in rows):.2f}"
    )
    beyond = sum(abs(r[0]) > 2 * r[1] for r in rows if r[1] > 0)
    print(
        f"beyond 2 standard errors: {beyond} of {len(rows)} (by chance about {len(rows) / 20:.0f})"
    )
    print(f"mean difference (candidate - first): {statistics.mean(r[0] for r in rows):+.3f}")


if __name__ == "__main__":
    main()
