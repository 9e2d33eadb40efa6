"""Bots for the counter game: they read only the seat's view."""

from __future__ import annotations

import random

from gamekit.engine import Action, Seat
from tests.counter_game import engine


def choose(state: dict, seat: Seat, level: str, rng: random.Random) -> Action:
    seen = engine.view(state, seat)
    room = seen["target"] - seen["total"]
    amounts = [n for n in (1, 2, 3) if n <= room]
    # Leaving the opponent a multiple of 4 to go wins; the easy bot does not know that.
    best = room % 4
    if level != "easy" and best in amounts:
        return {"type": "add", "amount": best}
    return {"type": "add", "amount": rng.choice(amounts)}
