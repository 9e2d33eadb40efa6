"""What each seat may see: its view, the last move, and the cards hidden from it.

Played cards are public (won cards, gathered tricks); the opponent's hand and every
face-down stack card are not, for either seat.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from gamekit.engine import Seat, View
from gamekit.events import seen_by
from gamekit.seats import SEATS, json_by_seat, other
from tarot.cards import EXCUSE, as_number, sort_cards
from tarot.scoring import oudlers_taken, points_halves, result
from tarot.state import (
    HAND,
    Play,
    State,
    Trick,
    is_over,
    top_is_up,
    tricks_left,
    turn,
)
from tarot.turns import legal_cards


def _where(source: int) -> str | int:
    return "hand" if source == HAND else source


def _play_json(play: Play) -> dict[str, Any]:
    return {"seat": play[0], "card": play[1], "from": _where(play[2])}


def _trick_json(trick: Trick) -> dict[str, Any]:
    lead, second, winner = trick
    return {"leader": lead[0], "cards": [_play_json(lead), _play_json(second)], "winner": winner}


def last_move(state: State) -> dict[str, Any] | None:
    """The previous play for the board to mark: the card, and when it ended a trick,
    that trick, its winner and the stack cards turned up after it."""
    if state.trick:
        return {**_play_json(state.trick[0]), "gathered": None, "turned": []}
    if not state.tricks:
        return None
    trick = state.tricks[-1]
    turned = [
        {"seat": seat, "stack": source, "card": state.stacks[seat][source][-1]}
        for seat, _, source in trick[:2]
        if source != HAND and state.stacks[seat][source]
    ]
    return {**_play_json(trick[1]), "gathered": _trick_json(trick), "turned": turned}


def _stack_json(state: State, seat: Seat) -> list[dict[str, Any]]:
    shown = []
    for index, stack in enumerate(state.stacks[seat]):
        up = stack[-1] if top_is_up(state, seat, index) else None
        shown.append({"up": up, "down": len(stack) - (up is not None)})
    return shown


def view(state: State, seat: Seat | None) -> View:
    """What `seat` may see (None: a spectator): never the opponent's hand nor a
    face-down card. Played cards are public, so the won cards and tricks are shown."""
    if seat is not None and (seat not in SEATS or isinstance(seat, bool)):
        raise ValueError(f"seat must be 1, 2 or None, not {seat!r}")
    halves = points_halves(state)
    giver = state.excuse_giver
    return {
        "game": "tarot",
        "seat": seat,
        "hand": None if seat is None else list(state.hands[seat]),
        "hand_counts": json_by_seat({s: len(state.hands[s]) for s in SEATS}),
        "stacks": json_by_seat({s: _stack_json(state, s) for s in SEATS}),
        "trick": {
            "leader": state.leader,
            "cards": [_play_json(p) for p in state.trick],
        },
        "legal": [] if seat is None else legal_cards(state, seat),
        "won": json_by_seat({s: list(state.won[s]) for s in SEATS}),
        "points": json_by_seat({s: as_number(halves[s]) for s in SEATS}),
        "oudlers": json_by_seat(oudlers_taken(state)),
        "excuse": {
            "played": giver is not None or any(EXCUSE in state.won[s] for s in SEATS),
            "giver": giver,
            "receiver": None if giver is None else other(giver),
        },
        "tricks": [_trick_json(t) for t in state.tricks],
        "tricks_played": len(state.tricks),
        "tricks_left": tricks_left(state),
        "turn": turn(state),
        "over": is_over(state),
        "result": result(state),
        "last_move": last_move(state),
        "game_no": state.game_no,
        "first": state.first,
        "events": seen_by(state.events, seat),
    }


def hidden(state: State, seat: Seat | None) -> Counter[str]:
    """The cards `seat` may not see now: the opponent's hand (both hands for None) and
    every face-down stack card of both seats."""
    cards: Counter[str] = Counter()
    for s in SEATS:
        if s != seat:
            cards.update(state.hands[s])
        for index, stack in enumerate(state.stacks[s]):
            cards.update(stack[:-1] if top_is_up(state, s, index) else stack)
    return cards


def redeal_hidden(state: State, seat: Seat | None, rng: random.Random) -> State:
    """A state `seat` cannot tell from this one: the cards hidden from it shuffled among
    their hidden places (opponent's hand, face-down stack cards), every size kept."""
    cards = list(hidden(state, seat).elements())
    rng.shuffle(cards)
    hands = dict(state.hands)
    for s in SEATS:
        if s != seat:
            size = len(hands[s])
            hands[s] = tuple(sort_cards(cards[:size]))
            cards = cards[size:]
    stacks = {}
    for s in SEATS:
        piles = []
        for index, stack in enumerate(state.stacks[s]):
            down = len(stack) - 1 if top_is_up(state, s, index) else len(stack)
            piles.append((*cards[:down], *stack[down:]))
            cards = cards[down:]
        stacks[s] = tuple(piles)
    return replace(state, hands=hands, stacks=stacks)
