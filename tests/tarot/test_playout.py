"""tarot.playout: the fast playout the strong player runs is the readable one, faster."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tarot import engine, playout
from tarot.cards import INDEX
from tarot.endgame import TAKEN, EndSearch
from tarot.state import State, tricks_left, turn


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
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    return state


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
