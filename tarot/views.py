"""The hint endpoint: the card the strong computer level would play.

For one device and against the computer only, and for real: the request carries the
game's sealed token (rooms.local_play), which only those two modes have, so the server
reads the true position from it rather than anything the page claims; an online game
has no token and gets nothing. The hint changes nothing (the token is not renewed)."""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt

from rooms import local_play
from rooms.endpoints import JsonRequest, json_endpoint
from rooms.engine import IllegalAction, gettext_noop
from rooms.throttle import game_throttle
from tarot import bots
from tarot.templatetags.tarot_board import card_name

# A sealed round is a few kilobytes; nothing bigger is a page's request.
MAX_BODY = 32 * 1024


@csrf_exempt  # changes nothing: it only reads the sealed game the request carries
@json_endpoint(MAX_BODY, limit=game_throttle("tarot", "hint"))
def hint(request: JsonRequest) -> dict[str, Any]:
    """POST {token} -> {card, message}: the strong level's card for the player to move
    (on one device the seat to move, against the computer the human's seat), read from
    the game's sealed token: an online game, which has none, never gets a hint."""
    token = request.json.get("token")
    if not isinstance(token, str) or not token:
        raise IllegalAction(
            "online",
            gettext_noop("The hint is for games on one device or against the computer."),
        )
    _, seat, state = local_play.open_sealed("tarot", token)
    # The same position always gets the same hint.
    rng = random.Random(f"hint:{state.seed}:{len(state.tricks)}:{len(state.trick)}")
    action = bots.choose(state, seat, "strong", rng)
    card = action["card"]
    message = gettext("Hint: %(card)s.") % {"card": card_name(card)}
    return {"card": card, "message": message}
