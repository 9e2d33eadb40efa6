"""Open-card search of the rest of a Tarot duel round, for the strong computer player.

Everything is an int: a card is its index in `cards.DECK` (suit cards 0-55, four suits
of 14 in rising order, trumps 56-76 from T1 to T21, the Excuse 77), a set of cards is a
bitmask, a seat's six stacks are fixed lists and their heights a tuple. The search sees
every card (one sampled deal); `best_values` gives the value of each candidate card for
the player to move: the card points taken from now on by that player minus those taken
by the opponent (in half-points, the Excuse exchange included), with a bonus for each
oudler taken (it lowers the taker's threshold) and for the Petit in the last trick.
Alpha-beta over whole tricks, to a fixed number of tricks, then a static evaluation.
"""

from __future__ import annotations

from tarot.cards import (
    DECK,
    EXCUSE,
    OUDLERS,
    PETIT,
    THRESHOLDS,
    TOTAL_HALF_POINTS,
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
ABOVE = [sum(1 << j for j in range(i + 1, EX)) if FIRST_TRUMP <= i < EX else 0 for i in range(N)]
OUDLER_BONUS = 12  # half-points: an oudler taken lowers its taker's threshold
PETIT_LAST_BONUS = 10  # half-points: the Petit in the last trick
VALUE = [half_points(c) + (OUDLER_BONUS if c in OUDLERS else 0) for c in DECK]
# Cheap cards that stand for each other inside a hand: 0.5-point suit cards and trumps.
PLAIN = sum(1 << i for i, c in enumerate(DECK) if half_points(c) == 1)
# Cards a leader tries first: the highest, the Excuse last (alpha-beta cuts more).
LEAD_ORDER = [N - i if i != EX else N for i in range(N)]
TRUMP_WEIGHT = [0] * N
for _i, _c in enumerate(DECK):
    if is_trump(_c):
        TRUMP_WEIGHT[_i] = 2 + (_i - FIRST_TRUMP) // 5


def bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


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
    if lead == EX:
        return True
    if second == EX:
        return False
    if SUIT_OF[second] == 4:
        return SUIT_OF[lead] != 4 or second > lead
    return SUIT_OF[second] == SUIT_OF[lead] and second > lead


class Search:
    """One open-card deal: seat 0 is the player to decide, seat 1 the opponent."""

    def __init__(self, stacks: list[list[list[int]]], node_limit: int) -> None:
        self.stacks = stacks  # stacks[seat][k]: card indices, bottom → top
        self.where: dict[int, tuple[int, int]] = {}
        for seat in (0, 1):
            for k, pile in enumerate(stacks[seat]):
                for card in pile:
                    self.where[card] = (seat, k)
        self.nodes = 0
        self.node_limit = node_limit

    def tops(self, seat: int, heights: tuple[int, ...]) -> int:
        mask = 0
        piles = self.stacks[seat]
        for k in range(6):
            h = heights[k]
            if h:
                mask |= 1 << piles[k][h - 1]
        return mask

    def remove(
        self, seat: int, card: int, hand: int, heights: tuple[int, ...]
    ) -> tuple[int, tuple[int, ...]]:
        bit = 1 << card
        if hand & bit:
            return hand ^ bit, heights
        k = self.where[card][1]
        return hand, (*heights[:k], heights[k] - 1, *heights[k + 1 :])

    def candidates(self, seat: int, legal: int, hand: int) -> list[int]:
        """The legal cards worth trying: of the cheap cards in hand, only the lowest and
        highest of each suit and of the trumps (stack tops always: they uncover cards)."""
        cheap = legal & hand & PLAIN
        chosen = legal & ~cheap
        for group in (*SUIT_MASKS, TRUMPS):
            part = cheap & group
            if part:
                chosen |= part & -part
                chosen |= 1 << (part.bit_length() - 1)
        return bits(chosen)

    def evaluate(self, hands: list[int], heights: list[tuple[int, ...]]) -> int:
        """Static guess at the rest of the round: trumps held give tricks later (the
        search keeps it up to date as cards are played: `WEIGHT`)."""
        score = 0
        for seat, sign in ((0, 1), (1, -1)):
            cards = hands[seat]
            for k in range(6):
                for card in self.stacks[seat][k][: heights[seat][k]]:
                    cards |= 1 << card
            for card in bits(cards & TRUMPS):
                score += sign * TRUMP_WEIGHT[card]
        return score

    def trick_value(self, lead: int, second: int, leader: int, last: bool) -> tuple[int, int]:
        """The winner (0/1) and the value of the trick for seat 0."""
        winner = 1 - leader if second_wins(lead, second) else leader
        gain = 0
        for card, owner in ((lead, leader), (second, 1 - leader)):
            if card == EX and not last:
                gain += (VALUE[EX] - 1) if owner == 0 else -(VALUE[EX] - 1)
                gain += 1 if winner == 0 else -1
            else:
                gain += VALUE[card] if winner == 0 else -VALUE[card]
        if last and T1 in (lead, second):
            gain += PETIT_LAST_BONUS if winner == 0 else -PETIT_LAST_BONUS
        return winner, gain

    def search(
        self,
        hands: list[int],
        heights: list[tuple[int, ...]],
        leader: int,
        lead: int,
        tricks_left: int,
        depth: int,
        alpha: int,
        beta: int,
        guess: int,
    ) -> int:
        """Value for seat 0 of the rest, from a trick about to be led (`lead` < 0) or
        led by `leader` with `lead`; `depth` whole tricks before evaluating."""
        self.nodes += 1
        if lead < 0:
            if tricks_left == 0:
                return 0
            if depth == 0 or self.nodes > self.node_limit:
                return guess
            mover = leader
        else:
            mover = 1 - leader
        avail = hands[mover] | self.tops(mover, heights[mover])
        moves = self.candidates(mover, legal_mask(avail, lead), hands[mover])
        if lead < 0:
            moves.sort(key=LEAD_ORDER.__getitem__)
        else:
            moves.sort(key=lambda c: (not second_wins(lead, c), VALUE[c]))
        maximise = mover == 0
        sign = 1 if maximise else -1
        best = -(10**9) if maximise else 10**9
        for card in moves:
            after = guess - sign * TRUMP_WEIGHT[card]
            hand, height = self.remove(mover, card, hands[mover], heights[mover])
            new_hands = hands.copy()
            new_heights = heights.copy()
            new_hands[mover] = hand
            new_heights[mover] = height
            if lead < 0:
                value = self.search(
                    new_hands, new_heights, leader, card, tricks_left, depth, alpha, beta, after
                )
            else:
                winner, gain = self.trick_value(lead, card, leader, tricks_left == 1)
                value = gain + self.search(
                    new_hands,
                    new_heights,
                    winner,
                    -1,
                    tricks_left - 1,
                    depth - 1,
                    alpha - gain,
                    beta - gain,
                    after,
                )
            if maximise:
                if value > best:
                    best = value
                if best > alpha:
                    alpha = best
            else:
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
        samples can be averaged)."""
        values = {}
        start = self.evaluate(hands, heights)
        for card in moves:
            self.nodes = 0  # each card gets the same budget
            guess = start - TRUMP_WEIGHT[card]
            hand, height = self.remove(0, card, hands[0], heights[0])
            new_hands = [hand, hands[1]]
            new_heights = [height, heights[1]]
            if lead < 0:
                values[card] = self.search(
                    new_hands, new_heights, 0, card, tricks_left, depth, -(10**9), 10**9, guess
                )
            else:
                winner, gain = self.trick_value(lead, card, 1, tricks_left == 1)
                values[card] = gain + self.search(
                    new_hands,
                    new_heights,
                    winner,
                    -1,
                    tricks_left - 1,
                    depth - 1,
                    -(10**9),
                    10**9,
                    guess,
                )
        return values


# --- The end of the round: play for the round, not for points ------------------------

OUDLER_UNIT = 1000  # my takings packed in one int: half-points + OUDLER_UNIT * oudlers
THRESHOLDS_HALVES = [2 * t for t in THRESHOLDS]
ROUND_WON = 10_000


def outcome(mine: int, petit: int) -> int:
    """Value for seat 0 of a finished round from everything seat 0 took (`mine`,
    packed) and the Petit bonus side (+1 seat 0, -1 the opponent, 0 none): the round
    won or lost first, then the difference in points, then the Petit bonus."""
    halves, oudlers = mine % OUDLER_UNIT, mine // OUDLER_UNIT
    theirs = TOTAL_HALF_POINTS - halves
    if halves >= THRESHOLDS_HALVES[oudlers]:
        result = ROUND_WON
    elif theirs >= THRESHOLDS_HALVES[3 - oudlers]:
        result = -ROUND_WON
    else:
        result = 0
    return result + halves - theirs + PETIT_LAST_BONUS * 2 * petit


class EndSearch(Search):
    """The last tricks searched to the end for the round's result (not only points)."""

    def taken(self, lead: int, second: int, leader: int, last: bool) -> tuple[int, int, int]:
        """The trick's winner, what seat 0 takes from it (packed) and the Petit side."""
        winner = 1 - leader if second_wins(lead, second) else leader
        mine = 0
        for card, owner in ((lead, leader), (second, 1 - leader)):
            if card == EX and not last:
                if owner == 0:
                    mine += OUDLER_UNIT + half_points(EXCUSE) - 1
                elif winner == 0:
                    mine += 1
            elif winner == 0:
                mine += half_points(DECK[card]) + (OUDLER_UNIT if DECK[card] in OUDLERS else 0)
        petit = 0
        if last and T1 in (lead, second):
            petit = 1 if winner == 0 else -1
        return winner, mine, petit

    def finish(
        self,
        hands: list[int],
        heights: list[tuple[int, ...]],
        leader: int,
        lead: int,
        tricks_left: int,
        mine: int,
        alpha: int,
        beta: int,
    ) -> int:
        self.nodes += 1
        mover = leader if lead < 0 else 1 - leader
        avail = hands[mover] | self.tops(mover, heights[mover])
        moves = self.candidates(mover, legal_mask(avail, lead), hands[mover])
        if lead >= 0:
            moves.sort(key=lambda c: (not second_wins(lead, c), VALUE[c]))
        maximise = mover == 0
        best = -(10**9) if maximise else 10**9
        for card in moves:
            hand, height = self.remove(mover, card, hands[mover], heights[mover])
            new_hands = hands.copy()
            new_heights = heights.copy()
            new_hands[mover] = hand
            new_heights[mover] = height
            if lead < 0:
                value = self.finish(
                    new_hands, new_heights, leader, card, tricks_left, mine, alpha, beta
                )
            else:
                winner, took, petit = self.taken(lead, card, leader, tricks_left == 1)
                if tricks_left == 1:
                    value = outcome(mine + took, petit)
                else:
                    value = self.finish(
                        new_hands, new_heights, winner, -1, tricks_left - 1, mine + took,
                        alpha, beta,
                    )  # fmt: skip
            if maximise:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def root_outcomes(
        self,
        moves: list[int],
        hands: list[int],
        heights: list[tuple[int, ...]],
        lead: int,
        tricks_left: int,
        mine: int,
    ) -> dict[int, int]:
        """The value (`outcome`) of each of seat 0's moves, searched to the end."""
        values = {}
        for card in moves:
            hand, height = self.remove(0, card, hands[0], heights[0])
            new_hands = [hand, hands[1]]
            new_heights = [height, heights[1]]
            if lead < 0:
                values[card] = self.finish(
                    new_hands, new_heights, 0, card, tricks_left, mine, -(10**9), 10**9
                )
            elif tricks_left == 1:
                _, took, petit = self.taken(lead, card, 1, True)
                values[card] = outcome(mine + took, petit)
            else:
                winner, took, _ = self.taken(lead, card, 1, False)
                values[card] = self.finish(
                    new_hands, new_heights, winner, -1, tricks_left - 1, mine + took,
                    -(10**9), 10**9,
                )  # fmt: skip
        return values
