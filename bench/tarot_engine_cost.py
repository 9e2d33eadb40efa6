"""What the Tarot duel's engine costs per confirmed action, as a room spends it: `apply`,
the three views (both seats and a watcher: a board is rendered for each), `to_json`
and `from_json` (a save written and read back), in microseconds per action (p50 of
the per-round means, and the mean), over whole rounds of random legal plays.

    python bench/tarot_engine_cost.py [ROUNDS] [REPEATS]

Issue 56 added the move events to `apply`, `view` and `from_json`: where the checkout
has them, their own share is timed apart on the same states (the views' `seen_by` and
`from_json`'s rebuilding), a figure the machine's load disturbs less than a comparison
of two checkouts.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tarot import engine
from tarot.state import turn

PARTS = ("apply", "view x3", "to_json", "from_json")
try:  # the move events' own share (issue 56), where the checkout has them
    from gamekit.events import seen_by
    from tarot.events import rebuilt
    from tarot.scoring import result

    SHARES = ("of which events in views", "of which events rebuilt")
except ImportError:
    SHARES = ()


def one_round(seed: int) -> dict[str, float]:
    """Mean µs per action of each part over one round."""
    rng = random.Random(seed)
    state = engine.new_round(seed, 1 + seed % 2)
    spent = dict.fromkeys(PARTS, 0.0)
    actions = 0
    clock = time.perf_counter
    while (seat := turn(state)) is not None:
        action = rng.choice(engine.legal_actions(state, seat))
        start = clock()
        state = engine.apply(state, seat, action)
        viewed = clock()
        for who in (1, 2, None):
            engine.view(state, who)
        saved = clock()
        data = engine.to_json(state)
        read = clock()
        engine.from_json(data)
        done = clock()
        spent["apply"] += viewed - start
        spent["view x3"] += saved - viewed
        spent["to_json"] += read - saved
        spent["from_json"] += done - read
        actions += 1
        if SHARES:
            start = clock()
            for who in (1, 2, None):
                seen_by(state.events, who)
            shown = clock()
            rebuilt(state, result(state))
            spent[SHARES[0]] = spent.get(SHARES[0], 0.0) + shown - start
            spent[SHARES[1]] = spent.get(SHARES[1], 0.0) + clock() - shown
    return {part: 1e6 * total / actions for part, total in spent.items()}


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    one_round(0)  # warm up
    best: dict[str, list[float]] = {part: [] for part in (*PARTS, *SHARES)}
    for seed in range(1, rounds + 1):
        # The fastest of a few runs of the same round: the least disturbed by the load.
        runs = [one_round(seed) for _ in range(repeats)]
        for part in best:
            best[part].append(min(run[part] for run in runs))
    print(f"{rounds} rounds, best of {repeats} runs each; µs per action")
    for part, values in best.items():
        print(
            f"  {part:26} p50 {statistics.median(values):7.1f}  mean {statistics.mean(values):7.1f}"
        )
    total = [sum(best[p][i] for p in PARTS) for i in range(rounds)]
    p50, mean = statistics.median(total), statistics.mean(total)
    print(f"  {'all but the shares':26} p50 {p50:7.1f}  mean {mean:7.1f}")


if __name__ == "__main__":
    main()
