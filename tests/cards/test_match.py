"""Deals and the match (RULES.md "Rummy" and "Common to all three games"): the next
deal keeps the match score and passes the deal (the non-dealer plays first; player 1
plays first in a match's first deal); the match goes to 100; "New round" during a deal
restarts the match at 0-0."""

from dataclasses import replace

import pytest

from cards.engine import apply, new_round, view
from cards.seen import summary
from cards.state import match_over, match_totals
from tests.cards.positions import discard, draw, meld, position


def won_deal(winner: int, points: int, previous_match=None, first: int = 1):
    """A deal that `winner` has just won by `points`, played first by `first`."""
    loser = ["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC", "JS", "JH"][: points // 10]
    others = 2 if winner == 1 else 1
    hands = {winner: ["4S", "5S", "2H"], others: loser}
    state = position(
        hands[1], hands[2], draws=["6S"], turn=winner, match=previous_match, pile=["9D"]
    )
    state = replace(state, first=first)
    for action in (draw(), meld("4S", "5S", "6S"), discard("2H")):
        state = apply(state, winner, action)
    assert state.result["scores"][winner] == points
    return state


def test_player_1_plays_first_in_the_first_deal_of_a_match_whatever_the_rooms_say():
    assert new_round(1, 1).turn == 1
    assert new_round(1, 2).turn == 1
    assert (new_round(1, 2).first, new_round(1, 2).game_no) == (1, 1)


def test_the_next_deal_keeps_the_match_score_and_the_other_player_plays_first():
    deal = won_deal(winner=2, points=30, first=1)
    assert summary(deal)["match"] == {1: 0, 2: 30}
    nxt = new_round(7, 2, previous=deal)
    assert (nxt.first, nxt.turn, nxt.game_no) == (2, 2, 2)
    assert summary(nxt)["match"] == {1: 0, 2: 30}
    assert view(nxt, 1)["match"] == {"1": 0, "2": 30}
    third = new_round(
        8, 1, previous=won_deal(winner=1, points=20, previous_match={1: 0, 2: 30}, first=2)
    )
    assert (third.first, third.game_no) == (1, 2)
    assert summary(third)["match"] == {1: 20, 2: 30}


def test_a_drawn_deal_keeps_the_score_and_passes_the_deal():
    state = position(["6H", "8S", "KS"], ["AS"], pile=["9D"], turns=199, match={1: 40, 2: 10})
    state = apply(apply(state, 1, draw()), 1, discard("KS"))
    assert summary(state)["reason"] == "turn_limit"
    nxt = new_round(3, 1, previous=state)
    assert summary(nxt)["match"] == {1: 40, 2: 10}
    assert nxt.first == 2


def test_the_match_is_won_by_the_first_to_reach_100():
    deal = won_deal(winner=1, points=30, previous_match={1: 70, 2: 90})
    assert match_totals(deal) == {1: 100, 2: 90}
    assert match_over(deal)
    assert summary(deal)["match_over"]
    assert summary(deal)["match_winner"] == 1
    assert view(deal, 2)["match_winner"] == 1


def test_below_100_the_match_goes_on():
    deal = won_deal(winner=1, points=20, previous_match={1: 70, 2: 90})
    assert not summary(deal)["match_over"]
    assert summary(deal)["match_winner"] is None


def test_after_a_finished_match_a_new_match_starts_at_0_0_with_player_1():
    deal = won_deal(winner=2, points=30, previous_match={1: 50, 2: 90}, first=2)
    nxt = new_round(4, 2, previous=deal)
    assert summary(nxt)["match"] == {1: 0, 2: 0}
    assert (nxt.first, nxt.game_no) == (1, 1)


def test_new_round_during_a_deal_restarts_the_match_at_0_0():
    in_progress = replace(new_round(5, 1), match={1: 60, 2: 20}, game_no=4, first=2, turn=2)
    nxt = new_round(6, 2, previous=in_progress)
    assert summary(nxt)["match"] == {1: 0, 2: 0}
    assert (nxt.first, nxt.turn, nxt.game_no) == (1, 1, 1)


def test_first_seat_must_be_a_seat():
    with pytest.raises(ValueError, match="first_seat"):
        new_round(1, 3)
