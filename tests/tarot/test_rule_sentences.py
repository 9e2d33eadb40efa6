"""The sentences of RULES.md (Tarot duel) the other rule tests do not already say, one
test each: the order of the cards, the 21, the stacks of both players in one trick, a
card turned up that may not be played before its trick is gathered, and no slam bonus."""

import itertools

import pytest

from tarot.cards import RANKS
from tarot.engine import view
from tarot.scoring import result
from tarot.turns import legal_cards
from tests.tarot.positions import cards_worth, play, position, refused

ORDER = ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]


def test_in_each_suit_the_king_beats_the_queen_the_knight_the_jack_then_10_down_to_1():
    assert list(reversed(RANKS)) == ORDER
    for suit in "SHDC":
        for higher, lower in itertools.pairwise(ORDER):
            state = position({1: [f"{suit}{lower}", "T2"], 2: [f"{suit}{higher}", "T3"]})
            after = play(state, (1, f"{suit}{lower}"), (2, f"{suit}{higher}"))
            assert after.tricks[-1][2] == 2, (higher, lower)


def test_the_21_is_the_highest_trump_and_must_be_played_over_the_20():
    state = play(position({1: ["T20", "S1"], 2: ["T21", "T5", "H1"]}), (1, "T20"))

    assert legal_cards(state, 2) == ["T21"]
    assert refused(state, 2, {"type": "play", "card": "T5"}).code == "overtrump"
    after = play(state, (2, "T21"))
    assert after.tricks[-1][2] == 2
    # Led, the 21 cannot be beaten: any trump will do and the 21 wins.
    led = play(position({1: ["T21", "S1"], 2: ["T5", "T9", "H1"]}), (1, "T21"))
    assert legal_cards(led, 2) == ["T5", "T9"]
    assert play(led, (2, "T9")).tricks[-1][2] == 1


def test_a_player_plays_only_from_their_own_stacks():
    state = position({1: ["H5", "S2"], 2: ["H9", "S3"]}, {2: [["C1", "C2", "HK"]]})

    assert refused(state, 1, {"type": "play", "card": "HK"}).code == "opponents_card"
    assert "HK" not in legal_cards(state, 1)


def test_when_both_cards_of_a_trick_come_from_stacks_both_cards_below_are_turned_up_after_it():
    state = position(
        {1: ["S2"], 2: ["S3"]},
        {1: [["C1", "C2", "H5"]], 2: [["D1", "D2", "H9"]]},
    )

    on_table = play(state, (1, "H5"))
    # The follower sees its own stacks as they are; the leader's new top is still down.
    assert view(on_table, 2)["stacks"]["1"][0] == {"up": None, "down": 2}
    assert view(on_table, 2)["stacks"]["2"][0] == {"up": "H9", "down": 2}
    gathered = play(on_table, (2, "H9"))
    for seat in (1, 2, None):
        shown = view(gathered, seat)["stacks"]
        assert shown["1"][0] == {"up": "C2", "down": 1}
        assert shown["2"][0] == {"up": "D2", "down": 1}


def test_a_card_turned_up_by_the_leader_cannot_be_played_in_the_same_trick():
    # The leader's next card is below the card just led; the trick decides first.
    state = position({1: ["S2"], 2: ["S3", "H9"]}, {1: [["C1", "H5"]]})

    on_table = play(state, (1, "H5"))

    assert "C1" not in legal_cards(on_table, 1)
    assert legal_cards(on_table, 2) == ["H9"]  # the follower must follow the 5 of hearts
    assert refused(on_table, 2, {"type": "play", "card": "C1"}).code == "face_down"


@pytest.mark.parametrize("petit_last", [False, True])
def test_taking_every_card_earns_no_slam_bonus_only_25_plus_the_excess(petit_last):
    # Seat 1 has taken everything but the last trick, and takes that too.
    last = ["T1", "S1"] if petit_last else ["S2", "S1"]
    won = [c for c in cards_worth(91, 3) if c not in last]
    state = position({1: [last[0]], 2: [last[1]]}, won={1: won, 2: []})

    after = play(state, (1, last[0]), (2, last[1]))

    scored = result(after)
    assert scored is not None
    assert scored["points"]["1"] == 91
    assert scored["excess"]["1"] == 91 - 36
    assert scored["scores"]["1"] == 25 + 55 + (10 if petit_last else 0)
    assert scored["scores"]["2"] == -scored["scores"]["1"]
