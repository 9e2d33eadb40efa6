"""The size of a sealed token that keeps its round's record (issue 25), against the
token cap (rooms.local.sealing.MAX_TOKEN_CHARS, 60,000 characters).

    python bench/replay_tokens.py

For each game, the longest of ten rounds of the easy bots (both seats), with the token
sealed as play.py seals it (state and record); then tile rummy's worst case:
gamekit.replay.MAX_STEPS plays each carrying a whole 16-set table.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz")
os.environ.setdefault("DEBUG", "0")

import django

django.setup()

from gamekit.replay import MAX_STEPS  # noqa: E402
from rooms import registry  # noqa: E402
from rooms.local import records  # noqa: E402
from rooms.local.sealing import MAX_TOKEN_CHARS, seal  # noqa: E402


def longest(slug: str, rounds: int = 10) -> tuple[int, int, int]:
    """(actions, steps as JSON, token characters) of the round with the longest token."""
    game = registry.get(slug)
    engine, bots = game.engine, game.bots
    worst = (0, 0, 0)
    for seed in range(rounds):
        state = engine.new_round(seed, 1)
        record = records.begin(engine.to_json(state))
        rng = random.Random(seed)
        actions = raw = 0
        while not engine.status(state)["over"]:
            seat = engine.status(state)["turn"]
            action = bots.choose(state, seat, "easy", rng)
            state = engine.apply(state, seat, action)
            record = records.add(record, [(seat, action)])
            actions += 1
            raw += len(json.dumps([seat, action]))
        token = seal({"game": slug, "state": engine.to_json(state), "record": record})
        worst = max(worst, (actions, raw, len(token)), key=lambda found: found[2])
    return worst


def worst_tiles(changed: int) -> tuple[int, int, int, int, bool]:
    """MAX_STEPS plays of a 16-set table, each changing `changed` random sets (16: a
    new random table every time, far worse than any game)."""
    engine = registry.get("tiles").engine
    start = engine.to_json(engine.new_round(1, 1))
    rng = random.Random(1)

    def a_set() -> list[str]:
        colour, number = rng.choice("KBOR"), rng.randint(1, 10)
        return [f"{colour}{number + k}" for k in range(rng.randint(3, 4))]

    table = [a_set() for _ in range(16)]
    record = records.begin(start)
    raw = 0
    for turn in range(MAX_STEPS):
        for _ in range(changed):
            table[rng.randrange(16)] = a_set()
        action = {"type": "play", "table": [list(s) for s in table]}
        raw += len(json.dumps([1, action]))
        record = records.add(record, [(1 + turn % 2, action)])
    token = seal({"game": "tiles", "state": start, "record": record})
    kept = len(records.read(record).steps)
    return raw, len(record["steps"]), len(token), kept, record["cut"]


if __name__ == "__main__":
    print(f"token cap: {MAX_TOKEN_CHARS} characters")
    for slug in ("tiles", "cards", "tarot"):
        actions, raw, token = longest(slug)
        print(
            f"{slug}: longest of 10 easy rounds: {actions} actions, "
            f"steps {raw} chars as JSON, token {token} chars"
        )
    for changed in (1, 16):
        raw, packed, token, kept, cut = worst_tiles(changed)
        print(
            f"tiles, {MAX_STEPS} plays of a 16-set table, {changed} set(s) changed each: "
            f"steps {raw} chars as JSON, {packed} compressed, token {token} chars, "
            f"{kept} steps kept, cut={cut}"
        )
