"""Bots playing a game to its end, for the bot tests of every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamekit.engine import IllegalAction


def play_out(
    engine: Any,
    bots: Any,
    state: Any,
    levels: dict[int, str],
    seed: int,
    check: Any = None,
    cap: int = 2000,
) -> Any:
    """The bots at `levels` play from `state` to the end; every action must be legal, and
    `check(state, seat, level, action)` sees each before it is applied. The end state."""
    rng = random.Random(seed)
    for _ in range(cap):
        status = engine.status(state)
        if status["over"]:
            return state
        seat = status["turn"]
        action = bots.choose(state, seat, levels[seat], rng)
        if check is not None:
            check(state, seat, levels[seat], action)
        try:
            state = engine.apply(state, seat, action)
        except IllegalAction as refused:  # pragma: no cover - the failure we look for
            pytest.fail(f"{levels[seat]} played an illegal {action}: {refused}")
    pytest.fail(f"the game did not end in {cap} moves")  # pragma: no cover
