"""Computer players for tile rummy: easy, medium and strong.

``choose(state, seat, level, rng)`` returns an action for ``seat``. A bot sees only
``engine.view(state, seat)``: its own rack, the table, counts and who has opened; never the
opponent's rack or the pool. The levels differ in what they are allowed to see on the
table, not only in how well they search:
- easy lays down only new sets made from its rack, the first ones it comes across
  (groups or runs first, by a coin toss), without jokers, and never touches the table;
- medium lays down the best new sets from its rack (the exact solver, rack alone), then
  adds rack tiles to the ends of sets on the table, one at a time; it never rearranges;
- strong uses the exact solver on the whole table (any rearrangement), goes out whenever
  it can, and otherwise chooses among a few moves (the most tiles, the same keeping its
  jokers, drawing) by sampling the opponent's rack: see tiles/strong.py.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from gamekit.seats import LEVELS
from tiles import engine, strong
from tiles.sets import COLOURS, HIGHEST, JOKER, check_set, set_value, tile_sort_key
from tiles.solver import best_placement
from tiles.state import OPENING_MINIMUM

Table = list[list[str]]


def choose(state: Any, seat: int, level: str, rng: random.Random) -> dict[str, Any]:
    """The action ``seat`` takes at ``level``; only ``view(state, seat)`` is looked at."""
    view = engine.view(state, seat)
    if level not in PLAYERS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    table = PLAYERS[level](view, rng)
    if table is not None:
        return {"type": "play", "table": table}
    return {"type": "draw"} if view["pool_count"] else {"type": "pass"}


def _has_opened(view: dict[str, Any]) -> bool:
    return bool(view["opened"][str(view["seat"])])


# --- easy -------------------------------------------------------------------------------


def _easy(view: dict[str, Any], rng: random.Random) -> Table | None:
    """New sets from the rack, first found first; None if none (or under 30 to open)."""
    rack = [code for code in view["rack"] if code != JOKER]
    finders: list[Callable[[list[str]], list[str] | None]] = [_first_group, _first_run]
    rng.shuffle(finders)
    new_sets: Table = []
    while True:
        found = next((s for s in (finder(rack) for finder in finders) if s), None)
        if found is None:
            break
        new_sets.append(found)
        for code in found:
            rack.remove(code)
    if not new_sets:
        return None
    if not _has_opened(view) and sum(map(set_value, new_sets)) < OPENING_MINIMUM:
        return None
    return [list(s) for s in view["table"]] + new_sets


def _first_group(rack: list[str]) -> list[str] | None:
    """The lowest number held in three or four colours, one tile of each colour."""
    for number in range(1, HIGHEST + 1):
        colours = [c for c in COLOURS if f"{c}{number}" in rack]
        if len(colours) >= 3:
            return [f"{c}{number}" for c in colours]
    return None


def _first_run(rack: list[str]) -> list[str] | None:
    """The first stretch of three or more consecutive numbers of one colour."""
    for colour in COLOURS:
        stretch: list[str] = []
        for number in range(1, HIGHEST + 2):
            code = f"{colour}{number}"
            if code in rack:
                stretch.append(code)
                continue
            if len(stretch) >= 3:
                return stretch
            stretch = []
    return None


# --- medium -----------------------------------------------------------------------------


def _medium(view: dict[str, Any], rng: random.Random) -> Table | None:
    """Best new sets from the rack alone, then single tiles added to existing sets."""
    table = [list(s) for s in view["table"]]
    rack = list(view["rack"])
    if not _has_opened(view):
        opening = best_placement(table, rack, opened=False)  # the table stays as it is
        return None if opening is None else opening.table
    own = best_placement([], rack, opened=True)
    new_sets = own.table if own is not None else []
    left = Counter(rack) - Counter(own.placed if own is not None else [])
    laid_off = _lay_off(table + new_sets, left)
    if own is None and not laid_off:
        return None
    return table + new_sets


def _lay_off(table: Table, left: Counter[str]) -> int:
    """Add rack tiles (not jokers) to the sets in place while any fits; how many went."""
    added = 0
    progress = True
    while progress:
        progress = False
        for code in sorted(left.elements(), key=tile_sort_key):
            if code == JOKER or left[code] == 0:
                continue
            target = next((s for s in table if check_set([*s, code]).valid), None)
            if target is not None:
                target.append(code)
                left[code] -= 1
                added += 1
                progress = True
    return added


# --- strong -----------------------------------------------------------------------------


def _strong(view: dict[str, Any], rng: random.Random) -> Table | None:
    """The exact solver, then a choice among a few moves by sampling (tiles/strong.py)."""
    return strong.choose_table(view, rng)


PLAYERS: dict[str, Callable[[dict[str, Any], random.Random], Table | None]] = {
    "easy": _easy,
    "medium": _medium,
    "strong": _strong,
}
