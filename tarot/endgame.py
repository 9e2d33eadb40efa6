"""The end of a Tarot duel round searched to the end, for the strong computer player:
the last tricks played for the round's result (won, drawn or lost first, then points),
on the open-card search of tarot/search.py, with a transposition table."""

from __future__ import annotations

from tarot.cards import DECK, OUDLERS, THRESHOLDS, TOTAL_HALF_POINTS, half_points
from tarot.search import EX, INF, PETIT_LAST_BONUS, T1, Search, second_wins

OUDLER_UNIT = 1000  # my takings packed in one int: half-points + OUDLER_UNIT * oudlers
THRESHOLDS_HALVES = [2 * t for t in THRESHOLDS]
ROUND_WON = 10_000
WON = ROUND_WON // 2  # an `outcome` above it is a round won, below -WON one lost
# What a card taken adds to seat 0's packed takings.
TAKEN = [half_points(c) + (OUDLER_UNIT if c in OUDLERS else 0) for c in DECK]


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


def result_of(value: int) -> int:
    """The round's result in an `outcome`: 1 won, 0 drawn, -1 lost."""
    return (value > WON) - (value < -WON)


class OutOfNodes(Exception):
    """The search passed its node limit (`EndSearch(stacks, node_limit)`)."""


class EndSearch(Search):
    """The last tricks searched to the end for the round's result (not only points).

    A transposition table keyed by the position at a trick's start (both masks, the
    leader, seat 0's takings) keeps exact values and bounds: orders of tricks that
    reach the same cards left are searched once. With a `node_limit` (0: none), a
    search that passes it raises `OutOfNodes` (the table keeps only finished nodes)."""

    def __init__(self, stacks: list[list[list[int]]], node_limit: int = 0) -> None:
        super().__init__(stacks, node_limit)
        self.table: dict[tuple[int, int, int, int], tuple[int, int]] = {}

    def taken(self, lead: int, second: int, leader: int, last: bool) -> tuple[int, int, int]:
        """The trick's winner, what seat 0 takes from it (packed) and the Petit side."""
        winner = 1 - leader if second_wins(lead, second) else leader
        mine = 0
        for card, owner in ((lead, leader), (second, 1 - leader)):
            if card == EX and not last:
                if owner == 0:
                    mine += TAKEN[EX] - 1
                elif winner == 0:
                    mine += 1
            elif winner == 0:
                mine += TAKEN[card]
        petit = 0
        if last and T1 in (lead, second):
            petit = 1 if winner == 0 else -1
        return winner, mine, petit

    def finish_lead(self, a0: int, a1: int, leader: int, left: int, mine: int,
                    alpha: int, beta: int) -> int:  # fmt: skip
        """Value (`outcome`) of the rest from a trick `leader` is about to lead."""
        self.nodes += 1
        if self.node_limit and self.nodes > self.node_limit:
            raise OutOfNodes
        key = (a0, a1, leader, mine)
        stored = self.table.get(key)
        if stored is not None:
            low, high = stored
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        if not (a0 if leader == 0 else a1):
            return outcome(mine, 0)  # no card left: only in positions set up unevenly
        maximise = leader == 0
        best = -INF if maximise else INF
        avail = a0 if maximise else a1
        for card in self.lead_moves(avail):
            rest = self.after(avail, card)
            if maximise:
                value = self.finish_follow(rest, a1, 0, card, left, mine, alpha, beta)
                if value > best:
                    best = value
                    alpha = max(alpha, best)
            else:
                value = self.finish_follow(a0, rest, 1, card, left, mine, alpha, beta)
                if value < best:
                    best = value
                    beta = min(beta, best)
            if alpha >= beta:
                break
        low, high = stored if stored is not None else (-INF, INF)
        if best <= start_alpha:
            high = min(high, best)
        elif best >= start_beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high)
        return best

    def finish_follow(self, a0: int, a1: int, leader: int, lead: int, left: int, mine: int,
                      alpha: int, beta: int) -> int:  # fmt: skip
        self.nodes += 1
        last = left == 1
        maximise = leader == 1
        avail = a0 if maximise else a1
        if not avail:
            return outcome(mine, 0)
        best = -INF if maximise else INF
        for card in self.follow_moves(avail, lead):
            winner, took, petit = self.taken(lead, card, leader, last)
            if last:
                value = outcome(mine + took, petit)
            else:
                rest = self.after(avail, card)
                if maximise:
                    value = self.finish_lead(rest, a1, winner, left - 1, mine + took, alpha, beta)
                else:
                    value = self.finish_lead(a0, rest, winner, left - 1, mine + took, alpha, beta)
            if maximise:
                if value > best:
                    best = value
                    alpha = max(alpha, best)
            elif value < best:
                best = value
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
        a0 = self.avail(0, hands[0], heights[0])
        a1 = self.avail(1, hands[1], heights[1])
        return {
            card: self.move_value(a0, a1, card, lead, tricks_left, mine, -INF, INF)
            for card in moves
        }

    def root_results(
        self,
        moves: list[int],
        hands: list[int],
        heights: list[tuple[int, ...]],
        lead: int,
        tricks_left: int,
        mine: int,
    ) -> dict[int, int] | None:
        """The round's result after each of seat 0's moves, searched to the end: 1 won,
        0 drawn, -1 lost; None when the search passed its node limit. Two null-window
        searches a move (won? lost?) instead of the exact points: far fewer nodes, so the
        search can start more tricks before the end."""
        a0 = self.avail(0, hands[0], heights[0])
        a1 = self.avail(1, hands[1], heights[1])
        results = {}
        try:
            for card in moves:
                if self.move_value(a0, a1, card, lead, tricks_left, mine, WON - 1, WON) >= WON:
                    results[card] = 1
                elif self.move_value(a0, a1, card, lead, tricks_left, mine, -WON, 1 - WON) <= -WON:
                    results[card] = -1
                else:
                    results[card] = 0
        except OutOfNodes:
            return None
        return results

    def move_value(self, a0: int, a1: int, card: int, lead: int, tricks_left: int, mine: int,
                   alpha: int, beta: int) -> int:  # fmt: skip
        """Seat 0 plays `card` (on `lead`, or leading when -1): the `outcome` searched to
        the end, within (alpha, beta) (fail-soft: a bound outside it)."""
        rest = self.after(a0, card)
        if lead < 0:
            return self.finish_follow(rest, a1, 0, card, tricks_left, mine, alpha, beta)
        if tricks_left == 1:
            _, took, petit = self.taken(lead, card, 1, True)
            return outcome(mine + took, petit)
        winner, took, _ = self.taken(lead, card, 1, False)
        return self.finish_lead(rest, a1, winner, tricks_left - 1, mine + took, alpha, beta)
