"""The rummikub-solver ILP (a dev-only dependency) as an independent reference for the
tile solver: how many rack tiles it places. Used by tests/tiles/test_solver_exactness.py and
bench/solver.py; importing this module does not need the package, calling it does."""

from __future__ import annotations

from functools import lru_cache
from importlib.util import find_spec
from typing import Any

from tiles.solver import COLOURS, HIGHEST, JOKER

Position = tuple[list[list[str]], list[str], bool]


def installed() -> bool:
    return find_spec("rummikub_solver") is not None


@lru_cache(maxsize=1)
def _ruleset() -> tuple[Any, dict[str, Any]]:
    """The reference's rule set and our codes mapped to its tiles (K, B, O, R, numbers
    ascending, then the joker: its own order)."""
    import rummikub_solver

    ruleset = rummikub_solver.RuleSet()
    names = [f"{c}{n}" for c in COLOURS for n in range(1, HIGHEST + 1)] + [JOKER]
    return ruleset, dict(zip(names, ruleset.tiles, strict=True))


def ilp_tile_count(position: Position) -> int:
    """Tiles the ILP places. Its opening mode would rearrange the table in a second stage,
    which our rules forbid that turn, so openings get the rack alone."""
    import rummikub_solver

    ruleset, tile = _ruleset()
    table, rack, opened = position
    state = ruleset.new_game()
    if opened:
        state.add_table(*(tile[t] for s in table for t in s))
    state.add_rack(*(tile[t] for t in rack))
    state.initial = not opened
    found = ruleset.solve(state)
    assert isinstance(found, rummikub_solver.ProposedSolution | None)
    return 0 if found is None else len(found.tiles)
