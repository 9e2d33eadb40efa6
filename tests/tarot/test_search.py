"""tarot.search, the strong player's open-card search: its rules agree with the engine's."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tarot import bots, endgame, search
from tarot.cards import DECK, INDEX, trick_winner
from tarot.engine import apply, new_round
from tarot.scoring import oudlers_taken, petit_taker, points_halves
from tarot.state import is_over, tricks_left, turn
from tarot.turns import _legal, legal_cards

cards = st.sampled_from(DECK)


@settings(max_examples=150, deadline=None)
@given(held=st.sets(cards, min_size=1, max_size=12), lead=st.one_of(st.none(), cards))
def test_the_search_allows_exactly_the_cards_the_engine_allows(held, lead):
    held.discard(lead)
    mask = sum(1 << INDEX[c] for c in held)

    allowed = search.legal_mask(mask, -1 if lead is None else INDEX[lead])

    assert {DECK[i] for i in search.bits(allowed)} == set(_legal(lead, held))


@settings(max_examples=150, deadline=None)
@given(lead=cards, second=cards)
def test_the_search_gives_each_trick_to_the_engines_winner(lead, second):
    if lead != second:
        assert search.second_wins(INDEX[lead], INDEX[second]) == (trick_winner(lead, second) == 1)


def test_a_round_reached_is_worth_more_than_any_points():
    won = endgame.outcome(2 * 56, 0)  # 56 points, no oudler: won
    drawn = endgame.outcome(2 * 55 + 1, 0)  # half a point short
    lost = endgame.outcome(2 * 40 + endgame.OUDLER_UNIT, 0)  # 40 with one oudler

    assert won > drawn > lost
    assert endgame.outcome(2 * 56, 1) - won == 2 * search.PETIT_LAST_BONUS


def test_the_end_search_plays_the_excuse_before_the_last_trick():
    # Seat 0 leads with the Excuse and H2 against H5 and H9: the Excuse now keeps it.
    stacks = [[[] for _ in range(6)] for _ in range(2)]
    solver = endgame.EndSearch(stacks, 0)
    hands = [1 << INDEX["EX"] | 1 << INDEX["H2"], 1 << INDEX["H5"] | 1 << INDEX["H9"]]
    heights = [(0,) * 6, (0,) * 6]

    values = solver.root_outcomes([INDEX["EX"], INDEX["H2"]], hands, heights, -1, 2, 2 * 40)

    assert values[INDEX["EX"]] > values[INDEX["H2"]]


def engine_outcome(state, seat):
    """search.outcome of a finished round, from the engine's own counting."""
    taker = petit_taker(state)
    petit = 0 if taker is None else (1 if taker == seat else -1)
    return endgame.outcome(
        points_halves(state)[seat] + endgame.OUDLER_UNIT * oudlers_taken(state)[seat], petit
    )


def minimax(state, seat):
    """The round's value for `seat` with every card open, by the engine's rules alone."""
    if is_over(state):
        return engine_outcome(state, seat)
    mover = turn(state)
    values = [
        minimax(apply(state, mover, {"type": "play", "card": c}), seat)
        for c in legal_cards(state, mover)
    ]
    return max(values) if mover == seat else min(values)


def open_position(seed, left, leading_every=2):
    """A round played by medium to `left` tricks left (to the next lead unless `seed` is
    a multiple of `leading_every`), every card open, the seat to move as seat 0: the
    state and the search's stacks and arguments (moves, hands, heights, lead, tricks
    left, seat 0's takings)."""
    state, rng = new_round(seed, 1 + seed % 2), random.Random(seed)
    while tricks_left(state) > left or (seed % leading_every and state.trick == ()):
        seat = turn(state)
        state = apply(state, seat, bots.choose(state, seat, "medium", rng))
    me = turn(state)
    them = 3 - me
    stacks = [[[INDEX[c] for c in pile] for pile in state.stacks[s]] for s in (me, them)]
    hands = [sum(1 << INDEX[c] for c in state.hands[s]) for s in (me, them)]
    heights = [tuple(len(p) for p in state.stacks[s]) for s in (me, them)]
    lead = INDEX[state.trick[0][1]] if state.trick else -1
    mine = points_halves(state)[me] + endgame.OUDLER_UNIT * oudlers_taken(state)[me]
    moves = [INDEX[c] for c in legal_cards(state, me)]
    return state, stacks, (moves, hands, heights, lead, tricks_left(state), mine)


def test_the_end_search_agrees_with_a_plain_minimax_over_the_engines_rules():
    for seed in range(6):
        state, stacks, args = open_position(seed, 3, leading_every=3)
        me = turn(state)

        found = endgame.EndSearch(stacks, 0).root_outcomes(*args)

        for card in args[0]:
            after = apply(state, me, {"type": "play", "card": DECK[card]})
            assert found[card] == minimax(after, me), (seed, DECK[card])


def test_the_result_search_finds_who_wins_as_the_exact_search_does():
    results_seen = set()
    for seed in range(12):
        _, stacks, args = open_position(seed, 8)
        exact = endgame.EndSearch(stacks, 0).root_outcomes(*args)

        results = endgame.EndSearch(stacks, 0).root_results(*args)

        assert results == {card: endgame.result_of(value) for card, value in exact.items()}
        results_seen |= set(results.values())
    assert {1, -1} <= results_seen  # won and lost positions both checked


def test_a_result_search_over_its_node_limit_gives_up():
    _, stacks, args = open_position(3, 8)

    assert endgame.EndSearch(stacks, 50).root_results(*args) is None
    assert endgame.EndSearch(stacks, 10**6).root_results(*args) is not None
