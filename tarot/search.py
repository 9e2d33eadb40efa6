"""Open-card search of the rest of a Tarot duel round, for the strong computer player.

Everything is an int: a card is its index in `cards.DECK` (suit cards 0-55, four suits
of 14 in rising order, trumps 56-76 from T1 to T21, the Excuse 77), a set of cards is a
bitmask. The search sees every card (one sampled deal). What a seat can play is one
mask, its hand and its face-up stack tops (`avail`): playing a stack top puts the card
below it (`below`, fixed for the deal) into the mask. That card is really turned up only
when the trick is gathered, but in a duel the player who uncovered it does not play
again before then, so the mask is right whenever that player is to move.

`Search` holds one such deal: what each seat can play, the card under each stack top,
and the moves worth trying (cheap cards of one suit stand for each other), ordered for
alpha-beta. `tarot.endgame` searches the last tricks to the end for the round's result,
`tarot.playout` plays the rest out by the rules of thumb. Speed matters (more samples
per decision): legal cards, winners and trick values come from tables.
"""

from __future__ import annotations

from gamekit.bitsets import bits
from tarot.cards import (
    DECK,
    EXCUSE,
    OUDLERS,
    PETIT,
    half_points,
)

N = len(DECK)
EX = DECK.index(EXCUSE)
T1 = DECK.index(PETIT)
FIRST_TRUMP = T1
SUIT_OF = [i // 14 if i < 56 else (4 if i < EX else 5) for i in range(N)]
SUIT_MASKS = [sum(1 << i for i in range(14 * s, 14 * s + 14)) for s in range(4)]
TRUMPS = sum(1 << i for i in range(FIRST_TRUMP, EX))
EX_BIT = 1 << EX
T1_BIT = 1 << T1
ABOVE = [sum(1 << j for j in range(i + 1, EX)) if FIRST_TRUMP <= i < EX else 0 for i in range(N)]
OUDLER_BONUS = 12  # half-points: an oudler taken lowers its taker's threshold
PETIT_LAST_BONUS = 10  # half-points: the Petit in the last trick
VALUE = [half_points(c) + (OUDLER_BONUS if c in OUDLERS else 0) for c in DECK]
# Cheap cards that stand for each other inside a hand: 0.5-point suit cards and trumps.
PLAIN = sum(1 << i for i, c in enumerate(DECK) if half_points(c) == 1)
GROUPS = (*SUIT_MASKS, TRUMPS)
# The cards that beat a card led, as second card of the trick (the Excuse never wins,
# a led Excuse lets anything win).
BEATS = [0] * N
for _i in range(N):
    if _i == EX:
        BEATS[_i] = ((1 << N) - 1) ^ EX_BIT
    elif SUIT_OF[_i] == 4:
        BEATS[_i] = ABOVE[_i]
    else:
        BEATS[_i] = TRUMPS | (SUIT_MASKS[SUIT_OF[_i]] & ~((2 << _i) - 1))
INF = 10**9


def legal_mask(avail: int, lead: int) -> int:
    """The cards of `avail` that may follow `lead` (-1: leading, anything goes)."""
    if lead < 0 or lead == EX:
        return avail
    suit = SUIT_OF[lead]
    if suit < 4:
        same = avail & SUIT_MASKS[suit]
        if same:
            return same | (avail & EX_BIT)
    trumps = avail & TRUMPS
    if not trumps:
        return avail
    if suit == 4:
        higher = trumps & ABOVE[lead]
        if higher:
            trumps = higher
    return trumps | (avail & EX_BIT)


def second_wins(lead: int, second: int) -> bool:
    return bool(BEATS[lead] >> second & 1)


class Search:
    """One open-card deal: seat 0 is the player to decide, seat 1 the opponent."""

    def __init__(self, stacks: list[list[list[int]]], node_limit: int) -> None:
        self.stacks = stacks  # stacks[seat][k]: card indices, bottom → top
        self.below = [-1] * N
        self.stacked = 0
        for seat in (0, 1):
            for pile in stacks[seat]:
                for i, card in enumerate(pile):
                    self.stacked |= 1 << card
                    self.below[card] = pile[i - 1] if i else -1
        self.nodes = 0
        self.node_limit = node_limit

    def avail(self, seat: int, hand: int, heights: tuple[int, ...]) -> int:
        """A seat's hand and its face-up stack tops, from its stacks' heights."""
        mask = hand
        piles = self.stacks[seat]
        for k in range(6):
            h = heights[k]
            if h:
                mask |= 1 << piles[k][h - 1]
        return mask

    def after(self, avail: int, card: int) -> int:
        """`avail` once `card` is played (the card below a stack top comes up)."""
        avail ^= 1 << card
        under = self.below[card]
        return avail | (1 << under) if under >= 0 else avail

    def candidates(self, seat: int, legal: int, hand: int) -> list[int]:
        """The legal cards worth trying: of the cheap cards in hand, only the lowest and
        highest of each suit and of the trumps (stack tops always: they uncover cards)."""
        cheap = legal & hand & PLAIN
        chosen = legal & ~cheap
        for group in GROUPS:
            part = cheap & group
            if part:
                chosen |= (part & -part) | (1 << (part.bit_length() - 1))
        return bits(chosen)

    def pruned(self, legal: int) -> int:
        """`candidates` inside the search, where a card not in a stack is in a hand."""
        cheap = legal & PLAIN & ~self.stacked
        if not cheap:
            return legal
        chosen = legal & ~cheap
        for group in GROUPS:
            part = cheap & group
            if part:
                chosen |= (part & -part) | (1 << (part.bit_length() - 1))
        return chosen

    def lead_moves(self, avail: int) -> list[int]:
        moves = bits(self.pruned(avail))
        moves.reverse()  # the highest first
        if len(moves) > 1 and moves[0] == EX:
            moves.append(moves.pop(0))  # the Excuse last
        return moves

    def follow_moves(self, avail: int, lead: int) -> list[int]:
        """Winning cards first, each part from the cheapest (alpha-beta cuts more)."""
        legal = self.pruned(legal_mask(avail, lead))
        beats = BEATS[lead]
        winning = bits(legal & beats)
        losing = bits(legal & ~beats)
        if len(winning) > 1:
            winning.sort(key=VALUE.__getitem__)
        if len(losing) > 1:
            losing.sort(key=VALUE.__getitem__)
        return winning + losing
