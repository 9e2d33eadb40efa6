"""What the opponent's plays tell of its hand, for the strong Tarot player: beyond the
voids it showed (tarot.bots.voids), a player who follows the usual rules of thumb (win
cheaply, with the dearest card of the suit or the lowest trump that wins; shed the
cheapest card) did not hold, when it played a card, the cards it would have played
instead. A hand never gains a card, so what it lacked then it lacks now.

Each of the opponent's second cards gives one mask of such cards; a sampled hand that
holds some card of a mask is less likely (a weight `EPS` per mask it meets, not zero: an
opponent is not bound by those rules). Only the hand is concerned: the stacks' cards
were not its choice.
"""

from __future__ import annotations

from typing import Any

from tarot.cards import DECK, EXCUSE, INDEX, PETIT, half_points, is_trump, strength, suit
from tarot.search import BEATS, SUIT_MASKS, TRUMPS

_SUIT_INDEX = {s: k for k, s in enumerate("SHDC")}
_T1 = INDEX[PETIT]


def _cheaper(card: str) -> int:
    """The cards shed before `card` by the cheapest-first order (the Petit never)."""
    key = (half_points(card), is_trump(card), strength(card))
    return sum(
        1 << i
        for i, c in enumerate(DECK)
        if c not in (EXCUSE, PETIT) and (half_points(c), is_trump(c), strength(c)) < key
    )


def _below(card: str) -> int:
    """The cards of `card`'s suit (or trumps) weaker than it."""
    i = INDEX[card]
    group = TRUMPS if is_trump(card) else SUIT_MASKS[_SUIT_INDEX[suit(card)]]
    return group & ((1 << i) - 1)


def _above(card: str) -> int:
    i = INDEX[card]
    group = TRUMPS if is_trump(card) else SUIT_MASKS[_SUIT_INDEX[suit(card)]]
    return group & ~((2 << i) - 1)


def unlikely(lead: str, card: str) -> int:
    """The cards the second player would have played rather than `card` on `lead`, had
    it held them (0: no inference)."""
    if EXCUSE in (lead, card):
        return 0
    li, ci = INDEX[lead], INDEX[card]
    won = BEATS[li] >> ci & 1
    if is_trump(card) and not is_trump(lead):  # trumped (it had no card of the suit)
        if not won:
            return 0
        return ((1 << _T1) | _below(card)) if card != PETIT else 0
    if is_trump(card):  # on a trump led
        if won:  # the lowest trump that wins
            return _below(card) & BEATS[li]
        return _below(card) & ~(1 << _T1)  # the lowest trump but the Petit
    if suit(card) == suit(lead):
        if won:  # the dearest card of the suit that wins
            return _above(card)
        # It would have won had it held a higher card; else it gave its cheapest.
        return (BEATS[li] & ~TRUMPS & _above(lead)) | _below(card)
    return _cheaper(card) & ~TRUMPS  # a discard: no suit, no trump


def masks(view: dict[str, Any], them: int) -> list[int]:
    """One mask a trick where the opponent played second, for a hand: what it lacked."""
    found = []
    for trick in view["tricks"]:
        first, second = trick["cards"]
        if second["seat"] != them:
            continue
        mask = unlikely(first["card"], second["card"])
        if mask:
            found.append(mask)
    return found


def weight(hand: int, lacked: list[int], eps: float) -> float:
    """The weight of a sampled hand: `eps` for each mask it meets."""
    w = 1.0
    for mask in lacked:
        if hand & mask:
            w *= eps
    return w
