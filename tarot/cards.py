"""The Tarot deck: card codes, their order, their points and the round's score.

Codes (DESIGN.md): a suit card is its suit letter and rank, ranks `1 … 10 J N Q K`
(N = knight): `H10`, `SK`, `DN`; the trumps are `T1` … `T21`; the Excuse is `EX`.

Points are counted in half-points (ints) inside the engine, so that sums are exact:
a king or an oudler is 9 half-points (4.5), a queen 7, a knight 5, a jack 3, every
other card 1; the 78 cards make 182 half-points (91 points).
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "SHDC"  # spades, hearts, diamonds, clubs
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
TRUMP = "T"
EXCUSE = "EX"
PETIT = "T1"
TWENTY_ONE = "T21"
OUDLERS = frozenset((PETIT, TWENTY_ONE, EXCUSE))
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

SUIT_CARDS: tuple[str, ...] = tuple(f"{s}{r}" for s in SUITS for r in RANKS)
TRUMPS: tuple[str, ...] = tuple(f"T{n}" for n in range(1, 22))
DECK: tuple[str, ...] = (*SUIT_CARDS, *TRUMPS, EXCUSE)
CARDS: frozenset[str] = frozenset(DECK)
INDEX: dict[str, int] = {code: i for i, code in enumerate(DECK)}  # also the display order

TOTAL_HALF_POINTS = 182
# The points a player needs to win, by the number of oudlers they took (0 to 3).
THRESHOLDS = (56, 51, 41, 36)
WIN_BONUS = 25
PETIT_BONUS = 10

_HONOURS = {"K": 9, "Q": 7, "N": 5, "J": 3}


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in CARDS


def suit(code: str) -> str:
    """`S`, `H`, `D` or `C` for a suit card, `T` for a trump, `EX` for the Excuse."""
    if code == EXCUSE:
        return EXCUSE
    return code[0]


def is_trump(code: str) -> bool:
    return code[0] == TRUMP


def trump_number(code: str) -> int:
    return int(code[1:])


def strength(code: str) -> int:
    """Order within a suit (1 lowest … K highest) or among trumps (1 … 21)."""
    if is_trump(code):
        return trump_number(code)
    return RANKS.index(code[1:]) + 1


def half_points(code: str) -> int:
    if code in OUDLERS:
        return 9
    if is_trump(code):
        return 1
    return _HONOURS.get(code[1:], 1)


def sort_cards(codes: Iterable[str]) -> list[str]:
    """Display order: spades, hearts, diamonds, clubs (1 up to K), trumps, the Excuse."""
    return sorted(codes, key=INDEX.__getitem__)


def trick_winner(lead: str, second: str) -> int:
    """0 if the card led wins, 1 if the second card does (Excuse rules included)."""
    if lead == EXCUSE:
        return 1
    if second == EXCUSE:
        return 0
    if is_trump(second):
        return 1 if not is_trump(lead) or strength(second) > strength(lead) else 0
    if suit(second) == suit(lead) and strength(second) > strength(lead):
        return 1
    return 0


def threshold(oudlers: int) -> int:
    return THRESHOLDS[oudlers]


def as_number(halves: int) -> int | float:
    """Half-points as points: an int when whole, else a float ending in .5."""
    return halves // 2 if halves % 2 == 0 else halves / 2


def score_round(
    taken: dict[int, Iterable[str]], excuse_giver: int | None, petit_taker: int | None
) -> dict[str, object]:
    """The result of a finished round from the cards each seat took.

    `taken` maps seats 1 and 2 to their won cards (the Excuse with its owner when it
    came back); `excuse_giver` is the seat that gave the opponent half a point for the
    Excuse (None if it was played in the last trick, or never exchanged); `petit_taker`
    the seat that took the Petit in the last trick (None if it was not there).

    The winner is the seat that reached its threshold (at most one can); the round score
    is 25 plus the excess for the winner and the opposite for the loser, 0 each in a
    drawn round; the Petit in the last trick adds 10 to its taker and takes 10 from the
    opponent, drawn round or not. Everything is in half-points except the final
    `scores` (points, possibly ending in .5).
    """
    halves = {seat: sum(half_points(c) for c in cards) for seat, cards in taken.items()}
    oudlers = {seat: sum(c in OUDLERS for c in cards) for seat, cards in taken.items()}
    exchange = dict.fromkeys(taken, 0)
    if excuse_giver is not None:
        exchange[excuse_giver] = -1
        exchange[3 - excuse_giver] = 1
    points = {seat: halves[seat] + exchange[seat] for seat in taken}
    limits = {seat: threshold(oudlers[seat]) for seat in taken}
    excess = {seat: points[seat] - 2 * limits[seat] for seat in taken}
    winner = next((seat for seat in (1, 2) if excess[seat] >= 0), None)
    scores = dict.fromkeys((1, 2), 0)
    if winner is not None:
        gain = 2 * WIN_BONUS + excess[winner]
        scores = {winner: gain, 3 - winner: -gain}
    petit = dict.fromkeys((1, 2), 0)
    if petit_taker is not None:
        petit = {petit_taker: 2 * PETIT_BONUS, 3 - petit_taker: -2 * PETIT_BONUS}
    return {
        "winner": winner,
        "half_points": points,
        "card_half_points": halves,
        "exchange": exchange,
        "oudlers": oudlers,
        "thresholds": limits,
        "excess": excess,
        "petit": petit,
        "score_halves": {seat: scores[seat] + petit[seat] for seat in (1, 2)},
    }
