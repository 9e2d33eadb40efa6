"""How rummy's computer players read a view and measure a hand.

`Seen` is what a view tells a bot, in handy form. `Judge` measures a hand for every
level: how many of its cards could leave it now (the best choice of disjoint melds,
then lay-offs on the table and on those melds, one after another), the rest being
"deadwood", and its chances (how many more cards one more live card would let leave,
on average over the live cards). Live cards are those the bot has not seen: not in its
hand, on the table, in the discard pile or among the cards the opponent was seen
taking from the pile.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cards.melds import DECK, RANK_OF, SUIT_OF, SUITS, card, melds_in, value
from gamekit.seats import other

View = dict[str, Any]
Action = dict[str, Any]


class Seen:
    """What a view tells a bot, in handy form."""

    def __init__(self, view: View) -> None:
        self.view = view
        me = view["seat"]
        self.hand: list[str] = list(view["hand"])
        self.table: list[list[str]] = [list(m["cards"]) for m in view["melds"]]
        self.pile: list[str] = list(view["pile"])
        self.top: str | None = view["top"]
        self.taken: str | None = view["taken"]
        opponent = other(me)
        self.opponent_known: list[str] = list(view["known"][str(opponent)])
        self.opponent_size: int = view["hand_counts"][str(opponent)]
        self.opponent_melds: int = sum(meld["owner"] == opponent for meld in view["melds"])
        self.stock_count: int = view["stock_count"]
        seen = {*self.hand, *self.pile, *self.opponent_known}
        seen.update(code for meld in self.table for code in meld)
        # Cards that may still come: in the stock or the opponent's hidden cards.
        self.unseen: list[str] = [code for code in DECK if code not in seen]


def partners(code: str, hand: Iterable[str]) -> list[str]:
    """Cards of `hand` that could make a meld with `code` given one or two more cards:
    same rank, or same suit within two ranks."""
    rank, suit = RANK_OF[code], SUIT_OF[code]
    return [
        c
        for c in hand
        if c != code
        and (RANK_OF[c] == rank or (SUIT_OF[c] == suit and abs(RANK_OF[c] - rank) <= 2))
    ]


def discardable(seen: Seen) -> list[str]:
    return [code for code in seen.hand if code != seen.taken]


def makes_meld(code: str, hand: Sequence[str]) -> bool:
    return any(code in meld for meld in melds_in([*hand, code]))


# --- Progress: how many cards of a hand can leave it ------------------------------------


Plan = tuple[int, int, list[tuple[str, ...]], frozenset[str]]


class Judge:
    """Counts, for hands drawn from one view, how many cards could leave the hand now
    (melds, then lay-offs on the table and on those melds): `deadwood` is the rest.
    Results are cached per hand for the decision at hand."""

    def __init__(self, seen: Seen) -> None:
        self.table = [tuple(meld) for meld in seen.table]
        self.cache: dict[frozenset[str], Plan] = {}

    def leaving(self, hand: Iterable[str]) -> int:
        return self.plan(hand)[0]

    def plan(self, hand: Iterable[str]) -> Plan:
        """(how many cards can leave, their points, the melds to make, the cards leaving)."""
        key = frozenset(hand)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self._plan(key)
        return found

    def _plan(self, hand: frozenset[str]) -> Plan:
        candidates = melds_in(hand)
        best: Plan = (0, 0, [], frozenset())

        def search(start: int, used: frozenset[str], made: list[tuple[str, ...]]) -> None:
            nonlocal best
            if best[0] == len(hand):
                return  # everything leaves: nothing better
            rest = [code for code in hand if code not in used]
            laid = _lay_offs(rest, [*self.table, *made])
            total = len(used) + len(laid)
            points = sum(map(value, used))
            if (total, points) > best[:2]:
                best = (total, points, list(made), used.union(laid))
            for i in range(start, len(candidates)):
                meld = candidates[i]
                if used.isdisjoint(meld):
                    made.append(meld)
                    search(i + 1, used | frozenset(meld), made)
                    made.pop()

        search(0, frozenset(), [])
        return best

    def deadwood(self, hand: Sequence[str]) -> int:
        return len(hand) - self.leaving(hand)

    def gain(self, hand: Sequence[str], live: Iterable[str]) -> float:
        """The mean number of cards that one more live card would let leave the hand
        (itself included), over the live cards: the hand's chances."""
        live = list(live)
        if not live:
            return 0.0
        now = self.leaving(hand)
        ends = {code for meld in self.table for code in fitting(meld)}
        # A card with no partner in the hand and no place on the table changes nothing.
        useful = [code for code in live if code in ends or partners(code, hand)]
        return sum(self.leaving([*hand, code]) - now for code in useful) / len(live)


def _lay_offs(rest: Iterable[str], melds: Iterable[Sequence[str]]) -> list[str]:
    """The cards of `rest` that can be laid off, one after another, on `melds` (greedily)."""
    # Each meld as [is_run, rank or suit, low, high, size].
    shapes = []
    for meld in melds:
        ranks = [RANK_OF[c] for c in meld]
        low, high = min(ranks), max(ranks)
        if low == high:
            shapes.append([False, low, 0, 0, len(meld)])
        else:
            shapes.append([True, SUIT_OF[meld[0]], low, high, len(meld)])
    if not shapes:
        return []
    left = list(rest)
    laid: list[str] = []
    more = True
    while more:
        more = False
        for code in list(left):
            rank, suit = RANK_OF[code], SUIT_OF[code]
            for shape in shapes:
                if shape[0]:
                    if shape[1] != suit:
                        continue
                    if rank == shape[2] - 1:
                        shape[2] = rank
                    elif rank == shape[3] + 1:
                        shape[3] = rank
                    else:
                        continue
                elif shape[1] != rank or shape[4] >= len(SUITS):
                    continue
                shape[4] += 1
                left.remove(code)
                laid.append(code)
                more = True
                break
    return laid


def fitting(meld: Sequence[str]) -> list[str]:
    """The cards that can be laid off on `meld` now."""
    ranks = [RANK_OF[c] for c in meld]
    if min(ranks) == max(ranks):
        free = [card(ranks[0], s) for s in SUITS if card(ranks[0], s) not in meld]
        return free if len(meld) < len(SUITS) else []
    suit = SUIT_OF[meld[0]]
    return [card(r, suit) for r in (min(ranks) - 1, max(ranks) + 1) if 1 <= r <= 13]
