"""Playouts for the strong Tarot player: the rest of a round played out in one sampled
deal with every card open, both seats by the rules of thumb of the French guides (win
cheaply, the dearest card of the suit when it wins, the lowest trump that wins; shed the
cheapest; save the Petit; lead masters; hunt the Petit), on the bitmasks of
tarot/search.py. A playout is scored as `endgame.outcome`: the round won, drawn or lost
first, then the points; a cheap, far-seeing guess where the search cannot reach the end.

bench/baselines/tarot_pimc.py keeps a copy of the rules of thumb below (`_shed`,
`follow`, `lead`: about 60 lines, word for word when written), on purpose, and says so
at its top: that baseline must stay the player bench/RESULTS.md measured, whatever
becomes of these; a change here is not one there.
"""

from __future__ import annotations

from gamekit.bitsets import bits
from tarot.cards import DECK, TWENTY_ONE, half_points, is_trump, strength
from tarot.endgame import TAKEN, EndSearch, outcome
from tarot.search import BEATS, EX, EX_BIT, SUIT_MASKS, T1, T1_BIT, TRUMPS, legal_mask

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


# --- The same playout, fast -------------------------------------------------------------
# `play_out` above is the readable statement of the rules of thumb; `fast_play_out` is
# the one the strong player runs, thousands of times a decision: the same function (a
# test plays both on sampled deals), with `lead`, `follow`, `legal_mask`, `after`,
# `taken` and `outcome` inlined and the shedding order as masks, so that more worlds fit
# in the same CPU time.

_SUIT_OF = [i // 14 if i < 56 else (4 if i < EX else 5) for i in range(len(DECK))]
_FOLLOW_MASK = [SUIT_MASKS[s] if s < 4 else 0 for s in _SUIT_OF]
_ABOVE = [sum(1 << j for j in range(i + 1, EX)) if TRUMPS >> i & 1 else 0 for i in range(len(DECK))]
# `_SHED` as masks of equal keys, cheapest first: within one, the lowest index comes
# first in `_SHED` too (the sort is stable).
_SHED_KEYS = {i: (half_points(DECK[i]), is_trump(DECK[i]), strength(DECK[i])) for i in _SHED}
_SHED_MASKS = [
    sum(1 << i for i in _SHED if _SHED_KEYS[i] == key) for key in sorted(set(_SHED_KEYS.values()))
]
_TAKEN = TAKEN
_NOT_EX = ~EX_BIT
_NOT_T1 = ~T1_BIT


def fast_play_out(
    search: EndSearch, a0: int, a1: int, leader: int, led: int, left: int, mine: int
) -> int:
    """`play_out`, the same result, faster."""
    below = search.below
    while True:
        if leader == 0:
            la, fa = a0, a1
        else:
            la, fa = a1, a0
        if led < 0:  # --- lead (la leads against fa) ---
            if la & EX_BIT and (left <= 2 or la == EX_BIT):
                led = EX
            else:
                plain = la & _NOT_EX
                my_trumps = plain & TRUMPS
                their_trumps = fa & TRUMPS
                if plain & T1_BIT and not their_trumps:
                    led = T1
                elif (
                    fa & T1_BIT
                    and my_trumps & _NOT_T1
                    and my_trumps.bit_count() > their_trumps.bit_count()
                ):
                    led = my_trumps.bit_length() - 1
                else:
                    led = -1
                    for mask in SUIT_MASKS:
                        mine_s = plain & mask
                        if mine_s:
                            top = mine_s.bit_length() - 1
                            theirs_s = fa & mask
                            if (
                                theirs_s
                                and top > theirs_s.bit_length() - 1
                                and (led < 0 or _HALVES[top] > _HALVES[led])
                            ):
                                led = top
                    if led < 0:
                        longest = 0
                        count = 0
                        for mask in SUIT_MASKS:
                            mine_s = plain & mask
                            if mine_s.bit_count() > count:
                                longest, count = mine_s, mine_s.bit_count()
                        if longest:
                            led = (longest & -longest).bit_length() - 1
                        else:
                            rest = my_trumps & _NOT_T1
                            led = (rest & -rest).bit_length() - 1 if rest else T1
            la ^= 1 << led
            under = below[led]
            if under >= 0:
                la |= 1 << under
        # --- follow (fa answers led) ---
        if led == EX:
            legal = fa
        else:
            same = fa & _FOLLOW_MASK[led]
            if same:
                legal = same | (fa & EX_BIT)
            else:
                trumps = fa & TRUMPS
                if not trumps:
                    legal = fa
                else:
                    if _SUIT_OF[led] == 4:
                        higher = trumps & _ABOVE[led]
                        if higher:
                            trumps = higher
                    legal = trumps | (fa & EX_BIT)
        if legal & (legal - 1) == 0:
            card = (legal & -legal).bit_length() - 1
        elif legal & EX_BIT and (left <= 2 or legal == EX_BIT | T1_BIT):
            card = EX
        else:
            plain = legal & _NOT_EX
            if led == EX:
                if plain & T1_BIT:
                    card = T1
                else:
                    suited = plain & _SUITS_ONLY
                    if suited:
                        card = max(bits(suited), key=lambda c: (_HALVES[c], c))
                    else:
                        card = (plain & -plain).bit_length() - 1
            else:
                winning = plain & BEATS[led]
                card = -1
                if winning & T1_BIT:
                    card = T1
                elif winning & _SUITS_ONLY:
                    card = (winning & _SUITS_ONLY).bit_length() - 1
                elif winning:
                    low = (winning & -winning).bit_length() - 1
                    if low != _T21 or _HALVES[led] >= 3 or TRUMPS >> led & 1:
                        card = low
                if card < 0:
                    losing = plain & ~winning & _NOT_T1
                    if not losing:
                        card = EX if legal & EX_BIT else (plain & -plain).bit_length() - 1
                    else:
                        for mask in _SHED_MASKS:
                            part = losing & mask
                            if part:
                                card = (part & -part).bit_length() - 1
                                break
                        if legal & EX_BIT and _HALVES[card] >= 5:
                            card = EX
        fa ^= 1 << card
        under = below[card]
        if under >= 0:
            fa |= 1 << under
        # --- the trick gathered (`EndSearch.taken`) ---
        winner = 1 - leader if BEATS[led] >> card & 1 else leader
        last = left == 1
        if not last and (led == EX or card == EX):
            excuse_owner, other = (leader, card) if led == EX else (1 - leader, led)
            if excuse_owner == 0:
                mine += _TAKEN[EX] - 1
            elif winner == 0:
                mine += 1
            if winner == 0:
                mine += _TAKEN[other]
        elif winner == 0:
            mine += _TAKEN[led] + _TAKEN[card]
        if leader == 0:
            a0, a1 = la, fa
        else:
            a1, a0 = la, fa
        if last or not (a0 | a1):
            petit = 0
            if last and (led == T1 or card == T1):
                petit = 1 if winner == 0 else -1
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
            values[card] = fast_play_out(search, rest, a1, 0, card, left, mine)
        else:
            winner, took, _ = search.taken(led, card, 1, False)
            values[card] = fast_play_out(search, rest, a1, winner, -1, left - 1, mine + took)
    return values
