"""Tile rummy for two, the engine the site plays (gamekit.engine.Engine, docs/games.md).

The code lives by concept in sibling modules; this module is the game's public face:
- tiles/sets.py: the tile codes, the set checks and why a set is refused;
- tiles/rules.py: the state, the deal, the actions and their result;
- tiles/seen.py: the views, the status, and what a seat may not see (hidden,
  redeal_hidden);
- tiles/codec.py: saving (to_json) and strict reading back (from_json).
"""

from tiles.codec import SCHEMA, from_json, to_json
from tiles.rules import apply, new_round
from tiles.seen import hidden, redeal_hidden, status, view
from tiles.sets import ALL_TILES

# Every piece of the game, with its copies: the contract test's leak scan counts a
# hidden tile as leaked only when the view shows more copies than the seat may see.
PIECES = ALL_TILES

__all__ = [
    "PIECES",
    "SCHEMA",
    "apply",
    "from_json",
    "hidden",
    "new_round",
    "redeal_hidden",
    "status",
    "to_json",
    "view",
]
