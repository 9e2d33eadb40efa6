"""The rules-of-thumb player of the Tarot duel (``thumb`` in bench/baselines/tarot.py),
and what a view shows that it and the PIMC player read. Like a bot, it reads only
``engine.view(state, seat)``.

Independent of the site's bots on purpose: its rules are written here from the guides
below and must stay the player bench/RESULTS.md measured, whatever becomes of medium
(tarot/bots.py), whose rules are alike; what a view shows (the opponent, the card led,
the unseen cards, the voids shown) is a fact of the rules, not a strategy, and comes from
tarot/bots.py.

``thumb``: the rules of thumb of the French Tarot strategy guides (the Fédération
Française de Tarot's advice to beginners, "Le Tarot, règles et conseils", and the usual
club primers, e.g. tarot-regles.fr "Conseils de jeu"), for two hands with no partner:
- second to play, win the trick when you can, cheaply: following suit, with your most
  valuable card that wins (the king brings its own points home, it may be trumped
  later); trumping, with the lowest trump that wins; the 21 only for a trick worth it;
- when you cannot win, shed (« pisser ») your cheapest card; the Excuse rather than a
  king, a queen or a knight;
- save the Petit: play it only when it wins the trick (as second card, or on a led
  Excuse), or lead it once the opponent can hold no trump; never give it away while
  another trump will do;
- lead your masters (« jouer ses maîtres »): the highest card still out of a suit the
  opponent still follows, the most valuable first;
- hunt the Petit (« chasse au Petit »): while the Petit is out and you hold more trumps
  than the opponent can, lead big trumps so that it has to come down;
- otherwise lead low from your longest suit; play the Excuse before the last trick.
"""

from __future__ import annotations

import random
from typing import Any

from tarot import engine
from tarot.bots import face_up, lead_card, opponent, unseen, voids
from tarot.cards import (
    EXCUSE,
    PETIT,
    TWENTY_ONE,
    half_points,
    is_trump,
    strength,
    suit,
    trick_winner,
)

View = dict[str, Any]


# --- What the view shows -----------------------------------------------------------------


def may_hold(card: str, missing: set[str], cap: int) -> bool:
    if card == EXCUSE:
        return True
    if is_trump(card):
        return "T" not in missing and strength(card) <= cap
    return suit(card) not in missing


def _their_trumps(view: View) -> int:
    """The trumps the opponent may hold at most (hand and face-up tops)."""
    missing, cap = voids(view)
    tops = sum(1 for c in face_up(view, opponent(view)) if is_trump(c))
    if "T" in missing:
        return tops
    out = sum(1 for c in unseen(view) if is_trump(c) and strength(c) <= cap)
    return tops + min(out, view["hand_counts"][str(opponent(view))])


def _cheapest(cards: list[str]) -> str:
    return min(cards, key=lambda c: (c == PETIT, half_points(c), is_trump(c), strength(c)))


# --- thumb: the rules of thumb -------------------------------------------------------------


def thumb_card(view: View) -> str:
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    plain = [c for c in legal if c != EXCUSE]
    if EXCUSE in legal and (not plain or view["tricks_left"] <= 2):
        return EXCUSE  # never kept for the last trick
    lead = lead_card(view)
    if lead is not None:
        return _thumb_follow(lead, legal, plain)
    return _thumb_lead(view, plain)


def _thumb_follow(lead: str, legal: list[str], plain: list[str]) -> str:
    if lead == EXCUSE:  # anything wins: bring home the Petit, else the best suit card
        if PETIT in plain:
            return PETIT
        suited = [c for c in plain if not is_trump(c)]
        if suited:
            return max(suited, key=lambda c: (half_points(c), strength(c)))
        return min(plain, key=strength)
    winning = [c for c in plain if trick_winner(lead, c) == 1]
    if PETIT in winning:
        return PETIT  # save the Petit: it wins here
    suited = [c for c in winning if not is_trump(c)]
    if suited:  # following suit: the most valuable winner
        return max(suited, key=lambda c: (half_points(c), strength(c)))
    if winning:  # trumping or overtrumping: the lowest trump that wins
        low = min(winning, key=strength)
        if low != TWENTY_ONE or half_points(lead) >= 3 or is_trump(lead):
            return low
    losing = [c for c in plain if c not in winning and c != PETIT] or [
        c for c in plain if c != PETIT
    ]
    if not losing:  # only the Petit (and maybe the Excuse) left to give
        return EXCUSE if EXCUSE in legal else PETIT
    giving = _cheapest(losing)
    if EXCUSE in legal and half_points(giving) >= 5:
        return EXCUSE  # rather than a king, a queen or a knight
    return giving


def _thumb_lead(view: View, plain: list[str]) -> str:
    if not plain:
        return EXCUSE
    missing, _ = voids(view)
    out = unseen(view)
    theirs_up = face_up(view, opponent(view))
    trumps = [c for c in plain if is_trump(c)]
    their_trumps = _their_trumps(view)
    # Save the Petit: lead it once nothing can take it.
    if PETIT in plain and their_trumps == 0:
        return PETIT
    # Hunt the Petit: it is out, and we hold more trumps than they can.
    petit_out = PETIT in out or PETIT in theirs_up
    big = [c for c in trumps if c != PETIT]
    if petit_out and big and len(trumps) > their_trumps and their_trumps > 0:
        return max(big, key=strength)
    # Lead masters: the highest card still out of a suit they still follow.
    hidden_or_theirs = out | set(theirs_up)
    masters = []
    for card in plain:
        if is_trump(card) or suit(card) in missing:
            continue
        s = suit(card)
        if not any(suit(c) == s for c in hidden_or_theirs):
            continue  # they hold none of it: they would trump
        if all(strength(c) < strength(card) for c in hidden_or_theirs if suit(c) == s):
            masters.append(card)
    if masters:
        return max(masters, key=lambda c: (half_points(c), strength(c)))
    # Otherwise low from the longest suit, honours kept.
    return low_from_longest_suit(plain)


def low_from_longest_suit(plain: list[str]) -> str:
    """The lowest card of the longest plain suit (ties: the later suit); with no plain
    suit, the lowest trump but the Petit."""
    suited = [c for c in plain if not is_trump(c)]
    if suited:
        length = {s: sum(1 for c in suited if suit(c) == s) for s in {suit(c) for c in suited}}
        longest = max(length, key=lambda s: (length[s], s))
        return min((c for c in suited if suit(c) == longest), key=strength)
    return min((c for c in plain if c != PETIT), key=strength, default=plain[0])


def thumb(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    return {"type": "play", "card": thumb_card(engine.view(state, seat))}
