"""Tile rummy's state (RULES.md): the game as data and its deal. The actions on it and
the result they give are tiles/turns.py; what each seat sees and may not see is
tiles/seen.py. Pure Python, no Django.

`State` is immutable: tuples for sequences and seat pairs (gamekit.seats.Pair) for
per-seat values; every change builds a new State with dataclasses.replace.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.engine import Seat
from gamekit.events import Event
from gamekit.seats import SEATS, Pair, other
from tiles.sets import (
    ALL_TILES,
    arrange_set,
    sort_tiles,
    tiles_of,
)

OPENING_MINIMUM = 30
RACK_SIZE = 14
PASSES_TO_END = 2  # two passes in a row end the game


@dataclass(frozen=True)
class State:
    """One game of tile rummy. Immutable: never mutate the dicts either."""

    seed: int
    first: Seat  # who starts this game
    game_no: int
    pool: tuple[str, ...]  # draws come from the end
    racks: Pair[tuple[str, ...]]
    table: tuple[tuple[str, ...], ...]
    opened: Pair[bool]
    turn: Seat | None  # None once the game is over
    passes: int = 0  # consecutive passes
    # {"winner": 1|2|None, "scores": {1: n, 2: n}, "reason": "out"|"blocked",
    #  "rack_sums": {1: n, 2: n}}
    result: dict[str, Any] | None = None
    # Public summary of the previous move: {"seat", "type", "placed"?}; never the drawn tile.
    last: dict[str, Any] | None = None
    turns: int = 0  # completed turns
    # The move events of the latest two turns (tiles/events.py, gamekit.events): what
    # the page says and animates; seen filtered per seat (tiles/seen.py).
    events: tuple[Event, ...] = ()

    def __post_init__(self) -> None:
        # A plain {1: .., 2: ..} (tests build states so) becomes a seat pair.
        for name in ("racks", "opened"):
            if not isinstance(getattr(self, name), Pair):
                object.__setattr__(self, name, Pair(getattr(self, name)))


def next_first_seat(previous: State | None) -> Seat:
    """Player 1 starts game 1; then the starting player alternates."""
    return 1 if previous is None else other(previous.first)


def new_round(seed: int, first_seat: Seat, previous: State | None = None) -> State:
    """A fresh game, deterministic from the seed: 14 tiles each, the rest the pool."""
    if first_seat not in SEATS:
        raise ValueError(f"first_seat must be 1 or 2, not {first_seat!r}")
    tiles = list(ALL_TILES)
    random.Random(seed).shuffle(tiles)
    racks = {
        seat: tuple(sort_tiles(tiles[-RACK_SIZE * (i + 1) : len(tiles) - RACK_SIZE * i]))
        for i, seat in enumerate((first_seat, other(first_seat)))
    }
    return State(
        seed=seed,
        first=first_seat,
        game_no=1 if previous is None else previous.game_no + 1,
        pool=tuple(tiles[: -2 * RACK_SIZE]),
        racks=racks,
        table=(),
        opened={1: False, 2: False},
        turn=first_seat,
    )


def state_from_position(
    racks: dict[Seat, Sequence[str]],
    table: Sequence[Sequence[str]] = (),
    *,
    pool: Sequence[str] | None = None,
    opened: dict[Seat, bool] | None = None,
    turn: Seat = 1,
    seed: int = 0,
) -> State:
    """A game set up at a chosen position (tests, bots' tests, tutorials).

    `pool` defaults to every tile not in the racks or on the table, shuffled by `seed`
    (a sorted pool would deal the jokers first); the 106 tiles must add up either way.
    """
    used = tiles_of(racks.values()) + tiles_of(table)
    if pool is None:
        pool = sort_tiles((Counter(ALL_TILES) - used).elements())
        random.Random(seed).shuffle(pool)
    if used + Counter(pool) != Counter(ALL_TILES):
        raise ValueError("the racks, table and pool must hold exactly the 106 tiles")
    return State(
        seed=seed,
        first=turn,
        game_no=1,
        pool=tuple(pool),
        racks={seat: tuple(racks[seat]) for seat in SEATS},
        table=tuple(tuple(arrange_set(tiles)) for tiles in table),
        opened=dict(opened or {1: bool(table), 2: bool(table)}),
        turn=turn,
    )
