"""Tile rummy for two, the engine the site plays (gamekit.engine.Engine, docs/games.md).

The code lives by concept in sibling modules; this module is the game's public face:
- tiles/sets.py: the tile codes, the set checks and why a set is refused;
- tiles/rules.py: the state, the deal, the actions, the views, the status, and what a
  seat may not see (hidden, redeal_hidden);
- tiles/codec.py: saving (to_json) and strict reading back (from_json).
"""

from __future__ import annotations

from gamekit.seats import SEATS, other
from tiles.codec import SCHEMA, from_json, to_json
from tiles.rules import (
    OPENING_MINIMUM,
    PASSES_TO_END,
    RACK_SIZE,
    State,
    apply,
    check_play,
    hidden,
    new_round,
    next_first_seat,
    nothing_placed,
    opening_sets,
    opening_too_low,
    opening_touches_table,
    placed_tiles,
    redeal_hidden,
    state_from_position,
    status,
    take_from_rack,
    view,
)
from tiles.sets import (
    ALL_TILES,
    COLOURS,
    HIGHEST,
    JOKER,
    JOKER_VALUE,
    MAX_SETS,
    NUMBERED_TILES,
    SET_REASONS,
    SET_REASONS_NAMED,
    TILE_CODES,
    SetCheck,
    arrange_set,
    check_set,
    colour,
    is_tile,
    number,
    parse_table,
    rack_sum,
    set_value,
    sort_tiles,
    tile_sort_key,
    value,
)

# Every piece of the game, with its copies: the contract test's leak scan counts a
# hidden tile as leaked only when the view shows more copies than the seat may see.
PIECES = ALL_TILES

__all__ = [
    "ALL_TILES",
    "COLOURS",
    "HIGHEST",
    "JOKER",
    "JOKER_VALUE",
    "MAX_SETS",
    "NUMBERED_TILES",
    "OPENING_MINIMUM",
    "PASSES_TO_END",
    "PIECES",
    "RACK_SIZE",
    "SCHEMA",
    "SEATS",
    "SET_REASONS",
    "SET_REASONS_NAMED",
    "TILE_CODES",
    "SetCheck",
    "State",
    "apply",
    "arrange_set",
    "check_play",
    "check_set",
    "colour",
    "from_json",
    "hidden",
    "is_tile",
    "new_round",
    "next_first_seat",
    "nothing_placed",
    "number",
    "opening_sets",
    "opening_too_low",
    "opening_touches_table",
    "other",
    "parse_table",
    "placed_tiles",
    "rack_sum",
    "redeal_hidden",
    "set_value",
    "sort_tiles",
    "state_from_position",
    "status",
    "take_from_rack",
    "tile_sort_key",
    "to_json",
    "value",
    "view",
]
