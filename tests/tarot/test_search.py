"""tarot.search, the strong player's open-card search: its rules agree with the engine's."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tarot import search
from tarot.cards import DECK, INDEX, trick_winner
from tarot.engine import _legal

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
    won = search.outcome(2 * 56, 0)  # 56 points, no oudler: won
    drawn = search.outcome(2 * 55 + 1, 0)  # half a point short
    lost = search.outcome(2 * 40 + search.OUDLER_UNIT, 0)  # 40 with one oudler

    assert won > drawn > lost
    assert search.outcome(2 * 56, 1) - won == 2 * search.PETIT_LAST_BONUS


def test_the_end_search_plays_the_excuse_before_the_last_trick():
    # Seat 0 leads with the Excuse and H2 against H5 and H9: the Excuse now keeps it.
    stacks = [[[] for _ in range(6)] for _ in range(2)]
    solver = search.EndSearch(stacks, 0)
    hands = [1 << INDEX["EX"] | 1 << INDEX["H2"], 1 << INDEX["H5"] | 1 << INDEX["H9"]]
    heights = [(0,) * 6, (0,) * 6]

    values = solver.root_outcomes([INDEX["EX"], INDEX["H2"]], hands, heights, -1, 2, 2 * 40)

    assert values[INDEX["EX"]] > values[INDEX["H2"]]
