"""The hint: the card the strong computer level would play for the player to move
(asked through rooms/local/hints.py, which reads the position from the game's sealed token)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from gamekit.advice import rng_for
from tarot import bots, engine
from tarot.state import State
from tarot.templatetags.tarot_board import card_name


def hint(state: State, seat: int) -> dict[str, Any]:
    """{card, message}: the strong level's card for `seat`."""
    # The rng of the position as the seat sees it: the same position always gets the
    # same hint, and the review of the round the same card (gamekit.advice).
    card = bots.choose(state, seat, "strong", rng_for(engine.view(state, seat)))["card"]
    return {"card": card, "message": gettext("Hint: %(card)s.") % {"card": card_name(card)}}
