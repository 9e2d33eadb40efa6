"""The bots' games on fixed seeds, as one digest per game and pairing: a refactoring that
keeps every rules verdict and every bot decision prints the very same lines.

Run from the repository root, before and after a change, and compare the output::

    python bench/same_games.py > before.txt   # on the old commit
    python bench/same_games.py > after.txt    # on the new one
    diff before.txt after.txt

Each line digests every action of every game of a pairing (levels of the game's own
bots, each against each, both seats, ``--deals`` deals from ``--seed``) and the save
(``to_json``) of every state reached, so a changed legal move, a changed refusal, a
changed score or a changed bot choice all change the line. It goes through the engine
protocol only (``new_round``, ``apply``, ``status``, ``to_json``), so it runs on any
layout of the modules behind it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from importlib import import_module
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

GAMES = ("tiles", "cards", "tarot")
LEVELS = ("easy", "medium", "strong")
MOVE_CAP = 2000


def digest_games(name: str, a: str, b: str, seed: int, deals: int) -> tuple[str, int]:
    """The digest of ``deals`` games of ``a`` (seat 1) against ``b`` (seat 2)."""
    engine = import_module(f"{name}.engine")
    bots = import_module(f"{name}.bots")
    digest = hashlib.sha256()
    moves = 0
    for deal in range(deals):
        deal_seed = seed * 1_000_003 + deal
        seats = {1: a, 2: b}
        rngs = {seat: random.Random(f"{deal_seed}:{seat}:{level}") for seat, level in seats.items()}
        state = engine.new_round(deal_seed, 1 + deal % 2)
        status = engine.status(state)
        while not status["over"] and moves < MOVE_CAP * (deal + 1):
            seat = status["turn"]
            action = bots.choose(state, seat, seats[seat], rngs[seat])
            state = engine.apply(state, seat, action)
            status = engine.status(state)
            digest.update(json.dumps(action, sort_keys=True).encode())
            digest.update(json.dumps(engine.to_json(state), sort_keys=True).encode())
            moves += 1
        digest.update(json.dumps(status, sort_keys=True).encode())
    return digest.hexdigest()[:16], moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--deals", type=int, default=3)
    args = parser.parse_args()
    for name in args.games:
        for a, b in product(LEVELS, repeat=2):
            digest, moves = digest_games(name, a, b, args.seed, args.deals)
            print(f"{name} {a} vs {b}: {digest} ({moves} actions)", flush=True)


if __name__ == "__main__":
    main()
