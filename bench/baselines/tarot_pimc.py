"""The perfect-information Monte Carlo player of the Tarot duel (``pimc`` in
bench/baselines/tarot.py). Like a bot, it reads only ``engine.view(state, seat)``.

Independent of the site's strong player on purpose: its sampling and its playout policy
(`_shed`, `playout_follow`, `playout_lead` below: tarot/playout.py's `_shed`, `follow` and
`lead`, word for word when written) stay the player bench/RESULTS.md measured, whatever
becomes of strong's; a change there is not one here. What it shares with the site is
machinery, not strategy: the legal masks and winners (tarot/search.py), the exact end
search (tarot/endgame.py) and what a view shows (tarot/bots.py).

``pimc``: the standard perfect-information Monte Carlo player (Ginsberg's GIB, 2001;
Long, Sturtevant, Buro & Furtak, "Understanding the success of perfect information Monte
Carlo sampling in trick-taking games", AAAI 2010): sample worlds (the opponent's hand and
every face-down card) uniformly among those consistent with what was shown (a player who
did not follow suit holds none of it, one who did not trump no trump, one who did not
overtrump no higher trump), evaluate each candidate card in each world with everything
open, and play the card with the best total. The evaluation of a world: a playout to the
end of the round with the rules of thumb above for both players (the "rule-policy
playout" of PIMC for long games), or, over the last ``EXACT_TRICKS`` tricks, the exact
search to the end (tarot.endgame, the site's own). A playout scores the round's result
first (won, drawn, lost), then the points. ``WORLDS`` worlds a decision: a budget chosen
so that its CPU time per decision is close to the strong bot's (bench/RESULTS.md).
"""

from __future__ import annotations

import random
from typing import Any

from bench.baselines.tarot_rules_of_thumb import View, may_hold
from gamekit.bitsets import bits
from tarot import engine
from tarot.bots import lead_card, opponent, unseen, voids
from tarot.cards import DECK, INDEX, TWENTY_ONE, half_points, is_trump, strength
from tarot.endgame import OUDLER_UNIT, EndSearch, outcome
from tarot.search import BEATS, EX, EX_BIT, SUIT_MASKS, T1, T1_BIT, TRUMPS, legal_mask

# pimc: worlds per decision, and how few tricks left make it search them exactly.
WORLDS = 16
EXACT_TRICKS = 6


# --- pimc: perfect-information Monte Carlo ---------------------------------------------------


def sample_world(view: View, rng: random.Random) -> tuple[list[str], dict[int, list[list[str]]]]:
    """One world consistent with the view, uniform among them: the opponent's hand and
    each seat's stacks (bottom → top, the face-down cards drawn, the face-up top kept)."""
    them = opponent(view)
    missing, cap = voids(view)
    out = sorted(unseen(view), key=INDEX.__getitem__)
    size = view["hand_counts"][str(them)]
    possible = [c for c in out if may_hold(c, missing, cap)]
    rng.shuffle(possible)
    hand = possible[:size]
    down = [c for c in out if c not in hand]
    rng.shuffle(down)
    stacks: dict[int, list[list[str]]] = {}
    for seat in (1, 2):
        piles = []
        for pile in view["stacks"][str(seat)]:
            cards = [down.pop() for _ in range(pile["down"])]
            if pile["up"] is not None:
                cards.append(pile["up"])
            piles.append(cards)
        stacks[seat] = piles
    return hand, stacks


# Shedding order inside a playout: the cheapest card first (points, then suit cards
# before trumps, then strength), the Petit and the Excuse last.
_SHED = sorted(
    (i for i in range(len(DECK)) if i not in (EX, T1)),
    key=lambda i: (half_points(DECK[i]), is_trump(DECK[i]), strength(DECK[i])),
)
_HALVES = [half_points(c) for c in DECK]
_T21 = INDEX[TWENTY_ONE]
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


def playout_follow(avail: int, lead: int, left: int) -> int:
    """The rules of thumb as the second card, on masks (a playout's policy)."""
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


def playout_lead(avail: int, theirs: int, left: int) -> int:
    """The rules of thumb as the leader, on masks, in a world where all is open."""
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
        return _high(my_trumps)
    best = -1
    for mask in SUIT_MASKS:
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


def playout(
    search: EndSearch, a0: int, a1: int, leader: int, lead: int, left: int, mine: int
) -> int:
    """The rest of the round played by the rules of thumb from a trick `leader` led
    `lead` (-1: about to lead); `endgame.outcome` of the end for seat 0."""
    while True:
        if lead < 0:
            if leader == 0:
                lead = playout_lead(a0, a1, left)
                a0 = search.after(a0, lead)
            else:
                lead = playout_lead(a1, a0, left)
                a1 = search.after(a1, lead)
        if leader == 0:
            card = playout_follow(a1, lead, left)
            a1 = search.after(a1, card)
        else:
            card = playout_follow(a0, lead, left)
            a0 = search.after(a0, card)
        last = left == 1
        winner, took, petit = search.taken(lead, card, leader, last)
        mine += took
        if last or not (a0 | a1):
            return outcome(mine, petit)
        leader, lead, left = winner, -1, left - 1


def pimc_card(view: View, rng: random.Random, worlds: int | None = None) -> str:
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    me, them = view["seat"], opponent(view)
    lead = lead_card(view)
    led = -1 if lead is None else INDEX[lead]
    left = view["tricks_left"]
    mine = round(2 * view["points"][str(me)]) + OUDLER_UNIT * view["oudlers"][str(me)]
    moves = [INDEX[c] for c in legal]
    totals = dict.fromkeys(moves, 0)
    my_hand = sum(1 << INDEX[c] for c in view["hand"])
    for _ in range(WORLDS if worlds is None else worlds):
        their_hand, stacks = sample_world(view, rng)
        piles = [[[INDEX[c] for c in p] for p in stacks[s]] for s in (me, them)]
        search = EndSearch(piles, 0)
        hands = [my_hand, sum(1 << INDEX[c] for c in their_hand)]
        heights = [tuple(len(p) for p in piles[0]), tuple(len(p) for p in piles[1])]
        if left <= EXACT_TRICKS:
            values = search.root_outcomes(moves, hands, heights, led, left, mine)
        else:
            a0 = search.avail(0, hands[0], heights[0])
            a1 = search.avail(1, hands[1], heights[1])
            values = {}
            for card in moves:
                rest = search.after(a0, card)
                if led < 0:
                    values[card] = playout(search, rest, a1, 0, card, left, mine)
                else:
                    winner, took, _ = search.taken(led, card, 1, False)
                    values[card] = playout(search, rest, a1, winner, -1, left - 1, mine + took)
        for card, value in values.items():
            totals[card] += value
    best = max(totals.values())
    return DECK[min(card for card, total in totals.items() if total == best)]


def pimc(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    return {"type": "play", "card": pimc_card(engine.view(state, seat), rng)}
