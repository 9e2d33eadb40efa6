"""The hint: the strong computer player's next step for the player to move (asked
through rooms/local/hints.py, which reads the position from the game's sealed token). The
page selects the cards it names and the player still plays them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from cards import bots, engine
from cards.judge import Seen
from cards.laying_down import held_melds
from cards.state import State
from cards.templatetags.cards_board import card_name, shown_cards
from gamekit.advice import rng_for

HINT_LEVEL = "strong"


def hint(state: State, seat: int) -> dict[str, Any]:
    """{"action": the strong level's next step, "message": it in words}."""
    # The rng of the position as the seat sees it: asking again gives the same hint, and
    # the review of the round judges this very move the strong level's (gamekit.advice).
    view = engine.view(state, seat)
    action = bots.choose_from_view(view, HINT_LEVEL, rng_for(view))
    # A discard while melds could go down: the strong level keeps them in hand, and the
    # hint says so (the review says the same of a meld laid down there).
    holding = action["type"] == "discard" and bool(held_melds(Seen(view)))
    return {"action": action, "message": describe_action(action, holding)}


def describe_action(action: dict[str, Any], holding: bool = False) -> str:
    """The suggestion in words, in the active language, the cards named as the board's
    spoken labels name them ("7 of hearts", not "7♥", which a screen reader reads
    badly); `holding`: a discard while the hand holds melds the strong level keeps."""
    kind = action["type"]
    if kind == "draw":
        if action["source"] == "stock":
            return gettext("Hint: draw from the stock.")
        return gettext("Hint: take the top card of the discard pile.")
    if kind == "meld":
        return gettext("Hint: meld %(cards)s.") % {"cards": shown_cards(action["cards"], True)}
    if kind == "lay_off":
        cards = action.get("cards") or [action["card"]]
        return gettext("Hint: lay off %(cards)s on meld %(meld)s.") % {
            "cards": shown_cards(cards, True),
            "meld": action["meld"] + 1,
        }
    if holding:
        return gettext("Hint: keep your melds in hand and discard the %(card)s.") % {
            "card": card_name(action["card"])
        }
    return gettext("Hint: discard the %(card)s.") % {"card": card_name(action["card"])}
