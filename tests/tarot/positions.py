"""Tarot positions set up by hand for the rule tests and a helper to play them; random
positions of real rounds and their open-card form (for the playout tests and
bench/tarot_playout.py)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from gamekit.engine import IllegalAction
from tarot import engine
from tarot.cards import DECK, EXCUSE, INDEX, OUDLERS, half_points, sort_cards
from tarot.endgame import TAKEN, EndSearch
from tarot.engine import apply
from tarot.state import STACKS, Play, State, tricks_left, turn


def position(
    hands: dict[int, Sequence[str]],
    stacks: dict[int, Sequence[Sequence[str]]] | None = None,
    *,
    leader: int = 1,
    trick: Play | None = None,
    won: dict[int, Sequence[str]] | None = None,
    excuse_giver: int | None = None,
) -> State:
    """A round in progress: the given hands, stacks (bottom card first, padded to six
    empty ones) and card on the table; every other card is among the won cards (as
    given, the rest split between the seats)."""
    piles = {s: [tuple(p) for p in (stacks or {}).get(s, [])] for s in (1, 2)}
    for s in (1, 2):
        piles[s] += [()] * (STACKS - len(piles[s]))
    used = [c for s in (1, 2) for c in hands[s]] + [c for s in (1, 2) for p in piles[s] for c in p]
    used += [trick[1]] if trick else []
    won = {s: [c for c in (won or {}).get(s, []) if c not in used] for s in (1, 2)}
    rest = [c for c in DECK if c not in used and c not in won[1] + won[2]]
    if not (won[1] or won[2]):
        won[1], won[2] = rest[::2], rest[1::2]
    else:
        won[2 if won[1] else 1] += rest
    assert sorted(used + won[1] + won[2]) == sorted(DECK), "a position holds the 78 cards"
    return State(
        seed=0,
        first=leader,
        game_no=1,
        hands={s: tuple(sort_cards(hands[s])) for s in (1, 2)},
        stacks={s: tuple(piles[s]) for s in (1, 2)},
        leader=leader,
        trick=(trick,) if trick else (),
        won={s: tuple(won[s]) for s in (1, 2)},
        excuse_giver=excuse_giver,
    )


def play(state: State, *moves: tuple[int, str]) -> State:
    """Play the cards in order, each by the given seat."""
    for seat, card in moves:
        state = apply(state, seat, {"type": "play", "card": card})
    return state


def refused(state: State, seat: int, action: Any) -> IllegalAction:
    """The refusal of an action, checking that the state did not change."""
    before = repr(state)
    with pytest.raises(IllegalAction) as caught:
        apply(state, seat, action)
    assert repr(state) == before
    return caught.value


def cards_worth(points: float, oudlers: int) -> list[str]:
    """Cards worth exactly `points` holding exactly `oudlers` oudlers (T1, T21, EX first)."""
    chosen = list(("T1", "T21", EXCUSE)[:oudlers])
    left = round(points * 2) - sum(half_points(c) for c in chosen)
    others = sorted((c for c in DECK if c not in OUDLERS), key=half_points, reverse=True)
    for card in others:
        if half_points(card) <= left:
            chosen.append(card)
            left -= half_points(card)
    if left:
        raise ValueError(f"no cards are worth {points} with {oudlers} oudlers")
    return chosen


def message(refusal: IllegalAction) -> str:
    return refusal.message % refusal.params if refusal.params else refusal.message


def codes(cards: Iterable[str]) -> list[str]:
    return sort_cards(cards)


def open_deal(state: State) -> tuple[EndSearch, int, int, int, int, int, int]:
    """The position with every card open, the seat to move as seat 0: the search, both
    seats' playable masks, who leads the trick on the table, the card led (-1: none),
    the tricks left and what seat 0 took (packed as `endgame.outcome` reads it)."""
    me = turn(state)
    seats = (me, 3 - me)
    piles = [[[INDEX[c] for c in pile] for pile in state.stacks[s]] for s in seats]
    search = EndSearch(piles, 0)
    masks = []
    for i, seat in enumerate(seats):
        hand = sum(1 << INDEX[c] for c in state.hands[seat])
        heights = tuple(len(p) for p in piles[i])
        masks.append(search.avail(i, hand, heights))
    led = INDEX[state.trick[0][1]] if state.trick else -1
    mine = sum(TAKEN[INDEX[c]] for c in state.won[me])
    if state.excuse_giver is not None:
        mine += -1 if state.excuse_giver == me else 1
    return search, masks[0], masks[1], 1 if state.trick else 0, led, tricks_left(state), mine


def random_position(seed: int, plays: int) -> State:
    rng = random.Random(seed)
    state = engine.new_round(seed, 1 + seed % 2)
    for _ in range(plays):
        seat = engine.status(state)["turn"]
        if seat is None:
            break
        state = apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return state
