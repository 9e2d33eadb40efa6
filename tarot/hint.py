"""The hint: the card the strong computer level would play for the player to move
(asked through rooms/local/hints.py, which reads the position from the game's sealed token)."""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext

from tarot import bots
from tarot.state import State
from tarot.templatetags.tarot_board import card_name


def hint(state: State, seat: int) -> dict[str, Any]:
    """{card, message}: the strong level's card for `seat`."""
    # The same position always gets the same hint.
    rng = random.Random(f"hint:{state.seed}:{len(state.tricks)}:{len(state.trick)}")
    card = bots.choose(state, seat, "strong", rng)["card"]
    return {"card": card, "message": gettext("Hint: %(card)s.") % {"card": card_name(card)}}
