"""The strong tile player: the exact solver, keeping its jokers until they take it out.

Measured with mirror pairs (bench/bots.py): every game of two ends with a player going
out long before the pool runs dry, so the game is a race to an empty rack, and the one
resource that wins it is the joker. A joker in the rack turns almost any two tiles into
a set on the turn that goes out; a joker laid down to place one or two more tiles today
is gone, and the opponent can rearrange the table and use it. So the strong player:
- goes out whenever it can (the solver with every rack tile, jokers included);
- otherwise plays the solver's best placement of its numbered tiles only (the most
  tiles, then the most points), and draws when none goes down;
- once the pool is empty (no more draws: holding a joker gains nothing and it counts 30
  at the end), plays the best placement with its jokers.

Against the plain max-tiles player (the same solver, jokers played as soon as they
place a tile), on 100 tuning pairs (seed 101) this won 65.5% (95% interval by pairs
60.0-71.0%); the measuring figures are in the closing note of issue 13. Holding back
small plays and weighing moves by the opponent's sampled replies were tried beside it
(see the note); they did not earn their cost.

It reads only ``engine.view(state, seat)`` and uses no randomness and no clock, so it is
deterministic.
"""

from __future__ import annotations

import random
from typing import Any

from tiles.sets import JOKER
from tiles.solver import best_placement

Table = list[list[str]]


def choose_table(view: dict[str, Any], rng: random.Random | None = None) -> Table | None:
    """The new table to play, or None to draw (pass once the pool is empty)."""
    table = [list(s) for s in view["table"]]
    rack = list(view["rack"])
    opened = bool(view["opened"][str(view["seat"])])
    if JOKER not in rack or not view["pool_count"]:
        best = best_placement(table, rack, opened)
        return None if best is None else best.table
    out = best_placement(table, rack, opened, at_least=len(rack))  # quick: all or nothing
    if out is not None:
        return out.table
    numbered = best_placement(table, [code for code in rack if code != JOKER], opened)
    return None if numbered is None else numbered.table
