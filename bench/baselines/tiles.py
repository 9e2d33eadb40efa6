"""Reference players of tile rummy for bench/bots.py, not offered on the site.

``maxtiles`` is the plain "max tiles" player of the literature: the exact solver on the
whole table (any rearrangement), it always plays the most tiles it can (ties: the higher
value, as the solver breaks them) and draws otherwise, or passes once the pool is empty.
``beginner`` stands in for a human who plays sensibly but has no solver in their head
(to check that easy is beatable by one): it lays down the new sets it sees in its rack,
the first found first as easy does, and then, once opened, adds single rack tiles to the
ends of the sets on the table, as medium does; it never rearranges the table and keeps
its jokers. Like a bot it reads only ``engine.view(state, seat)``.

Neither is meant to stay independent of the site: ``maxtiles`` is the site's solver
(tiles/solver.py), ``beginner`` easy's and medium's own moves (tiles/bots.py), imported.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from tiles import bots, engine
from tiles.sets import tiles_of
from tiles.solver import best_placement


def maxtiles(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    view = engine.view(state, seat)
    found = best_placement(
        [list(s) for s in view["table"]], list(view["rack"]), bool(view["opened"][str(seat)])
    )
    if found is not None:
        return {"type": "play", "table": found.table}
    return {"type": "draw"} if view["pool_count"] else {"type": "pass"}


def beginner(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    view = engine.view(state, seat)
    table = bots.PLAYERS["easy"](view, rng)
    opened = bool(view["opened"][str(seat)])
    if opened:
        played = table or [list(s) for s in view["table"]]
        laid_down = tiles_of(played) - tiles_of(view["table"])
        left = Counter(view["rack"]) - laid_down
        if bots._lay_off(played, left) or table is not None:
            return {"type": "play", "table": played}
    elif table is not None:
        return {"type": "play", "table": table}
    return {"type": "draw"} if view["pool_count"] else {"type": "pass"}


# name -> choose(state, seat, rng): the bench offers these beside the bot levels.
PLAYERS: dict[str, Callable[[Any, int, random.Random], dict[str, Any]]] = {
    "maxtiles": maxtiles,
    "beginner": beginner,
}
