"""Reference players for measuring the tile bots (bench/bots.py), not offered on the site.

``maxtiles`` is the plain "max tiles" player of the literature: the exact solver on the
whole table (any rearrangement), it always plays the most tiles it can (ties: the higher
value, as the solver breaks them) and draws otherwise, or passes once the pool is empty.
Like a bot it reads only ``engine.view(state, seat)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tiles import engine
from tiles.solver import best_placement


def maxtiles(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    view = engine.view(state, seat)
    found = best_placement(
        [list(s) for s in view["table"]], list(view["rack"]), bool(view["opened"][str(seat)])
    )
    if found is not None:
        return {"type": "play", "table": found.table}
    return {"type": "draw"} if view["pool_count"] else {"type": "pass"}


# name -> choose(state, seat, rng): the bench offers these beside the bot levels.
PLAYERS: dict[str, Callable[[Any, int, random.Random], dict[str, Any]]] = {
    "maxtiles": maxtiles,
}
