"""CPU time of rummy's engine per action: apply, the three views (both seats and a
watcher, as an online action renders them), the save and its reading, over the same
bot deals (issue 56: the move events the state now records).

    python bench/cards_engine_cost.py [DEALS] [ROUNDS]

The deals are played once by the easy bots (seeds 1..DEALS); their actions are then
replayed ROUNDS times, each part timed on its own with time.process_time; the best
round is printed, in microseconds per action. Pure engine: no Django.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cards import bots, engine


def deals(count: int) -> list[tuple[int, list]]:
    played = []
    for seed in range(1, count + 1):
        rng = random.Random(seed)
        state = engine.new_round(seed, 1)
        actions = []
        while engine.status(state)["turn"] is not None:
            seat = engine.status(state)["turn"]
            action = bots.choose(state, seat, "easy", rng)
            actions.append((seat, action))
            state = engine.apply(state, seat, action)
        played.append((seed, actions))
    return played


def one_round(played: list[tuple[int, list]]) -> dict[str, float]:
    spent = {"apply": 0.0, "view x3": 0.0, "to_json": 0.0, "from_json": 0.0}
    count = 0
    for seed, actions in played:
        state = engine.new_round(seed, 1)
        for seat, action in actions:
            start = time.process_time()
            state = engine.apply(state, seat, action)
            spent["apply"] += time.process_time() - start
            start = time.process_time()
            for viewer in (1, 2, None):
                engine.view(state, viewer)
            spent["view x3"] += time.process_time() - start
            start = time.process_time()
            data = engine.to_json(state)
            spent["to_json"] += time.process_time() - start
            start = time.process_time()
            engine.from_json(data)
            spent["from_json"] += time.process_time() - start
            count += 1
    return {part: seconds / count * 1e6 for part, seconds in spent.items()}


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    played = deals(count)
    actions = sum(len(a) for _, a in played)
    results = [one_round(played) for _ in range(rounds)]
    best = {part: min(r[part] for r in results) for part in results[0]}
    print(f"{count} deals, {actions} actions, best of {rounds} rounds, µs per action:")
    for part, micros in best.items():
        print(f"  {part:10} {micros:8.1f}")


if __name__ == "__main__":
    main()
