"""Playouts for the strong Tarot player: the rest of a round played out in one sampled
deal with every card open, both seats by the rules of thumb of the French guides (win
cheaply, the dearest card of the suit when it wins, the lowest trump that wins; shed the
cheapest; save the Petit; lead masters; hunt the Petit), on the bitmasks of
tarot/search.py. A playout is scored as `endgame.outcome`: the round won, drawn or lost
first, then the points; a cheap, far-seeing guess where the search cannot reach the end.
"""

from __future__ import annotations

from tarot.cards import DECK, TWENTY_ONE, half_points, is_trump, strength
from tarot.endgame import EndSearch, outcome
from tarot.search import BEATS, EX, EX_BIT, SUIT_MASKS, T1, T1_BIT, TRUMPS, bits, legal_mask

# Shedding order: the cheapest card first (points, suit cards before trumps, strength),
# the Petit and the Excuse last.
_SHED = sorted(
    (i for i in range(len(DECK)) if i not in (EX, T1)),
    key=lambda i: (half_points(DECK[i]), is_trump(DECK[i]), strength(DECK[i])),
)
_HALVES = [half_points(c) for c in DECK]
_T21 = DECK.index(TWENTY_ONE)
_SUITS_ONLY = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _shed(mask: int) -> int:
    for card in _SHED:
        if mask >> card & 1:
            return card
    return T1 if mask & T1_BIT else EX


def follow(avail: int, lead: int, left: int) -> int:
    """The second card of a trick."""
    legal = legal_mask(avail, lead)
    if legal & (legal - 1) == 0:
        return _low(legal)
    if legal & EX_BIT and (left <= 2 or legal == EX_BIT | T1_BIT):
        return EX
    plain = legal & ~EX_BIT
    if lead == EX:
        if plain & T1_BIT:
            return T1
        suited = plain & _SUITS_ONLY
        if suited:
            return max(bits(suited), key=lambda c: (_HALVES[c], c))
        return _low(plain)
    winning = plain & BEATS[lead]
    if winning & T1_BIT:
        return T1
    if winning & _SUITS_ONLY:
        return _high(winning & _SUITS_ONLY)  # within a suit the highest is the dearest
    if winning:
        low = _low(winning)
        if low != _T21 or _HALVES[lead] >= 3 or TRUMPS >> lead & 1:
            return low
    losing = plain & ~winning & ~T1_BIT
    if not losing:
        return EX if legal & EX_BIT else _low(plain)
    giving = _shed(losing)
    if legal & EX_BIT and _HALVES[giving] >= 5:
        return EX
    return giving


def lead(avail: int, theirs: int, left: int) -> int:
    """The card led, in a deal where all is open."""
    if avail & EX_BIT and (left <= 2 or avail == EX_BIT):
        return EX
    plain = avail & ~EX_BIT
    if not plain:
        return EX
    my_trumps = plain & TRUMPS
    their_trumps = theirs & TRUMPS
    if plain & T1_BIT and not their_trumps:
        return T1
    if theirs & T1_BIT and my_trumps & ~T1_BIT and my_trumps.bit_count() > their_trumps.bit_count():
        return _high(my_trumps)  # hunt the Petit
    best = -1
    for mask in SUIT_MASKS:  # masters, the most valuable first
        mine = plain & mask
        if mine and theirs & mask and _high(mine) > _high(theirs & mask):
            card = _high(mine)
            if best < 0 or _HALVES[card] > _HALVES[best]:
                best = card
    if best >= 0:
        return best
    longest = 0
    for mask in SUIT_MASKS:
        mine = plain & mask
        if mine.bit_count() > longest.bit_count():
            longest = mine
    if longest:
        return _low(longest)
    rest = my_trumps & ~T1_BIT
    return _low(rest) if rest else T1


def play_out(
    search: EndSearch, a0: int, a1: int, leader: int, led: int, left: int, mine: int
) -> int:
    """The rest of the round from a trick `leader` led `led` (-1: about to lead), `left`
    tricks to play including it; `endgame.outcome` of the end for seat 0."""
    while True:
        if led < 0:
            if leader == 0:
                led = lead(a0, a1, left)
                a0 = search.after(a0, led)
            else:
                led = lead(a1, a0, left)
                a1 = search.after(a1, led)
        if leader == 0:
            card = follow(a1, led, left)
            a1 = search.after(a1, card)
        else:
            card = follow(a0, led, left)
            a0 = search.after(a0, card)
        last = left == 1
        winner, took, petit = search.taken(led, card, leader, last)
        mine += took
        if last or not (a0 | a1):
            return outcome(mine, petit)
        leader, led, left = winner, -1, left - 1


def root_playouts(
    search: EndSearch,
    moves: list[int],
    hands: list[int],
    heights: list[tuple[int, ...]],
    led: int,
    left: int,
    mine: int,
) -> dict[int, int]:
    """Each of seat 0's `moves` played, then the round played out (as `root_outcomes`)."""
    a0 = search.avail(0, hands[0], heights[0])
    a1 = search.avail(1, hands[1], heights[1])
    values = {}
    for card in moves:
        rest = search.after(a0, card)
        if led < 0:
            values[card] = play_out(search, rest, a1, 0, card, left, mine)
        else:
            winner, took, _ = search.taken(led, card, 1, False)
            values[card] = play_out(search, rest, a1, winner, -1, left - 1, mine + took)
    return values
