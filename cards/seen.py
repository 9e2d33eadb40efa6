"""What each seat sees of a rummy deal: the view, the platform's status, the hidden
cards and a redeal of them that the seat cannot tell from the real one."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cards.melds import hand_value, sort_cards
from cards.state import (
    MATCH_TARGET,
    TURN_LIMIT,
    Meld,
    State,
    history_of,
    known_cards,
    match_over,
    match_totals,
    match_winner,
)
from gamekit.engine import Seat, Status, View
from gamekit.events import seen_by
from gamekit.seats import SEATS, json_by_seat, result_json, status_of


def turn_json(turn: dict[str, Any] | None) -> dict[str, Any] | None:
    if turn is None:
        return None
    return {
        "seat": turn["seat"],
        "draw": turn["draw"],
        "taken": turn["taken"],
        "melds": [list(cards) for cards in turn["melds"]],
        "lay_offs": [dict(item) for item in turn["lay_offs"]],
        "discard": turn["discard"],
    }


def melds_json(melds: Sequence[Meld]) -> list[dict[str, Any]]:
    return [
        {
            "owner": m.owner,
            "cards": list(m.cards),
            "laid_off": [{"seat": s, "card": code} for s, code in m.laid_off],
        }
        for m in melds
    ]


def view(state: State, seat: Seat | None) -> View:
    """What `seat` may see (None: a spectator): never the stock, nor the cards of the
    other hand that were not seen taken from the discard pile, except that both hands
    are shown once the deal is over (the result screen)."""
    if seat is not None and (type(seat) is not int or seat not in SEATS):
        raise ValueError(f"seat must be 1, 2 or None, not {seat!r}")
    over = state.result is not None
    result = result_json(state.result, "hand_values")
    if result is not None:
        result["hands"] = json_by_seat({s: list(state.hands[s]) for s in SEATS})
    totals = match_totals(state)
    return {
        "game": "cards",
        "seat": seat,
        "hand": None if seat is None else list(state.hands[seat]),
        "hand_value": None if seat is None else hand_value(state.hands[seat]),
        "hand_counts": json_by_seat({s: len(state.hands[s]) for s in SEATS}),
        "known": json_by_seat({s: list(known_cards(state)[s]) for s in SEATS}),
        "history": public_history(state, seat),
        "stock_count": len(state.stock),
        "pile": list(state.pile),
        "top": state.pile[-1] if state.pile else None,
        "melds": melds_json(state.melds),
        "turn": state.turn,
        "step": state.step,
        "taken": state.taken,
        "current": turn_json(state.current),
        "last_move": turn_json(state.last),
        "turns": state.turns,
        "turn_limit": TURN_LIMIT,
        "over": over,
        "result": result,
        "match": json_by_seat(totals),
        "match_before": json_by_seat(state.match),
        "match_target": MATCH_TARGET,
        "match_over": match_over(state),
        "match_winner": match_winner(state),
        "game_no": state.game_no,
        "first": state.first,
        "events": seen_by(state.events, seat),
    }


def public_history(state: State, seat: Seat | None) -> dict[str, list[list[str]]]:
    """What each seat took, passed and discarded (cards/state.py), in sight of both; an
    event whose card is now hidden from `seat` (reshuffled into the stock, drawn from it
    since) is left out, so that the view never names a hidden card."""
    unseen = hidden(state, seat)
    return json_by_seat(
        {s: [list(e) for e in history_of(state)[s] if not unseen[e[1]]] for s in SEATS}
    )


def status(state: State) -> Status:
    """What the platform reads (gamekit.engine.Status); the board reads the view."""
    return status_of(state.turn, state.result)


def summary(state: State) -> dict[str, Any]:
    """The deal and the match at a glance, seats as int keys (tests, bots, benches)."""
    result = state.result
    return {
        "turn": state.turn,
        "over": result is not None,
        "scores": None if result is None else dict(result["scores"]),
        "winner": None if result is None else result["winner"],
        "reason": None if result is None else result["reason"],
        "step": state.step,
        "match": match_totals(state),
        "match_over": match_over(state),
        "match_winner": match_winner(state),
        "hand_counts": {seat: len(state.hands[seat]) for seat in SEATS},
        "stock_count": len(state.stock),
        "turns": state.turns,
        "game_no": state.game_no,
        "first": state.first,
    }


def _secret(state: State, seat: Seat) -> list[str]:
    """The cards of `seat`'s hand that the other seat has not seen."""
    known = set(known_cards(state)[seat])
    return [code for code in state.hands[seat] if code not in known]


def hidden(state: State, seat: Seat | None) -> Counter[str]:
    """The card codes `seat` may not see now: the stock, and the other hand (both for
    a spectator) except the cards seen taken from the discard pile; once the deal is
    over, only the stock."""
    cards = Counter(state.stock)
    if state.result is None:
        for s in SEATS:
            if s != seat:
                cards.update(_secret(state, s))
    return cards


def redeal_hidden(state: State, seat: Seat | None, rng: random.Random) -> State:
    """A state `seat` cannot tell from this one: the cards hidden from it shuffled among
    their hidden places (the other hand's unseen cards and the stock), sizes kept."""
    places = [s for s in SEATS if s != seat] if state.result is None else []
    pool = list(hidden(state, seat).elements())
    rng.shuffle(pool)
    hands = dict(state.hands)
    for s in places:
        known = known_cards(state)[s]
        size = len(state.hands[s]) - len(known)
        hands[s] = tuple(sort_cards([*known, *pool[:size]]))
        pool = pool[size:]
    return replace(state, hands=hands, stock=tuple(pool))
