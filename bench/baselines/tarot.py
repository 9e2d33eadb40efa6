"""Outside players for the Tarot duel (bench/bots.py), each written from a published
strategy, not offered on the site. Like a bot, each reads only ``engine.view(state, seat)``:
its hand, the face-up cards, the tricks; never the opponent's hand nor a face-down card.
Each stays independent of the site's bots on purpose (the players bench/RESULTS.md
measured); what a view shows comes from tarot/bots.py.

``thumb``: the rules of thumb of the French Tarot strategy guides
(bench/baselines/tarot_rules_of_thumb.py, its sources there).

``pimc``: the standard perfect-information Monte Carlo player, with rules-of-thumb
playouts and the exact end search (bench/baselines/tarot_pimc.py, its sources there).

``beginner``: a reference for "easy is beatable": legal, sensible cards and no
lookahead, no card counting: second to play it wins with its lowest winning card when it
can (a trump only for a card worth something), else gives its lowest card; it leads a
king when it holds one, else its lowest card of its longest suit, trumps last; it plays
the Excuse only when it has nothing else to play or at the second to last trick.

``random``: any legal card, uniformly at random: how far below the beginner a player
that plays legal cards can be (bench/RESULTS.md: the beginner beats it in far fewer
than 75% of rounds, the luck of the deal weighs that much).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bench.baselines.tarot_pimc import pimc
from bench.baselines.tarot_rules_of_thumb import View, low_from_longest_suit, thumb
from tarot import engine
from tarot.bots import lead_card
from tarot.cards import EXCUSE, half_points, is_trump, strength, trick_winner

# --- beginner ---------------------------------------------------------------------------------


def beginner_card(view: View) -> str:
    legal = view["legal"]
    plain = [c for c in legal if c != EXCUSE]
    if EXCUSE in legal and (not plain or view["tricks_left"] == 2):
        return EXCUSE
    lead = lead_card(view)
    if lead is not None and lead != EXCUSE:
        winning = [c for c in plain if trick_winner(lead, c) == 1]
        if winning:
            low = min(winning, key=lambda c: (is_trump(c), strength(c)))
            if not is_trump(low) or is_trump(lead) or half_points(lead) > 1:
                return low
        return min(plain, key=lambda c: (is_trump(c), strength(c)))
    if lead == EXCUSE:
        return min(plain, key=lambda c: (is_trump(c), strength(c)))
    kings = [c for c in plain if c.endswith("K") and not is_trump(c)]
    if kings:
        return kings[0]
    return low_from_longest_suit(plain)


def beginner(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    return {"type": "play", "card": beginner_card(engine.view(state, seat))}


# --- random ---------------------------------------------------------------------------------


def random_card(view: View, rng: random.Random) -> str:
    return rng.choice(view["legal"])


def random_player(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    """Any legal card, uniformly: the floor under every player that plays legal cards."""
    return {"type": "play", "card": random_card(engine.view(state, seat), rng)}


# name -> choose(state, seat, rng): the bench offers these beside the bot levels.
PLAYERS: dict[str, Callable[[Any, int, random.Random], dict[str, Any]]] = {
    "thumb": thumb,
    "pimc": pimc,
    "beginner": beginner,
    "random": random_player,
}
