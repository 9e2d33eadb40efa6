"""The hint: the solver's best placement from the start of the turn, as one draft edit
("arrange") for the page to append (asked through rooms/local/hints.py, which reads the
position from the game's sealed token, never a hand-made table or rack).

The solver is exact but its work is capped (HINT_MAX_STATES): a position too slow to
solve is answered "no hint found in time" rather than tying up a worker."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from gamekit.engine import gettext_noop
from tiles import engine
from tiles.sets import sort_tiles
from tiles.solver import SearchTooLong, best_placement

# The hint's search stops after this many states (about 4 microseconds each, so well
# under a second); real positions of 25-40 rack tiles and 40-60 table tiles need at most
# about 115,000 (measured on dealt games).
HINT_MAX_STATES = 200_000


def hint(state: Any, seat: int) -> dict[str, Any]:
    """{"edit": {"type": "arrange", "table"}, "placed"}, or {"edit": null, "code",
    "message"} when there is nothing to place or no placement was found in time."""
    view = engine.view(state, seat)
    table, rack, opened = view["table"], view["rack"], view["opened"][str(seat)]
    try:
        found = best_placement(table, rack, opened, max_states=HINT_MAX_STATES)
    except SearchTooLong:
        message = gettext_noop("No placement was found in time. Try it yourself!")
        return {"edit": None, "code": "too_long", "message": gettext(message)}
    if found is None:
        message = (
            gettext_noop("No tile can be placed this turn: draw a tile.")
            if view["pool_count"]
            else gettext_noop("No tile can be placed this turn: pass.")
        )
        return {"edit": None, "code": "nothing_to_place", "message": gettext(message)}
    return {"edit": {"type": "arrange", "table": found.table}, "placed": sort_tiles(found.placed)}
