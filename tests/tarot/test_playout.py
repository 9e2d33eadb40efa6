"""tarot.playout: the fast playout the strong player runs is the readable one, faster."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tarot import engine, playout
from tarot.cards import INDEX
from tarot.state import turn
from tests.tarot.positions import open_deal, random_position


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), plays=st.integers(0, 76))
def test_the_fast_playout_ends_every_position_as_the_readable_one_does(seed, plays):
    state = random_position(seed, plays)
    if engine.status(state)["over"]:
        return
    search, a0, a1, leader, led, left, mine = open_deal(state)
    if leader == 0:  # seat 0 leads each of its cards, then both play it out
        for card in [INDEX[c] for c in engine.view(state, turn(state))["legal"]]:
            rest = search.after(a0, card)
            expected = playout.play_out(search, rest, a1, 0, card, left, mine)
            assert playout.fast_play_out(search, rest, a1, 0, card, left, mine) == expected
    else:  # seat 0 answers: the playout from the opponent's next lead
        expected = playout.play_out(search, a0, a1, 1, led, left, mine)
        assert playout.fast_play_out(search, a0, a1, 1, led, left, mine) == expected


def test_the_fast_playout_and_the_readable_one_agree_on_a_thousand_sampled_deals():
    rng = random.Random(5)
    for seed in range(1000):
        state = random_position(seed, rng.randrange(0, 77))
        if engine.status(state)["over"]:
            continue
        search, a0, a1, leader, led, left, mine = open_deal(state)
        assert playout.fast_play_out(search, a0, a1, leader, led, left, mine) == (
            playout.play_out(search, a0, a1, leader, led, left, mine)
        )
