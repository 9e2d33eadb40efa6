"""Invariants of the rummy engine over random complete deals and matches, played with
random legal actions (and random garbage in between):

- the 52 cards are always all accounted for, each once;
- every meld on the table is valid;
- no card hidden from a seat appears anywhere in its view;
- to_json / from_json round-trip;
- every legal action is accepted by apply; garbage is refused with IllegalAction and
  changes nothing;
- a finished deal's scores are the loser's hand value, and match totals add up.
"""

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.engine import apply, from_json, hidden, legal_actions, new_round, to_json, view
from cards.melds import DECK, check_meld, hand_value
from cards.seen import summary
from cards.state import match_over, match_totals
from gamekit.engine import IllegalAction
from tests.cards.positions import all_cards

PLAY_FIRST = {"meld": 0.9, "lay_off": 0.8}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from([*DECK[:8], "ZZ", "", "10H"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
garbage_actions = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["draw", "meld", "lay_off", "discard", "pass", 3])},
        optional={
            "source": json_values | st.sampled_from(["stock", "discard"]),
            "card": json_values | st.sampled_from(DECK),
            "cards": st.lists(st.sampled_from(DECK), max_size=5) | json_values,
            "meld": json_values,
        },
    ),
)


def pick(actions: list[dict], rng: random.Random) -> dict:
    """A random legal action, leaning towards melds and lay-offs so deals end."""
    for kind, chance in PLAY_FIRST.items():
        plays = [a for a in actions if a["type"] == kind]
        if plays and rng.random() < chance:
            return rng.choice(plays)
    return rng.choice(actions)


def check_invariants(state) -> None:
    assert all_cards(state) == Counter(DECK)
    assert all(check_meld(m.cards).valid for m in state.melds)
    data = json.loads(json.dumps(to_json(state)))
    assert from_json(data) == state
    for seat in (1, 2, None):
        text = json.dumps(view(state, seat))
        leaked = [code for code in hidden(state, seat) if f'"{code}"' in text]
        assert not leaked, (seat, leaked)


def play_deal(state, rng: random.Random, garbage: list | None = None, check: bool = True):
    garbage = list(garbage or [])
    while not summary(state)["over"]:
        seat = state.turn
        actions = legal_actions(state, seat)
        assert actions
        assert legal_actions(state, 3 - seat) == []
        if garbage:
            bad = garbage.pop()
            before = to_json(state)
            refusal = None
            try:
                apply(state, seat, bad)
            except IllegalAction as error:  # anything else fails the test
                refusal = error
            if refusal is not None:
                assert isinstance(refusal.code, str)
                assert str(refusal)
            assert to_json(state) == before
        state = apply(state, seat, pick(actions, rng))
        if check:
            check_invariants(state)
    return state


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), garbage=st.lists(garbage_actions, max_size=30))
def test_random_deals_keep_every_invariant(seed, garbage):
    rng = random.Random(seed)
    state = new_round(seed, 1)
    check_invariants(state)
    state = play_deal(state, rng, garbage)
    result = state.result
    if result["reason"] == "out":
        winner = result["winner"]
        assert state.hands[winner] == ()
        assert result["scores"] == {winner: hand_value(state.hands[3 - winner]), 3 - winner: 0}
    else:
        assert result["scores"] == {1: 0, 2: 0}
        assert state.turns == 200


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40))
def test_random_matches_add_up_and_end_at_100(seed):
    rng = random.Random(seed)
    state = new_round(seed, 1)
    earned = {1: 0, 2: 0}
    firsts = []
    while True:
        firsts.append(state.first)
        state = play_deal(state, rng, check=False)
        for seat in (1, 2):
            earned[seat] += state.result["scores"][seat]
        assert match_totals(state) == earned
        if match_over(state):
            break
        state = new_round(rng.randrange(2**40), 1, previous=state)
    assert max(earned.values()) >= 100
    assert firsts == [1 + i % 2 for i in range(len(firsts))]
    assert summary(state)["match_winner"] == max((1, 2), key=earned.__getitem__)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40), steps=st.integers(0, 60))
def test_every_legal_action_is_accepted(seed, steps):
    rng = random.Random(seed)
    state = new_round(seed, 1)
    for _ in range(steps):
        if summary(state)["over"]:
            break
        state = apply(state, state.turn, pick(legal_actions(state, state.turn), rng))
    if not summary(state)["over"]:
        for action in legal_actions(state, state.turn):
            apply(state, state.turn, action)
