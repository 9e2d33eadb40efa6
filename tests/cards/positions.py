"""Positions and helpers for the rummy engine tests."""

from collections import Counter

import pytest

from cards.engine import apply, to_json
from cards.melds import DECK
from cards.state import Meld, State, state_from_position
from gamekit.engine import IllegalAction


def draw(source: str = "stock") -> dict:
    return {"type": "draw", "source": source}


def meld(*cards: str) -> dict:
    return {"type": "meld", "cards": list(cards)}


def lay_off(card: str, index: int) -> dict:
    return {"type": "lay_off", "card": card, "meld": index}


def discard(card: str) -> dict:
    return {"type": "discard", "card": card}


def play(state: State, seat: int, *actions: dict) -> State:
    for action in actions:
        state = apply(state, seat, action)
    return state


def refused(state: State, seat: int, action: object) -> IllegalAction:
    """Apply an action that must be refused, and check that nothing changed."""
    before = to_json(state)
    with pytest.raises(IllegalAction) as caught:
        apply(state, seat, action)  # type: ignore[arg-type]
    assert to_json(state) == before
    return caught.value


def all_cards(state: State) -> Counter:
    return Counter(
        [
            *state.stock,
            *state.pile,
            *state.hands[1],
            *state.hands[2],
            *(code for m in state.melds for code in m.cards),
        ]
    )


def position(
    hand1: list[str],
    hand2: list[str],
    *,
    pile: list[str] = ("2C",),  # type: ignore[assignment]
    melds: list = (),  # type: ignore[assignment]
    stock: list[str] | None = None,
    draws: list[str] = (),  # type: ignore[assignment]
    turn: int = 1,
    step: str = "draw",
    turns: int = 0,
    match: dict | None = None,
) -> State:
    """A deal at a chosen position; the stock holds the rest in deck order (its end,
    drawn first, is the king of clubs) unless given; `draws` are the next cards drawn
    from it, in order."""
    if stock is None:
        placed = {*hand1, *hand2, *pile, *(c for m in melds for c in getattr(m, "cards", m))}
        rest = [c for c in DECK if c not in placed and c not in draws]
        stock = [*rest, *reversed(draws)]
    return state_from_position(
        {1: hand1, 2: hand2},
        pile=list(pile),
        melds=list(melds),
        stock=stock,
        turn=turn,
        step=step,
        turns=turns,
        match=match,
    )


def owned(owner: int, *cards: str) -> Meld:
    return Meld(owner=owner, cards=tuple(cards))
