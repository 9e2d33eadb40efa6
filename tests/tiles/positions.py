"""Positions and actions for the tile rummy engine tests: a run that opens, a play
action, an action that must be refused, and a game whose pool is empty."""

from collections import Counter

import pytest

from gamekit.engine import IllegalAction
from tiles.engine import apply, to_json
from tiles.sets import ALL_TILES, check_set
from tiles.state import State, state_from_position

RUN_OF_TENS = ["K10", "K11", "K12"]  # 33 points: enough to open


def play(table: list[list[str]]) -> dict:
    return {"type": "play", "table": table}


def refused(state: State, seat: int, action: object) -> IllegalAction:
    """Apply an action that must be refused, and check that nothing changed."""
    before = to_json(state)
    with pytest.raises(IllegalAction) as caught:
        apply(state, seat, action)  # type: ignore[arg-type]
    assert to_json(state) == before
    return caught.value


def empty_pool_state(racks: dict[int, list[str]], turn: int = 1) -> State:
    """A game with an empty pool: every tile not in a rack lies on the table in runs.

    Each colour's remaining tiles make up to two runs (one per copy); spare jokers join
    the first set that takes them. Racks are chosen so that every run stays 3+ long.
    """
    rest = Counter(ALL_TILES) - Counter(racks[1]) - Counter(racks[2])
    table: list[list[str]] = []
    for colour in "KBOR":
        for copy in (1, 2):
            numbers = [n for n in range(1, 14) if rest[f"{colour}{n}"] >= copy]
            segment: list[str] = []
            for n in range(1, 15):
                if n in numbers:
                    segment.append(f"{colour}{n}")
                elif segment:
                    table.append(segment)
                    segment = []
    for _ in range(rest["J"]):
        host = next(tiles for tiles in table if check_set([*tiles, "J"]).valid)
        host.append("J")
    assert all(check_set(tiles).valid for tiles in table), table
    return state_from_position(racks, table, pool=[], opened={1: True, 2: True}, turn=turn)


def opened_state(rack1: list[str], table: list[list[str]]) -> State:
    """Seat 1 to play with `rack1`, both players past their initial meld."""
    return state_from_position({1: rack1, 2: ["B13"]}, table, opened={1: True, 2: True})
