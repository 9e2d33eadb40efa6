"""The hint endpoint: the strong computer player's next step for the player to move,
on one device or against the computer only.

The request carries the game's sealed token (rooms.sealing), not a position: the server
reads the real state and the real mode from it, so an online game (which has no token)
can never get a hint, and a crafted position cannot be asked about. The hint changes
nothing: the page selects the cards it names and the player still plays them."""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt

from cards import bots
from cards.melds import listing, shown
from rooms.endpoints import JsonRequest, json_endpoint
from rooms.engine import IllegalAction, gettext_noop
from rooms.local_play import open_sealed
from rooms.throttle import game_throttle

# A token is at most rooms.sealing.MAX_TOKEN_CHARS; a little room for the JSON around it.
MAX_BODY = 64 * 1024
HINT_LEVEL = "strong"


def describe_action(action: dict[str, Any]) -> str:
    """The suggestion in words, in the active language."""
    kind = action["type"]
    if kind == "draw":
        if action["source"] == "stock":
            return gettext("Hint: draw from the stock.")
        return gettext("Hint: take the top card of the discard pile.")
    if kind == "meld":
        return gettext("Hint: meld %(cards)s.") % {"cards": listing(action["cards"])}
    if kind == "lay_off":
        cards = action.get("cards") or [action["card"]]
        return gettext("Hint: lay off %(cards)s on meld %(meld)s.") % {
            "cards": listing(cards),
            "meld": action["meld"] + 1,
        }
    return gettext("Hint: discard the %(card)s.") % {"card": shown(action["card"])}


@csrf_exempt  # changes nothing; the sealed token is the only input and names its game
@json_endpoint(MAX_BODY, limit=game_throttle("cards", "hint"))
def hint(request: JsonRequest) -> dict[str, Any]:
    """POST {token} -> {"action": the strong level's next step, "message": it in words}."""
    token = request.json.get("token")
    if not isinstance(token, str) or not token:
        # Only games on one device and against the computer have a token.
        raise IllegalAction(
            "online",
            gettext_noop("The hint is for games on one device or against the computer."),
        )
    _, seat, state = open_sealed("cards", token)
    # Seeded by the position, so that asking again gives the same hint.
    rng = random.Random(f"hint:{state.seed}:{state.turns}:{len(state.hands[seat])}")
    action = bots.choose(state, seat, HINT_LEVEL, rng)
    return {"action": action, "message": describe_action(action)}
