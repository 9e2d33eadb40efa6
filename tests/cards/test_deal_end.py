"""The end of a deal (RULES.md "Rummy"): emptying the hand ends it at once, by a meld,
a lay-off or the discard; the winner scores every card left in the opponent's hand,
melds held in it included (ace 1, J/Q/K 10, others face value); after 200 completed
turns the deal is drawn with no points."""

from cards.engine import apply, legal_actions
from cards.seen import summary
from cards.state import TURN_LIMIT
from tests.cards.positions import discard, draw, lay_off, meld, owned, play, position, refused

LOSER = ["AS", "KD", "7H", "7C", "7D"]  # 1 + 10 + 21 = 32, a set of sevens included


def assert_won_by_1(state, reason="out"):
    assert summary(state)["over"]
    assert summary(state)["turn"] is None
    assert summary(state)["scores"] == {1: 32, 2: 0}
    assert summary(state)["winner"] == 1
    assert summary(state)["reason"] == reason
    assert state.hands[1] == ()
    assert legal_actions(state, 1) == legal_actions(state, 2) == []


def test_going_out_by_melding_the_last_cards_ends_the_deal_at_once():
    state = position(["4S", "5S"], LOSER, draws=["6S"], pile=["9D"])
    state = play(state, 1, draw(), meld("4S", "5S", "6S"))
    assert_won_by_1(state)
    assert state.pile == ("9D",)  # no discard was needed


def test_going_out_by_laying_off_the_last_card_ends_the_deal_at_once():
    state = position(
        ["9S"],
        LOSER,
        draws=["TS"],
        pile=["9D"],
        melds=[owned(2, "6S", "7S", "8S")],
    )
    state = play(state, 1, draw(), lay_off("9S", 0), lay_off("TS", 0))
    assert_won_by_1(state)


def test_going_out_by_discarding_the_last_card_ends_the_deal():
    state = position(["4S", "5S", "QH"], LOSER, draws=["6S"], pile=["9D"])
    state = play(state, 1, draw(), meld("4S", "5S", "6S"), discard("QH"))
    assert_won_by_1(state)
    assert state.pile[-1] == "QH"


def test_the_winner_scores_melds_still_held_in_the_losers_hand():
    state = position(["4S", "5S", "QH"], LOSER, draws=["6S"], pile=["9D"])
    state = play(state, 1, draw(), meld("4S", "5S", "6S"), discard("QH"))
    assert state.result["hand_values"] == {1: 0, 2: 32}
    assert state.result["scores"] == {1: 32, 2: 0}


def test_nothing_more_can_be_played_once_the_deal_is_over():
    state = position(["4S", "5S", "QH"], LOSER, draws=["6S"], pile=["9D"])
    state = play(state, 1, draw(), meld("4S", "5S", "6S"), discard("QH"))
    error = refused(state, 2, draw())
    assert error.code == "game_over"


def test_after_200_completed_turns_the_deal_is_drawn_with_no_points():
    state = position(["6H", "8S", "KS"], LOSER, pile=["9D"], turns=TURN_LIMIT - 1)
    state = play(state, 1, draw(), discard("KS"))
    assert summary(state)["over"]
    assert summary(state)["reason"] == "turn_limit"
    assert summary(state)["winner"] is None
    assert summary(state)["scores"] == {1: 0, 2: 0}
    assert summary(state)["match"] == {1: 0, 2: 0}


def test_the_199th_turn_does_not_end_the_deal():
    state = position(["6H", "8S", "KS"], LOSER, pile=["9D"], turns=TURN_LIMIT - 2)
    state = play(state, 1, draw(), discard("KS"))
    assert not summary(state)["over"]
    assert state.turns == TURN_LIMIT - 1


def test_going_out_in_the_200th_turn_still_wins():
    state = position(["4S", "5S", "QH"], LOSER, draws=["6S"], pile=["9D"], turns=TURN_LIMIT - 1)
    state = play(state, 1, draw(), meld("4S", "5S", "6S"), discard("QH"))
    assert_won_by_1(state)


def test_the_last_card_may_not_be_the_card_just_taken_from_the_discard_pile():
    state = position(["9S"], LOSER, pile=["2D", "KH"])
    state = apply(state, 1, draw("discard"))
    assert refused(state, 1, discard("KH")).code == "taken_card"
    assert apply(state, 1, discard("9S")).hands[1] == ("KH",)
