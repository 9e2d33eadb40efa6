"""Invariants of the Tarot duel engine over random complete rounds (random legal cards):

- the 78 cards are always all there, each once; the points add up to 91;
- finished rounds' scores add up to zero;
- no view holds a card hidden from its seat;
- to_json / from_json round-trip;
- every legal action is accepted, and every other card or garbage action refused with
  nothing changed.
"""

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit.engine import IllegalAction
from tarot.cards import DECK
from tarot.engine import (
    apply,
    from_json,
    hidden,
    legal_actions,
    new_round,
    redeal_hidden,
    to_json,
    view,
)
from tarot.scoring import points_halves, result, summary
from tarot.state import State, turn

GARBAGE = [
    None,
    "H5",
    {"type": "draw"},
    {"type": "play"},
    {"type": "play", "card": 21},
    {"type": "play", "card": "T22"},
    {"type": "play", "stack": 7},
    {"type": "play", "stack": -1},
]


def all_cards(state: State) -> Counter:
    cards = Counter(c for s in (1, 2) for c in state.hands[s])
    cards.update(c for s in (1, 2) for stack in state.stacks[s] for c in stack)
    cards.update(p[1] for p in state.trick)
    cards.update(c for s in (1, 2) for c in state.won[s])
    return cards


def check_views(state: State, seed: int) -> None:
    for seat in (1, 2, None):
        scrambled = redeal_hidden(state, seat, random.Random(seed))
        assert view(scrambled, seat) == view(state, seat)
        assert all_cards(scrambled) == Counter(DECK)
        text = json.dumps(view(state, seat))
        assert not [card for card in hidden(state, seat) if f'"{card}"' in text]


def check_refusals(state: State, seat: int, data) -> None:
    legal = {a["card"] for a in legal_actions(state, seat)}
    before = repr(state)
    others = sorted(set(DECK) - legal)
    for card in data.draw(st.lists(st.sampled_from(others), max_size=3)):
        try:
            apply(state, seat, {"type": "play", "card": card})
        except IllegalAction:
            pass
        else:  # pragma: no cover - the failure we look for
            raise AssertionError(f"{card} was accepted but is not legal")
    for action in [*GARBAGE, {"type": "play", "card": data.draw(st.sampled_from(DECK))}]:
        for who in (seat, 3 - seat):
            try:
                apply(state, who, action)
            except IllegalAction:
                pass
            else:
                assert who == seat
                assert action["card"] in legal
    assert repr(state) == before


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), first=st.sampled_from([1, 2]), data=st.data())
def test_random_rounds_keep_every_card_every_point_and_every_secret(seed, first, data):
    state = new_round(seed, first)
    plays = 0
    while not summary(state)["over"]:
        seat = turn(state)
        assert all_cards(state) == Counter(DECK)
        assert sum(points_halves(state).values()) <= 182
        if plays % 7 == 0:
            check_views(state, seed + plays)
            check_refusals(state, seat, data)
            assert from_json(json.loads(json.dumps(to_json(state)))) == state
        actions = legal_actions(state, seat)
        assert actions
        state = apply(state, seat, data.draw(st.sampled_from(actions)))
        plays += 1
    assert plays == 78
    assert all_cards(state) == Counter(DECK)
    assert sum(points_halves(state).values()) == 182
    breakdown = result(state)
    assert sum(breakdown["points"].values()) == 91
    assert sum(summary(state)["scores"].values()) == 0
    assert breakdown["winner"] in (None, 1, 2)
    check_views(state, seed + plays)
    assert from_json(json.loads(json.dumps(to_json(state)))) == state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), plays=st.integers(0, 77), data=st.data())
def test_every_legal_card_is_accepted_and_every_other_card_refused(seed, plays, data):
    state = new_round(seed, 1)
    for _ in range(plays):
        state = apply(
            state, turn(state), data.draw(st.sampled_from(legal_actions(state, turn(state))))
        )
    seat = turn(state)
    legal = {a["card"] for a in legal_actions(state, seat)}
    for card in DECK:
        try:
            after = apply(state, seat, {"type": "play", "card": card})
        except IllegalAction:
            assert card not in legal
        else:
            assert card in legal
            assert all_cards(after) == Counter(DECK)
    assert not legal_actions(state, 3 - seat)
