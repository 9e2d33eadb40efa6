"""The Tarot duel's round as data: the deal, whose turn it is and what a seat holds.

Each seat has a hand (kept sorted) and six stacks (bottom → top). The top of a stack is
face up, except the stack a card was just played from while that trick is still on the
table: its new top is turned up only when the trick is gathered. In a duel the trick on
the table holds at most one card (the second card gathers it at once), so that
face-down top can only be the leader's, derived from `trick`. "The cards a player
holds" are the hand and the face-up stack tops (`held`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from gamekit.engine import Seat
from gamekit.events import Event
from gamekit.seats import SEATS, Pair, other
from tarot.cards import DECK, sort_cards

HAND_SIZE = 21
STACKS = 6
STACK_SIZE = 3
TRICKS = HAND_SIZE + STACKS * STACK_SIZE  # 39 tricks in a round
HAND = -1  # where a card was played from: the hand, or a stack index 0 … 5

# A play: (seat, card, where from). A gathered trick: (lead play, second play, winner).
Play = tuple[Seat, str, int]
Trick = tuple[Play, Play, Seat]


@dataclass(frozen=True)
class State:
    """One round of the Tarot duel. Immutable: per-seat values are seat pairs
    (gamekit.seats.Pair)."""

    seed: int
    first: Seat  # who leads the first trick
    game_no: int
    hands: Pair[tuple[str, ...]]
    stacks: Pair[tuple[tuple[str, ...], ...]]  # six per seat, bottom → top
    leader: Seat  # who leads the trick on the table (or the next one)
    trick: tuple[Play, ...] = ()  # the card on the table: () or (lead play,)
    tricks: tuple[Trick, ...] = ()  # gathered tricks, oldest first
    # Cards taken (the Excuse with its owner when it came back).
    won: Pair[tuple[str, ...]] = field(default_factory=lambda: Pair.of((), ()))
    excuse_giver: Seat | None = None  # who gave half a point for the Excuse
    # The move events of the latest plays (tarot/events.py), as `apply` made them.
    events: tuple[Event, ...] = field(default=(), hash=False)

    def __post_init__(self) -> None:
        # A plain {1: .., 2: ..} (the deal, the actions, tests) becomes a seat pair.
        for name in ("hands", "stacks", "won"):
            if not isinstance(getattr(self, name), Pair):
                object.__setattr__(self, name, Pair(getattr(self, name)))


def next_first_seat(previous: State | None) -> Seat:
    """Player 1 leads the first round; then the first player alternates."""
    return 1 if previous is None else other(previous.first)


def deal(cards: list[str], first_seat: Seat, seed: int = 0, game_no: int = 1) -> State:
    """A round from 78 cards in deal order: seat 1's hand (21) and stacks (6 × 3, bottom
    card first), then seat 2's. The deal does not depend on who leads."""
    if sorted(cards) != sorted(DECK):
        raise ValueError("a deal is the 78 cards, each once")
    hands, stacks = {}, {}
    for i, seat in enumerate(SEATS):
        part = cards[39 * i : 39 * (i + 1)]
        hands[seat] = tuple(sort_cards(part[:HAND_SIZE]))
        rest = part[HAND_SIZE:]
        stacks[seat] = tuple(
            tuple(rest[STACK_SIZE * k : STACK_SIZE * (k + 1)]) for k in range(STACKS)
        )
    return State(
        seed=seed, first=first_seat, game_no=game_no, hands=hands, stacks=stacks, leader=first_seat
    )


def new_round(seed: int, first_seat: Seat, previous: State | None = None) -> State:
    """A fresh round, deterministic from the seed; `first_seat` leads the first trick."""
    if first_seat not in SEATS or isinstance(first_seat, bool):
        raise ValueError(f"first_seat must be 1 or 2, not {first_seat!r}")
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    game_no = 1 if previous is None else previous.game_no + 1
    return deal(cards, first_seat, seed=seed, game_no=game_no)


# --- What a seat holds ------------------------------------------------------------------


def is_over(state: State) -> bool:
    return len(state.tricks) == TRICKS or (
        not state.trick
        and not any(state.hands.values())
        and not any(cards for seat in SEATS for cards in state.stacks[seat])
    )


def tricks_left(state: State) -> int:
    """Tricks still to play, the one on the table included."""
    return max(len(state.hands[s]) + sum(len(stack) for stack in state.stacks[s]) for s in SEATS)


def turn(state: State) -> Seat | None:
    if is_over(state):
        return None
    return other(state.leader) if state.trick else state.leader


def top_is_up(state: State, seat: Seat, stack: int) -> bool:
    """Whether the top of the seat's stack is face up (it exists and was not just
    uncovered by a card still on the table)."""
    if not state.stacks[seat][stack]:
        return False
    return not any(p[0] == seat and p[2] == stack for p in state.trick)


def held(state: State, seat: Seat) -> dict[str, int]:
    """The cards a seat holds: card → where from (HAND, or the index of its stack)."""
    cards = dict.fromkeys(state.hands[seat], HAND)
    for index, stack in enumerate(state.stacks[seat]):
        if top_is_up(state, seat, index):
            cards[stack[-1]] = index
    return cards
