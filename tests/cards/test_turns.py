"""A turn (RULES.md "Rummy"): draw one card from the stock or the top of the discard
pile; meld sets and runs; lay off on any meld, the opponent's too, even before one's
own first meld; never rearrange; then discard one card, but not the card just taken
from the discard pile."""

from collections import Counter

import pytest
from django.utils import translation

from cards.engine import apply, legal_actions, new_round
from cards.melds import DECK
from cards.seen import summary, view
from cards.templatetags.cards_board import NAMES
from gamekit.engine import IllegalAction
from rooms.errors import describe
from tests.cards.positions import (
    all_cards,
    discard,
    draw,
    lay_off,
    meld,
    owned,
    play,
    position,
    refused,
)


def said(error: IllegalAction, language: str = "en") -> str:
    """The refusal as the player reads it: its cards named as the board speaks them."""
    with translation.override(language):
        return describe(error, NAMES)["message"]


def test_each_player_gets_10_cards_one_card_starts_the_pile_and_the_rest_is_the_stock():
    state = new_round(seed=7, first_seat=1)
    assert len(state.hands[1]) == len(state.hands[2]) == 10
    assert len(state.pile) == 1
    assert len(state.stock) == 52 - 21
    assert all_cards(state) == Counter(DECK)


def test_a_deal_is_deterministic_from_the_seed():
    assert new_round(42, 1) == new_round(42, 1)
    assert new_round(42, 1).hands != new_round(43, 1).hands


def test_a_turn_starts_with_a_draw():
    state = position(["7H", "7S", "7D", "KS"], ["2H", "3H", "4H"])
    assert summary(state)["step"] == "draw"
    assert refused(state, 1, meld("7H", "7S", "7D")).code == "draw_first"
    error = refused(state, 1, discard("KS"))
    assert error.code == "draw_first"
    assert str(error) == "Draw a card first."
    assert legal_actions(state, 1) == [draw("stock"), draw("discard")]


def test_drawing_from_the_stock_takes_its_top_card():
    state = position(["7H", "7S", "7D", "KS"], ["2H", "3H", "4H"])
    after = apply(state, 1, draw("stock"))
    assert after.hands[1][-1] == state.stock[-1]
    assert after.stock == state.stock[:-1]
    assert summary(after)["step"] == "play"
    assert after.taken is None


def test_drawing_from_the_discard_pile_takes_its_top_card():
    state = position(["7H", "7S", "KS"], ["2H", "3H", "4H"], pile=["2C", "7D"])
    after = apply(state, 1, draw("discard"))
    assert "7D" in after.hands[1]
    assert after.pile == ("2C",)
    assert after.taken == "7D"


def test_only_one_card_is_drawn_per_turn():
    state = play(position(["7H", "7S", "KS"], ["2H", "3H", "4H"]), 1, draw())
    assert refused(state, 1, draw("stock")).code == "already_drawn"
    assert refused(state, 1, draw("discard")).code == "already_drawn"


def test_a_player_may_meld_several_sets_and_runs_in_one_turn():
    hand = ["7H", "7S", "7D", "2C", "3C", "4C", "KS"]
    state = play(position(hand, ["2H", "3H", "4H"], pile=["9D"]), 1, draw())
    state = play(state, 1, meld("7H", "7S", "7D"), meld("4C", "2C", "3C"))
    assert [m.cards for m in state.melds] == [("7S", "7H", "7D"), ("2C", "3C", "4C")]
    assert [m.owner for m in state.melds] == [1, 1]
    assert state.turn == 1  # the turn goes on until the discard


def test_an_invalid_meld_is_refused_saying_why():
    state = play(position(["7H", "8H", "TH", "KS"], ["2H", "3H", "4H"], pile=["9D"]), 1, draw())
    error = refused(state, 1, meld("7H", "8H", "TH"))
    assert error.code == "invalid_meld"
    assert str(error) == "A run needs 3 or more cards of one suit in sequence; the ace is low only."


def test_a_player_may_lay_off_on_the_opponents_meld_before_their_own_first_meld():
    state = position(
        ["8H", "KS", "QD"], ["2C", "3C", "4C"], pile=["9D"], melds=[owned(2, "5H", "6H", "7H")]
    )
    state = play(state, 1, draw(), lay_off("8H", 0))
    assert state.melds[0].cards == ("5H", "6H", "7H", "8H")
    assert state.melds[0].owner == 2
    assert state.melds[0].laid_off == ((1, "8H"),)


def test_a_card_may_be_laid_off_at_either_end_of_a_run_and_on_a_set_of_three():
    state = position(
        ["4H", "9H", "QC", "KS"],
        ["2C", "3C", "4C"],
        pile=["9D"],
        melds=[owned(1, "5H", "6H", "7H", "8H"), owned(2, "QS", "QH", "QD")],
    )
    state = play(state, 1, draw(), lay_off("4H", 0), lay_off("9H", 0), lay_off("QC", 1))
    assert state.melds[0].cards == ("4H", "5H", "6H", "7H", "8H", "9H")
    assert state.melds[1].cards == ("QS", "QH", "QD", "QC")


def test_several_cards_may_be_laid_off_on_one_meld_at_once():
    state = position(
        ["8H", "9H", "KS"], ["2C", "3C", "4C"], pile=["9D"], melds=[owned(2, "5H", "6H", "7H")]
    )
    state = play(state, 1, draw(), {"type": "lay_off", "cards": ["9H", "8H"], "meld": 0})
    assert state.melds[0].cards == ("5H", "6H", "7H", "8H", "9H")


def test_a_card_that_does_not_fit_the_meld_is_refused_naming_the_meld():
    state = position(
        ["9H", "KS", "QD"], ["2C", "3C", "4C"], pile=["9D"], melds=[owned(2, "5H", "6H", "7H")]
    )
    state = play(state, 1, draw())
    error = refused(state, 1, lay_off("9H", 0))
    assert error.code == "does_not_fit"
    assert str(error) == "9H cannot be laid off on meld 1 (5H 6H 7H)."
    assert refused(state, 1, lay_off("9H", 3)).code == "no_such_meld"


@pytest.mark.parametrize(
    ("language", "message"),
    [
        (
            "en",
            "9 of hearts cannot be laid off on meld 1 (5 of hearts, 6 of hearts, 7 of hearts).",
        ),
        (
            "ru",
            "К комбинации 1 (пятёрка червей, шестёрка червей, семёрка червей) нельзя "
            "добавить: девятка червей.",
        ),
    ],
)
def test_a_refused_lay_off_names_the_cards_in_words_as_the_board_speaks_them(language, message):
    # Not "9♥ … (5♥ 6♥ 7♥)", which a screen reader reads "9 black heart suit".
    state = position(
        ["9H", "KS", "QD"], ["2C", "3C", "4C"], pile=["9D"], melds=[owned(2, "5H", "6H", "7H")]
    )
    state = play(state, 1, draw())
    assert said(refused(state, 1, lay_off("9H", 0)), language) == message


def test_cards_on_the_table_are_never_rearranged():
    """There is no action that moves a card on the table: a set of four cannot lend a
    card to a run, and a meld cannot be split or joined to another."""
    state = position(
        ["8S", "9S", "KD"],
        ["2C", "3C", "4C"],
        pile=["9D"],
        melds=[owned(2, "7S", "7H", "7D", "7C")],
    )
    state = play(state, 1, draw())
    assert refused(state, 1, meld("7S", "8S", "9S")).code == "not_in_hand"
    assert refused(state, 1, lay_off("8S", 0)).code == "does_not_fit"
    assert {a["type"] for a in legal_actions(state, 1)} == {"discard"}


def test_a_card_that_fits_several_melds_gets_one_lay_off_per_meld():
    state = position(
        ["8H", "KS"],
        ["2C", "3C", "4C"],
        pile=["9D"],
        melds=[owned(2, "5H", "6H", "7H"), owned(1, "8S", "8D", "8C")],
    )
    state = play(state, 1, draw())
    lay_offs = [a for a in legal_actions(state, 1) if a["type"] == "lay_off"]
    assert lay_offs == [lay_off("8H", 0), lay_off("8H", 1)]


def test_discarding_ends_the_turn():
    state = play(position(["7H", "8S", "KS"], ["2C", "3C", "4C"], pile=["9D"]), 1, draw())
    state = apply(state, 1, discard("KS"))
    assert state.pile[-1] == "KS"
    assert (state.turn, summary(state)["step"], state.turns) == (2, "draw", 1)
    assert refused(state, 1, draw()).code == "not_your_turn"


def test_a_card_taken_from_the_discard_pile_cannot_be_discarded_that_turn():
    state = play(position(["7H", "8S", "KS"], ["2C", "3C", "4C"], pile=["2D", "9D"]), 1)
    state = apply(state, 1, draw("discard"))
    error = refused(state, 1, discard("9D"))
    assert error.code == "taken_card"
    assert said(error) == (
        "You took the 9 of diamonds from the discard pile this turn: it cannot be discarded now."
    )
    assert said(error, "ru") == (
        "Эту карту вы взяли из сброса в этот ход, сейчас её нельзя сбросить: девятка бубен."
    )
    assert discard("9D") not in legal_actions(state, 1)
    assert apply(state, 1, discard("8S")).pile[-1] == "8S"


def test_a_card_taken_from_the_discard_pile_may_be_melded_or_laid_off_that_turn():
    state = position(
        ["7H", "7S", "KS", "QD"],
        ["2C", "3C", "4C"],
        pile=["2D", "7D"],
        melds=[owned(2, "4D", "5D", "6D")],
    )
    melded = play(state, 1, draw("discard"), meld("7H", "7S", "7D"))
    assert melded.melds[-1].cards == ("7S", "7H", "7D")
    laid = play(state, 1, draw("discard"), lay_off("7D", 0))
    assert laid.melds[0].cards == ("4D", "5D", "6D", "7D")


def test_a_card_drawn_from_the_stock_may_be_discarded_at_once():
    state = play(position(["7H", "8S", "KS"], ["2C", "3C", "4C"], pile=["9D"]), 1, draw())
    drawn = state.hands[1][-1]
    assert apply(state, 1, discard(drawn)).pile[-1] == drawn


def test_a_player_may_not_keep_only_the_taken_card_when_it_fits_nowhere():
    """Otherwise they could neither discard it nor go out."""
    state = position(["7H", "7S", "7C"], ["2C", "3C", "4C"], pile=["2D", "KS"])
    state = apply(state, 1, draw("discard"))
    error = refused(state, 1, meld("7H", "7S", "7C"))
    assert error.code == "keep_a_discard"
    assert "the king of spades, taken from the discard pile" in said(error)
    assert meld("7S", "7H", "7C") not in legal_actions(state, 1)


def test_keeping_only_the_taken_card_is_allowed_when_it_can_then_be_laid_off():
    state = position(
        ["7H", "7S", "7C"],
        ["2C", "3C", "4C"],
        pile=["2D", "KS"],
        melds=[owned(2, "TS", "JS", "QS")],
    )
    state = play(state, 1, draw("discard"), meld("7H", "7S", "7C"))
    assert state.hands[1] == ("KS",)
    state = apply(state, 1, lay_off("KS", 0))
    assert state.result["winner"] == 1


def test_every_seat_sees_what_each_player_took_passed_and_discarded_in_order():
    state = position(["7H", "8S", "KS"], ["2C", "3C", "9C"], pile=["4C", "9D"], draws=["QH"])
    state = play(state, 1, draw(), discard("KS"))
    state = play(state, 2, draw("discard"), discard("9C"))
    for seat in (1, 2, None):
        assert view(state, seat)["history"] == {
            "1": [["passed", "9D"], ["discarded", "KS"]],
            "2": [["took", "KS"], ["discarded", "9C"]],
        }


def test_the_history_leaves_out_a_card_reshuffled_into_the_stock():
    hands = ["7H", "8S", "KS"], ["2C", "3C", "9C"]
    under = [c for c in DECK if c not in {*hands[0], *hands[1], "9D", "QH"}]
    state = position(*hands, pile=[*under, "9D"], stock=["QH"])
    state = play(state, 1, draw(), discard("KS"))  # passes the 9D, takes the last of the stock
    state = play(state, 2, draw(), discard("9C"))  # the pile under the KS became the stock
    assert state.reshuffles == 1
    assert view(state, 1)["history"] == {
        "1": [["discarded", "KS"]],
        "2": [["passed", "KS"], ["discarded", "9C"]],
    }
