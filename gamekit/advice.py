"""The strong level's randomness on a position, shared by the two that speak for it: the
hint (each game's hint.py) and the review (each game's review.py, gamekit/review.py).

The strong level of rummy and of Tarot samples what it cannot see, so its choice depends
on its rng. Both take that rng from here, seeded by the position as the deciding seat
sees it (`view(state, seat)`), so that the same position gets the same advice by
construction (issue 43): the hint asked during the game names the very move the review
of the round calls the strong level's. Being the view's, the seed is also the same on
any deal the seat cannot tell from the real one (engine.redeal_hidden), and reveals
nothing hidden. Hashing a view costs some microseconds, nothing beside a decision.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

PURPOSE = "strong level's advice"


def rng_for(view: dict[str, Any]) -> random.Random:
    """The rng of the strong level's decision from `view` (the deciding seat's)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    digest = hashlib.sha256(f"{PURPOSE}:{text}".encode()).hexdigest()
    return random.Random(digest)
