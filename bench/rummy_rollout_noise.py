"""How far the rollouts of cards/rollout.py tell strong's candidate discards apart
(issue 44, fifth try): at strong's discards in deals of strong against medium, each of
the rules' best three is played on in the same sampled worlds (common random numbers),
and the mean outcome difference of each candidate from the rules' first is printed with
its standard error over the worlds. Run from the repository root, e.g.::

    nice -n 10 .venv/bin/python bench/rummy_rollout_noise.py --worlds 16 --depth 200 --deals 12

With ``--value 1`` the cut is scored by the value fitted on real play
(cards/played_value.py), with ``--control 1`` the differences are taken with the control
variate of cards/rollout.py (the value right after each discard, over 4 times as many
worlds as played).
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


def differences(seen: Seen, worlds: int) -> list[tuple[list[float], float, float]]:
    """Per candidate after the first: its outcome less the first's, world by world, and
    rollout.estimates' difference and standard error (with its control variate if on)."""
    rng = random.Random(1)
    options = [code for _, code in costed_discards(seen, rng)[: rollout.CANDIDATES]]
    valued = worlds * rollout.CONTROL_WORLDS if rollout.CONTROL else worlds
    sampled = search.worlds(seen, rng, valued)
    seeds = [rng.getrandbits(32) for _ in sampled]
    outcomes: dict[str, list[float]] = {code: [] for code in options}
    controls: dict[str, list[float]] = {code: [] for code in options}
    rollout._busy, judge.FAST = True, 1
    try:
        for n, ((mask, stock), seed) in enumerate(zip(sampled, seeds, strict=True)):
            for code in options:
                state = rollout.state_of(
                    seen.view, fast.codes_of(mask), [fast.CODE[i] for i in stock], seed
                )
                state = apply(state, 1, {"type": "discard", "card": code})
                controls[code].append(rollout.score(state, 1, state.turns))
                if n < worlds:
                    outcomes[code].append(rollout.play_on(state, 1, seed))
    finally:
        rollout._busy, judge.FAST = False, 0
    first = outcomes[options[0]]
    found = rollout.estimates(options, outcomes, controls)
    return [
        ([a - b for a, b in zip(outcomes[c], first, strict=True)], *found[c]) for c in options[1:]
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--depth", type=int, default=200)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--value", type=int, default=0, help="rollout.VALUE: the cut's value")
    parser.add_argument("--control", type=float, default=0.0, help="rollout.CONTROL")
    args = parser.parse_args()
    rollout.DEPTH, rollout.VALUE, rollout.CONTROL = args.depth, args.value, args.control
    rows = []
    for seed in range(args.seed, args.seed + args.deals):
        for seen in positions(seed, 3):
            for diff, mean, error in differences(seen, args.worlds):
                rows.append((mean, error, sum(d != 0 for d in diff) / len(diff)))
    print(
        f"{len(rows)} candidates against the rules' first, {args.worlds} worlds, depth "
        f"{args.depth}, value {args.value}, control {args.control}"
    )
    print(
        f"mean |difference| {statistics.mean(abs(r[0]) for r in rows):.3f}, "
        f"mean standard error {statistics.mean(r[1] for r in rows):.3f}, "
        f"worlds whose outcome differs {statistics.mean(r[2] for r in rows):.2f}"
    )
    beyond = sum(abs(r[0]) > 2 * r[1] for r in rows if r[1] > 0)
    ahead = sum(r[0] > 2 * r[1] for r in rows if r[1] > 0)
    print(
        f"beyond 2 standard errors: {beyond} of {len(rows)} (by chance about {len(rows) / 20:.0f}),"
        f" {ahead} of them ahead of the rules' first"
    )
    print(f"mean difference (candidate - first): {statistics.mean(r[0] for r in rows):+.3f}")


if __name__ == "__main__":
    main()
