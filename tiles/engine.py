"""Tile rummy for two, the engine the site plays (gamekit.engine.Engine, docs/games.md).

The code lives by concept in sibling modules; this module is the game's public face:
- tiles/sets.py: the tile codes, the set checks and why a set is refused;
- tiles/state.py: the state and the deal;
- tiles/turns.py: the actions and their result;
- tiles/seen.py: the views, the status, and what a seat may not see (hidden,
  redeal_hidden);
- tiles/codec.py: saving (to_json) and strict reading back (from_json).
"""

from gamekit.engine import PROTOCOL
from tiles.codec import SCHEMA as SCHEMA
from tiles.codec import from_json as from_json
from tiles.codec import to_json as to_json
from tiles.seen import hidden as hidden
from tiles.seen import redeal_hidden as redeal_hidden
from tiles.seen import status as status
from tiles.seen import view as view
from tiles.sets import ALL_TILES
from tiles.state import new_round as new_round
from tiles.turns import apply as apply

# Every piece of the game, with its copies: the contract test's leak scan counts a
# hidden tile as leaked only when the view shows more copies than the seat may see.
PIECES = ALL_TILES

# The protocol (imported `as` itself: re-exported) and what this engine adds.
__all__ = [*PROTOCOL, "PIECES"]
