"""What each seat of a tile rummy game sees: its view, the status, the last move and
the result as shown, and what it may not see (hidden, redeal_hidden). Pure Python."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from gamekit.engine import Seat, Status, View
from gamekit.events import seen_by
from gamekit.seats import SEATS, json_by_seat, other, result_json, status_of
from tiles.sets import rack_sum
from tiles.state import OPENING_MINIMUM, State


def last_json(last: dict[str, Any] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    lists = {key: list(last[key]) for key in ("placed", "changed") if key in last}
    return {**last, **lists}


def last_move(last: dict[str, Any] | None, seat: Seat | None) -> dict[str, Any] | None:
    """The last move as `seat` may see it: the tile drawn only for the player who drew it."""
    public = last_json(last)
    if public is not None and public.get("seat") != seat:
        public.pop("tile", None)
    return public


def view(state: State, seat: Seat | None) -> View:
    """What `seat` may see (None: a spectator). Never the pool or the opponent's rack,
    except that both racks are shown once the game is over (the score screen)."""
    if seat is not None and (seat not in SEATS or isinstance(seat, bool)):
        raise ValueError(f"seat must be 1, 2 or None, not {seat!r}")
    over = state.result is not None
    result = result_json(state.result, "rack_sums")
    if result is not None:
        result["racks"] = json_by_seat({s: list(state.racks[s]) for s in SEATS})
    return {
        "game": "tiles",
        "seat": seat,
        "rack": None if seat is None else list(state.racks[seat]),
        "rack_sum": None if seat is None else rack_sum(state.racks[seat]),
        "table": [list(tiles) for tiles in state.table],
        "pool_count": len(state.pool),
        "rack_counts": json_by_seat({s: len(state.racks[s]) for s in SEATS}),
        "opened": json_by_seat(state.opened),
        "opening_minimum": OPENING_MINIMUM,
        "turn": state.turn,
        "over": over,
        "result": result,
        "last": last_move(state.last, seat),
        "passes": state.passes,
        "turns": state.turns,
        "game_no": state.game_no,
        "first": state.first,
        "events": seen_by(state.events, seat),
    }


def status(state: State) -> Status:
    return status_of(state.turn, state.result)


def hidden(state: State, seat: Seat | None) -> Counter[str]:
    """The tiles `seat` may not see (None: a spectator): the pool, and the other rack
    (both racks for a spectator) until the game is over, when both racks are shown."""
    unseen = Counter(state.pool)
    if state.result is None:
        for each in SEATS:
            if each != seat:
                unseen += Counter(state.racks[each])
    return unseen


def redeal_hidden(state: State, seat: Seat, rng: random.Random) -> State:
    """A state `seat` cannot tell from `state`: the tiles it may not see shuffled
    between the pool and the other rack (each keeps its size)."""
    opponent = other(seat)
    racks = state.racks
    tiles = list(state.pool)
    if state.result is None:
        tiles += racks[opponent]
    rng.shuffle(tiles)
    pool = tuple(tiles[: len(state.pool)])
    if state.result is None:
        racks = racks.with_(opponent, tuple(tiles[len(state.pool) :]))
    return replace(state, pool=pool, racks=racks)
