"""The rounds bench/chances_fit.py fits on and bench/chances.py checks on: bot-vs-bot
rounds of a game, each seat at a level drawn at random (easy, medium, strong: mixed
play), from seeds named by their purpose ("fit" or "check": never the same deals).
A round is its states (as dealt, then after each action) and its winner (None: drawn).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from importlib import import_module
from typing import Any

LEVELS = ("easy", "medium", "strong")
MOVE_CAP = 2000


@dataclass
class Round:
    seed: int
    levels: dict[int, str]
    states: list[Any]
    steps: list[tuple[int, dict[str, Any]]]  # (seat, action) after the deal
    winner: int | None


def seed_of(purpose: str, number: int) -> int:
    digest = hashlib.sha256(f"chances:{purpose}:{number}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def play_round(game: str, seed: int) -> Round:
    engine = import_module(f"{game}.engine")
    bots = import_module(f"{game}.bots")
    rng = random.Random(seed)
    levels = {seat: rng.choice(LEVELS) for seat in (1, 2)}
    state = engine.new_round(seed, rng.choice((1, 2)))
    found, steps = [state], []
    status = engine.status(state)
    while not status["over"] and len(found) < MOVE_CAP:
        seat = status["turn"]
        action = bots.choose(state, seat, levels[seat], rng)
        state = engine.apply(state, seat, action)
        found.append(state)
        steps.append((seat, action))
        status = engine.status(state)
    return Round(seed, levels, found, steps, status["winner"])


def _job(args: tuple[str, int]) -> Round:
    return play_round(*args)


def rounds(game: str, purpose: str, count: int, jobs: int = 1) -> list[Round]:
    work = [(game, seed_of(purpose, n)) for n in range(count)]
    if jobs <= 1:
        return [_job(each) for each in work]
    import multiprocessing

    with multiprocessing.Pool(jobs) as pool:
        return pool.map(_job, work, chunksize=4)
