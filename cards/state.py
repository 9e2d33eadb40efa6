"""A rummy deal and the match around it: the state, the cards dealt, who plays first,
the match score (the choices are explained in cards/engine.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cards.melds import DECK, check_meld, sort_cards
from gamekit.engine import Seat
from gamekit.events import Event
from gamekit.seats import SEATS, Pair, other

SCHEMA = 3  # 2: the history, 3: the move events (cards/codec.py still reads 1 and 2)
HAND_SIZE = 10
MATCH_TARGET = 100
TURN_LIMIT = 200
SOURCES = ("stock", "discard")


@dataclass(frozen=True)
class Meld:
    """A meld on the table: who melded it, its cards in order (laid-off cards included)
    and the cards laid off on it, with who laid each off."""

    owner: Seat
    cards: tuple[str, ...]
    laid_off: tuple[tuple[Seat, str], ...] = ()


@dataclass(frozen=True)
class State:
    """One deal of a rummy match. Immutable: per-seat values are seat pairs
    (gamekit.seats.Pair)."""

    seed: int
    first: Seat  # who plays first this deal (the non-dealer)
    game_no: int  # the deal's number in the match
    match: Pair[int]  # match score before this deal
    stock: tuple[str, ...]  # draws come from the end
    pile: tuple[str, ...]  # the discard pile, its top last
    hands: Pair[tuple[str, ...]]
    melds: tuple[Meld, ...]
    turn: Seat | None  # None once the deal is over
    step: str | None  # "draw", "play", or None once over
    taken: str | None = None  # the card taken from the discard pile this turn
    known: Pair[tuple[str, ...]] | None = None  # held cards seen taken from the pile
    turns: int = 0  # completed turns
    reshuffles: int = 0
    # The turn being played and the last completed one, public:
    # {"seat", "draw": "stock"|"discard"|None, "taken": card|None, "melds": [[cards]],
    #  "lay_offs": [{"card", "meld"}], "discard": card|None}
    current: dict[str, Any] | None = None
    last: dict[str, Any] | None = None
    # {"winner": 1|2|None, "scores": {1: n, 2: n}, "reason": "out"|"turn_limit",
    #  "hand_values": {1: n, 2: n}}
    result: dict[str, Any] | None = None
    # Each seat's public record, oldest first: ("took", card) from the pile, ("passed",
    # card) the top card it left for the stock, ("discarded", card). Both players saw
    # it happen; the bots infer the hidden hand from it. None: a save from before it.
    history: Pair[tuple[tuple[str, str], ...]] | None = None
    # The move events of this turn and the one before (cards/events.py, gamekit.events),
    # as `apply` recorded them: numbered on from 1 within the deal.
    events: tuple[Event, ...] = ()

    def __post_init__(self) -> None:
        # A plain {1: .., 2: ..} (the deal, the actions, tests) becomes a seat pair.
        for name in ("match", "hands", "known", "history"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Pair):
                object.__setattr__(self, name, Pair(value))


EVENTS = ("took", "passed", "discarded")


def known_cards(state: State) -> dict[Seat, tuple[str, ...]]:
    return state.known if state.known is not None else {1: (), 2: ()}


def history_of(state: State) -> dict[Seat, tuple[tuple[str, str], ...]]:
    return state.history if state.history is not None else {1: (), 2: ()}


def recorded(state: State, seat: Seat, event: str, code: str) -> dict[Seat, tuple]:
    """The history with `seat`'s `event` on `code` added."""
    history = history_of(state)
    return {**history, seat: (*history[seat], (event, code))}


def match_totals(state: State) -> dict[Seat, int]:
    """The match score, this deal's points included once it is over."""
    scores = state.result["scores"] if state.result else {1: 0, 2: 0}
    return {seat: state.match[seat] + scores[seat] for seat in SEATS}


def match_over(state: State) -> bool:
    return state.result is not None and max(match_totals(state).values()) >= MATCH_TARGET


def match_winner(state: State) -> Seat | None:
    if not match_over(state):
        return None
    totals = match_totals(state)
    return max(SEATS, key=totals.__getitem__)


def new_turn(seat: Seat) -> dict[str, Any]:
    return {"seat": seat, "draw": None, "taken": None, "melds": [], "lay_offs": [], "discard": None}


def new_round(seed: int, first_seat: Seat, previous: State | None = None) -> State:
    """A fresh deal, deterministic from the seed (see the module docstring for who
    plays first and when the match score is kept)."""
    if first_seat not in SEATS:
        raise ValueError(f"first_seat must be 1 or 2, not {first_seat!r}")
    continues = previous is not None and previous.result is not None and not match_over(previous)
    if continues:
        assert previous is not None
        first, game_no, match = other(previous.first), previous.game_no + 1, match_totals(previous)
    else:
        first, game_no, match = 1, 1, {1: 0, 2: 0}
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    hands = {
        first: tuple(sort_cards(cards[-HAND_SIZE:])),
        other(first): tuple(sort_cards(cards[-2 * HAND_SIZE : -HAND_SIZE])),
    }
    up = cards[-2 * HAND_SIZE - 1]
    return State(
        seed=seed,
        first=first,
        game_no=game_no,
        match=match,
        stock=tuple(cards[: -2 * HAND_SIZE - 1]),
        pile=(up,),
        hands=hands,
        melds=(),
        turn=first,
        step="draw",
        known={1: (), 2: ()},
        history={1: (), 2: ()},
        current=new_turn(first),
    )


def state_from_position(
    hands: dict[Seat, Sequence[str]],
    *,
    pile: Sequence[str],
    melds: Sequence[Sequence[str] | Meld] = (),
    stock: Sequence[str] | None = None,
    turn: Seat = 1,
    step: str = "draw",
    seed: int = 0,
    match: dict[Seat, int] | None = None,
    turns: int = 0,
) -> State:
    """A deal set up at a chosen position (tests, tutorials). `stock` defaults to every
    card not placed elsewhere, in deck order; the 52 cards must add up either way."""
    table = tuple(
        m if isinstance(m, Meld) else Meld(owner=turn, cards=check_meld(list(m)).arranged)
        for m in melds
    )
    used = [*hands[1], *hands[2], *pile, *(c for m in table for c in m.cards)]
    if stock is None:
        stock = [code for code in DECK if code not in set(used)]
    if Counter([*used, *stock]) != Counter(DECK):
        raise ValueError("the hands, pile, melds and stock must hold exactly the 52 cards")
    return State(
        seed=seed,
        first=turn,
        game_no=1,
        match=dict(match or {1: 0, 2: 0}),
        stock=tuple(stock),
        pile=tuple(pile),
        hands={seat: tuple(hands[seat]) for seat in SEATS},
        melds=table,
        turn=turn,
        step=step,
        known={1: (), 2: ()},
        history={1: (), 2: ()},
        turns=turns,
        current=new_turn(turn),
    )
