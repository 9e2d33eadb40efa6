"""Open-card search of the rest of a Tarot duel round, for the strong computer player.

Everything is an int: a card is its index in `cards.DECK` (suit cards 0-55, four suits
of 14 in rising order, trumps 56-76 from T1 to T21, the Excuse 77), a set of cards is a
bitmask. The search sees every card (one sampled deal). What a seat can play is one
mask, its hand and its face-up stack tops (`avail`): playing a stack top puts the card
below it (`below`, fixed for the deal) into the mask. That card is really turned up only
when the trick is gathered, but in a duel the player who uncovered it does not play
again before then, so the mask is right whenever that player is to move.

`Search.root_values` gives the value of each candidate card for the player to move: the
card points taken from now on by that player minus those taken by the opponent (in
half-points, the Excuse exchange included), with a bonus for each oudler taken (it
lowers the taker's threshold) and for the Petit in the last trick. Alpha-beta over whole
tricks, to a fixed number of tricks, then a static evaluation (trumps held, kept up to
date move by move). `tarot.endgame` plays the last tricks to the end for the round's result.

Speed matters (more samples per decision): the tricks' last card does not recurse when
the trick ends the search, legal cards, winners and trick values come from tables.
"""

from __future__ import annotations

from gamekit.bitsets import bits
from tarot.cards import (
    DECK,
    EXCUSE,
    OUDLERS,
    PETIT,
    half_points,
    is_trump,
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
TRUMP_WEIGHT = [0] * N
for _i, _c in enumerate(DECK):
    if is_trump(_c):
        TRUMP_WEIGHT[_i] = 2 + (_i - FIRST_TRUMP) // 5
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


def trick_gain(lead: int, second: int, winner_is_zero: bool, zero_led: bool, last: bool) -> int:
    """The value of a gathered trick for seat 0 (points with the oudler bonus, the
    Excuse exchange before the last trick, the Petit bonus in the last)."""
    if not last and EX in (lead, second):
        # The Excuse goes back to its owner, who gives the winner half a point.
        other = second if lead == EX else lead
        excuse_zero = zero_led == (lead == EX)
        gain = VALUE[EX] - 1 if excuse_zero else 1 - VALUE[EX]
        gain += VALUE[other] + 1 if winner_is_zero else -VALUE[other] - 1
        return gain
    gain = VALUE[lead] + VALUE[second]
    if last and T1 in (lead, second):
        gain += PETIT_LAST_BONUS
    return gain if winner_is_zero else -gain


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

    def evaluate(self, hands: list[int], heights: list[tuple[int, ...]]) -> int:
        """Static guess at the rest of the round: trumps held give tricks later (the
        search keeps it up to date as cards are played: `TRUMP_WEIGHT`)."""
        score = 0
        for seat, sign in ((0, 1), (1, -1)):
            cards = hands[seat]
            for k in range(6):
                for card in self.stacks[seat][k][: heights[seat][k]]:
                    cards |= 1 << card
            for card in bits(cards & TRUMPS):
                score += sign * TRUMP_WEIGHT[card]
        return score

    def lead(self, a0: int, a1: int, leader: int, left: int, depth: int,
             alpha: int, beta: int, guess: int) -> int:  # fmt: skip
        """Value for seat 0 of the rest from a trick `leader` is about to lead, with
        `left` tricks to play (> 0) and `depth` (> 0) searched before `guess`."""
        self.nodes += 1
        if self.nodes > self.node_limit or not (a0 if leader == 0 else a1):
            return guess  # (no card left: only in positions set up with uneven hands)
        below = self.below
        if leader == 0:
            best = -INF
            for card in self.lead_moves(a0):
                rest = a0 ^ (1 << card)
                under = below[card]
                if under >= 0:
                    rest |= 1 << under
                value = self.follow(rest, a1, 0, card, left, depth, alpha, beta,
                                    guess - TRUMP_WEIGHT[card])  # fmt: skip
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            return best
        best = INF
        for card in self.lead_moves(a1):
            rest = a1 ^ (1 << card)
            under = below[card]
            if under >= 0:
                rest |= 1 << under
            value = self.follow(a0, rest, 1, card, left, depth, alpha, beta,
                                guess + TRUMP_WEIGHT[card])  # fmt: skip
            if value < best:
                best = value
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        return best

    def follow(
        self,
        a0: int,
        a1: int,
        leader: int,
        lead: int,
        left: int,
        depth: int,
        alpha: int,
        beta: int,
        guess: int,
    ) -> int:
        """Value for seat 0 once `leader` led `lead`: the other seat picks its card."""
        self.nodes += 1
        if not (a1 if leader == 0 else a0):
            return guess
        last = left == 1
        stop = last or depth == 1
        below = self.below
        beats = BEATS[lead]
        plain = lead != EX and not last
        if leader == 1:  # seat 0 follows, maximising
            best = -INF
            for card in self.follow_moves(a0, lead):
                win = beats >> card & 1
                if plain and card != EX:
                    gain = VALUE[lead] + VALUE[card]
                    if not win:
                        gain = -gain
                else:
                    gain = trick_gain(lead, card, bool(win), False, last)
                g = guess - TRUMP_WEIGHT[card]
                if stop:
                    value = gain + (0 if last else g)
                else:
                    rest = a0 ^ (1 << card)
                    under = below[card]
                    if under >= 0:
                        rest |= 1 << under
                    value = gain + self.lead(rest, a1, 0 if win else 1, left - 1, depth - 1,
                                             alpha - gain, beta - gain, g)  # fmt: skip
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            return best
        best = INF
        for card in self.follow_moves(a1, lead):
            win = beats >> card & 1  # seat 1 wins the trick
            if plain and card != EX:
                gain = VALUE[lead] + VALUE[card]
                if win:
                    gain = -gain
            else:
                gain = trick_gain(lead, card, not win, True, last)
            g = guess + TRUMP_WEIGHT[card]
            if stop:
                value = gain + (0 if last else g)
            else:
                rest = a1 ^ (1 << card)
                under = below[card]
                if under >= 0:
                    rest |= 1 << under
                value = gain + self.lead(a0, rest, 1 if win else 0, left - 1, depth - 1,
                                         alpha - gain, beta - gain, g)  # fmt: skip
            if value < best:
                best = value
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        return best

    def root_values(
        self,
        moves: list[int],
        hands: list[int],
        heights: list[tuple[int, ...]],
        leader: int,
        lead: int,
        tricks_left: int,
        depth: int,
    ) -> dict[int, int]:
        """The value of each of seat 0's `moves` (exact within the depth and the node
        budget, which each move gets whole; no pruning between root moves, so that
        samples can be averaged). `leader` is 1 when seat 0 answers `lead`."""
        values = {}
        start = self.evaluate(hands, heights)
        a0 = self.avail(0, hands[0], heights[0])
        a1 = self.avail(1, hands[1], heights[1])
        for card in moves:
            self.nodes = 0  # each card gets the same budget
            guess = start - TRUMP_WEIGHT[card]
            rest = self.after(a0, card)
            if lead < 0:
                values[card] = self.follow(rest, a1, 0, card, tricks_left, depth, -INF, INF, guess)
                continue
            win = second_wins(lead, card)
            last = tricks_left == 1
            gain = trick_gain(lead, card, win, False, last)
            if last or depth <= 1:
                values[card] = gain + (0 if last else guess)
            else:
                values[card] = gain + self.lead(
                    rest, a1, 0 if win else 1, tricks_left - 1, depth - 1, -INF, INF, guess
                )
        return values
