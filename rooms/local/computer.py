"""The computer's moves in local play, thought out in worker processes.

The computer thinks in a worker process (`computer_pool`, see rooms/workers.py), not in
the request's thread: a search holds the GIL for up to a second, and a CPU-bound thread
in the server's process starves every other request and socket of that process (each
hand-off between the event loop and a thread waits for the GIL), which a thread of its
own does not avoid. The request's thread only waits for the worker's answer, with a
time budget.

The workers import this module and the game's engine and bots only: no Django apps,
no database (hence no import of the models here).
"""

from __future__ import annotations

import random
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from importlib import import_module
from typing import Any

from gamekit.engine import Action, IllegalAction
from rooms import registry
from rooms.errors import RoomError
from rooms.workers import WorkerPool

COMPUTER_SEAT = 2  # unless the game began elsewhere (payload "human": rooms.local.tries)
# A computer that keeps playing forever would hold the request: no game needs this many.
MAX_COMPUTER_MOVES = 400
# Worker processes per server process for the computer's moves (None: inline, in the
# request's thread), and the seconds a request waits for them before giving up.
COMPUTER_PROCESSES: int | None = 2
COMPUTER_SECONDS = 20.0

# COMPUTER_PROCESSES is read when the workers start (tests change it).
_workers = WorkerPool(lambda: COMPUTER_PROCESSES)
computer_pool = _workers.get  # the workers, started on first use (None: inline)
set_computer_pool = _workers.replace  # the pool from now on (tests; None: start afresh)


def computer_seat(payload: dict[str, Any]) -> int:
    """The computer's seat in a sealed game: the one its human does not hold."""
    return 1 if payload.get("human") == 2 else COMPUTER_SEAT


def computer_replies(
    game: registry.Game, payload: dict[str, Any], state: Any
) -> tuple[Any, list[Action]]:
    """The state once the computer has moved until it is the human's turn (or the game
    is over), and the actions it made (the round's record keeps them for its replay);
    `payload["moves"]` counts its decisions. In a worker process when there is a pool."""
    pool = computer_pool()
    # Only what the computer needs travels to the worker (not the round's record).
    needs = {key: payload[key] for key in ("seed", "moves", "level")}
    needs["seat"] = computer_seat(payload)
    if pool is None:
        state, made = _replies(game.engine, game.bots, needs, state)
        payload["moves"] = needs["moves"]
        return state, made
    job = (game.engine.__name__, game.bots.__name__, needs, game.engine.to_json(state))
    try:
        moves, state_json, made = pool.submit(_replies_job, *job).result(timeout=COMPUTER_SECONDS)
    except FutureTimeout:
        raise RoomError("computer_failed") from None
    except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
        set_computer_pool(None)
        raise RoomError("computer_failed") from None
    payload["moves"] = moves
    return game.engine.from_json(state_json), made


def _replies_job(
    engine_name: str, bots_name: str, payload: dict[str, Any], state_json: dict[str, Any]
) -> tuple[int, dict[str, Any], list[Action]]:
    """`_replies` in a worker process: JSON in and out (the engines' own saves)."""
    engine, bots = import_module(engine_name), import_module(bots_name)
    state, made = _replies(engine, bots, payload, engine.from_json(state_json))
    return payload["moves"], engine.to_json(state), made


def _replies(
    engine: Any, bots: Any, payload: dict[str, Any], state: Any
) -> tuple[Any, list[Action]]:
    made: list[Action] = []
    seat = payload.get("seat", COMPUTER_SEAT)
    for _ in range(MAX_COMPUTER_MOVES):
        status = engine.status(state)
        if status["over"] or status["turn"] != seat:
            return state, made
        payload["moves"] += 1
        rng = random.Random(f"{payload['seed']}:{payload['moves']}")
        action = bots.choose(state, seat, payload["level"], rng)
        try:
            state = engine.apply(state, seat, action)
        except IllegalAction:
            raise RoomError("computer_failed") from None
        made.append(action)
    raise RoomError("computer_failed")
