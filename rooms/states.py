"""Parsed game states by (room code, version), kept for a while in each process.

A version's state never changes once committed: versions have no gaps and each is
written once, by a conditional UPDATE (Room.apply_action), and engines never mutate a
state (docs/games.md). So the state an action just committed serves, unparsed, the two
seats' pushes on this process and the room's next action (issue 12: parsing a late tile
state took a third of a millisecond, once per seat and action).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import orjson

KEPT = 512
_states: OrderedDict[tuple[str, int], Any] = OrderedDict()
_lock = threading.Lock()


def known(code: str, version: int) -> Any | None:
    with _lock:
        return _states.get((code, version))


def remember(code: str, version: int, state: Any) -> None:
    """Keep the state of a committed version (never one that might roll back)."""
    with _lock:
        _states[(code, version)] = state
        _states.move_to_end((code, version))
        while len(_states) > KEPT:
            _states.popitem(last=False)


def parsed(engine: Any, code: str, version: int, state_json: Any) -> Any:
    """The state of `version`, from the JSON (decoded, or its text) only if this process
    has not seen it."""
    state = known(code, version)
    if state is None:
        if isinstance(state_json, str):
            state_json = orjson.loads(state_json)
        state = engine.from_json(state_json)
        remember(code, version, state)
    return state
