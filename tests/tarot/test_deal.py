"""Dealing a round (RULES.md, Tarot duel): 78 cards, 21 in hand and six stacks of three
each with the top face up; the first player alternates between rounds."""

from collections import Counter

from tarot.cards import DECK, SUIT_CARDS, TRUMPS
from tarot.engine import hidden, new_round, view
from tarot.scoring import summary
from tarot.state import next_first_seat, turn


def test_the_deck_is_four_suits_of_14_21_trumps_and_the_excuse():
    assert len(DECK) == len(set(DECK)) == 78
    assert len(SUIT_CARDS) == 56
    assert len(TRUMPS) == 21
    assert "EX" in DECK
    assert [c for c in SUIT_CARDS if c[0] == "H"][-4:] == ["HJ", "HN", "HQ", "HK"]


def test_each_player_gets_21_cards_in_hand_and_six_stacks_of_three_top_face_up():
    state = new_round(seed=5, first_seat=1)

    for seat in (1, 2):
        assert len(state.hands[seat]) == 21
        assert [len(stack) for stack in state.stacks[seat]] == [3] * 6
        shown = view(state, seat)["stacks"]
        for s in (1, 2):
            assert shown[str(s)] == [{"up": stack[-1], "down": 2} for stack in state.stacks[s]]
    everything = Counter(c for s in (1, 2) for c in state.hands[s])
    everything.update(c for s in (1, 2) for stack in state.stacks[s] for c in stack)
    assert everything == Counter(DECK)
    assert sum(hidden(state, 1).values()) == 21 + 2 * 12


def test_a_deal_is_deterministic_from_the_seed_and_the_same_whoever_leads():
    assert new_round(42, 1) == new_round(42, 1)
    assert new_round(42, 1).hands == new_round(42, 2).hands
    assert new_round(42, 1).hands != new_round(43, 1).hands


def test_the_first_seat_given_leads_the_first_trick():
    assert turn(new_round(1, 1)) == 1
    assert turn(new_round(1, 2)) == 2
    assert summary(new_round(1, 2))["first"] == 2


def test_player_1_leads_the_first_round_and_the_first_player_alternates():
    first = new_round(1, next_first_seat(None))
    second = new_round(2, next_first_seat(first), previous=first)
    third = new_round(3, next_first_seat(second), previous=second)

    assert [(s.first, turn(s), s.game_no) for s in (first, second, third)] == [
        (1, 1, 1),
        (2, 2, 2),
        (1, 1, 3),
    ]


def test_there_is_no_bidding_and_no_dog():
    state = new_round(9, 1)

    assert summary(state)["turn"] == 1
    assert sum(len(state.hands[s]) + 18 for s in (1, 2)) == 78
