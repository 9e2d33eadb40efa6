"""Cards and melds of rummy: codes, values, sets and runs (pure Python, no Django).

A card is a code: rank + suit, ranks `A 2 … 9 T J Q K`, suits `S H D C` (`AS`, `TD`,
`QH`). Every card of the 52 is unique, so hands, melds, the stock and the discard pile
are tuples of distinct codes.

A **set** is 3 or 4 cards of one rank; a **run** is 3 or more consecutive cards of one
suit, the ace low only (A-2-3 is a run, Q-K-A is not).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Literal

from gamekit.engine import IllegalAction, gettext_noop

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {"T": "10"}
DECK: tuple[str, ...] = tuple(f"{r}{s}" for s in SUITS for r in RANKS)
CARD_CODES: frozenset[str] = frozenset(DECK)
SET_MAX = len(SUITS)
MELD_MIN = 3

MeldKind = Literal["set", "run"]

# (rank 1..13, suit index) of every card, parsed once: the hot path of bots.
RANK_OF: dict[str, int] = {code: RANKS.index(code[0]) + 1 for code in DECK}
SUIT_OF: dict[str, str] = {code: code[1] for code in DECK}


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in CARD_CODES


def card(rank: int, suit: str) -> str:
    """The code of a card from its rank (1 ace … 13 king) and suit letter."""
    return f"{RANKS[rank - 1]}{suit}"


def value(code: str) -> int:
    """Points of a card left in a hand: ace 1, J/Q/K 10, others face value."""
    return min(RANK_OF[code], 10)


def hand_value(cards: Iterable[str]) -> int:
    return sum(value(code) for code in cards)


def sort_key(code: str) -> tuple[int, int]:
    """Suit order S H D C, then rank, ace low."""
    return (SUITS.index(code[1]), RANK_OF[code])


def sort_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=sort_key)


def shown(code: str) -> str:
    """A card as a player reads it: `7♥`, `10♦`, `Q♠`."""
    return f"{RANK_NAMES.get(code[0], code[0])}{SUIT_SYMBOLS[code[1]]}"


def listing(cards: Iterable[str]) -> str:
    return " ".join(shown(code) for code in cards)


# --- Melds ----------------------------------------------------------------------------

MELD_REASONS: dict[str, str] = {
    "too_short": gettext_noop("A meld needs at least 3 cards: a set or a run."),
    "set_too_big": gettext_noop("A set has at most 4 cards: one rank, one card of each suit."),
    "not_a_set": gettext_noop("A set needs 3 or 4 cards of one rank."),
    "not_a_run": gettext_noop(
        "A run needs 3 or more cards of one suit in sequence; the ace is low only."
    ),
    "ace_high": gettext_noop("The ace is low only: A-2-3 is a run, Q-K-A is not."),
}


@dataclass(frozen=True)
class MeldCheck:
    """The verdict on some cards as a meld: `kind` and `arranged` when valid, else
    `reason` (a key of MELD_REASONS)."""

    valid: bool
    kind: MeldKind | None = None
    arranged: tuple[str, ...] = ()
    reason: str | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def error(self, code: str = "invalid_meld") -> IllegalAction:
        assert self.reason is not None
        return IllegalAction(code, MELD_REASONS[self.reason], reason=self.reason)


def check_meld(cards: Sequence[str]) -> MeldCheck:
    """Judge distinct known cards as a meld (a set or a run), or say why not."""
    if len(cards) < MELD_MIN:
        return MeldCheck(False, reason="too_short")
    ranks = [RANK_OF[c] for c in cards]
    suits = {SUIT_OF[c] for c in cards}
    if len(set(ranks)) == 1:
        if len(cards) > SET_MAX:
            return MeldCheck(False, reason="set_too_big")
        return MeldCheck(True, kind="set", arranged=tuple(sort_cards(cards)))
    if len(suits) == 1:
        ordered = sorted(ranks)
        if ordered[-1] - ordered[0] == len(cards) - 1 and len(set(ordered)) == len(cards):
            return MeldCheck(True, kind="run", arranged=tuple(sorted(cards, key=RANK_OF.get)))
        if 1 in ordered and 13 in ordered:
            wrapped = sorted(r if r > 1 else 14 for r in ordered)
            if wrapped[-1] - wrapped[0] == len(cards) - 1:
                return MeldCheck(False, reason="ace_high")
        return MeldCheck(False, reason="not_a_run")
    if len(set(ranks)) == len(ranks):
        return MeldCheck(False, reason="not_a_run")
    return MeldCheck(False, reason="not_a_set")


def is_meld(cards: Sequence[str]) -> bool:
    return check_meld(cards).valid


def fits(meld: Sequence[str], code: str) -> bool:
    """Whether `code` can be laid off on the (valid) meld `meld`."""
    if code in meld:
        return False
    first = meld[0]
    if all(RANK_OF[c] == RANK_OF[first] for c in meld):
        return RANK_OF[code] == RANK_OF[first] and len(meld) < SET_MAX
    if SUIT_OF[code] != SUIT_OF[first]:
        return False
    ranks = [RANK_OF[c] for c in meld]
    return RANK_OF[code] in (min(ranks) - 1, max(ranks) + 1)


_BY_RANK: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{rank}{suit}" for suit in SUITS) for rank in RANKS
)
_BY_SUIT: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{rank}{suit}" for rank in RANKS) for suit in SUITS
)


def melds_in(hand: Iterable[str]) -> list[tuple[str, ...]]:
    """Every meld that can be formed from `hand`: sets of 3 and of 4, runs of every length.

    Each meld is in canonical order; the list is in a stable order (sets by rank, then
    runs by suit and start).
    """
    cards = set(hand)
    found: list[tuple[str, ...]] = []
    for row in _BY_RANK:
        same = [code for code in row if code in cards]
        if len(same) >= MELD_MIN:
            for size in range(MELD_MIN, len(same) + 1):
                found.extend(combinations(same, size))
    for row in _BY_SUIT:
        held = [code in cards for code in row]
        for low in range(11):
            if not held[low]:
                continue
            high = low
            while high < 12 and held[high + 1]:
                high += 1
                if high - low + 1 >= MELD_MIN:
                    found.append(row[low : high + 1])
    return found
