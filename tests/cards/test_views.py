"""What each seat sees (RULES.md "Online rooms": each player receives only their own
hand and public information): view, hidden and redeal_hidden."""

import json
import random

import pytest

from cards.engine import hidden, new_round, redeal_hidden, view
from tests.cards.positions import discard, draw, lay_off, meld, owned, play, position


def leaks(state, seat):
    text = json.dumps(view(state, seat))
    return [code for code in hidden(state, seat) if f'"{code}"' in text]


def test_a_player_sees_their_hand_and_the_size_of_the_other():
    state = new_round(3, 1)
    mine = view(state, 1)
    assert mine["hand"] == list(state.hands[1])
    assert mine["hand_counts"] == {"1": 10, "2": 10}
    assert mine["stock_count"] == 31
    assert mine["pile"] == list(state.pile)
    assert mine["top"] == state.pile[-1]
    assert (mine["turn"], mine["step"]) == (1, "draw")
    assert leaks(state, 1) == leaks(state, 2) == leaks(state, None) == []
    json.dumps(mine)


def test_a_spectator_sees_no_hand():
    state = new_round(3, 1)
    assert view(state, None)["hand"] is None
    assert view(state, None)["hand_value"] is None
    assert sum(hidden(state, None).values()) == 31 + 20


def test_hidden_is_the_other_hand_and_the_stock():
    state = new_round(3, 1)
    assert sum(hidden(state, 1).values()) == 31 + 10
    assert set(hidden(state, 1)) == {*state.stock, *state.hands[2]}
    assert set(hidden(state, None)) == {*state.stock, *state.hands[1], *state.hands[2]}


def test_the_melds_show_their_owner_and_the_cards_laid_off_on_them():
    state = position(
        ["8H", "2S", "3S", "4S", "KD"], ["2C", "3C", "4C"], pile=["9D"],
        melds=[owned(2, "5H", "6H", "7H")], draws=["QC"],
    )  # fmt: skip
    state = play(state, 1, draw(), lay_off("8H", 0), meld("2S", "3S", "4S"))
    melds = view(state, 2)["melds"]
    assert melds == [
        {"owner": 2, "cards": ["5H", "6H", "7H", "8H"], "laid_off": [{"seat": 1, "card": "8H"}]},
        {"owner": 1, "cards": ["2S", "3S", "4S"], "laid_off": []},
    ]


def test_the_last_move_shows_the_card_taken_from_the_pile_the_melds_lay_offs_and_discard():
    state = position(
        ["7H", "7S", "8H", "KD", "QD"], ["2C", "3C", "4C"], pile=["2D", "7D"],
        melds=[owned(2, "5C", "6C", "7C")],
    )  # fmt: skip
    state = play(state, 1, draw("discard"), meld("7H", "7S", "7D"), discard("KD"))
    last = view(state, 2)["last_move"]
    assert last == {
        "seat": 1,
        "draw": "discard",
        "taken": "7D",
        "melds": [["7S", "7H", "7D"]],
        "lay_offs": [],
        "discard": "KD",
    }


def test_a_card_drawn_from_the_stock_is_never_shown_to_the_other_player():
    state = position(["7H", "8S", "KD"], ["2C", "3C", "4C"], pile=["2D"], draws=["QS"])
    state = play(state, 1, draw())
    assert view(state, 2)["current"]["taken"] is None
    assert "QS" in hidden(state, 2)
    assert leaks(state, 2) == []
    state = play(state, 1, discard("8S"))
    assert view(state, 2)["last_move"]["draw"] == "stock"
    assert leaks(state, 2) == []


def test_a_card_taken_from_the_pile_is_public_while_it_stays_in_the_hand():
    state = position(["7H", "8S", "KD"], ["2C", "3C", "4C"], pile=["2D", "QS"])
    state = play(state, 1, draw("discard"))
    assert view(state, 2)["known"] == {"1": ["QS"], "2": []}
    assert view(state, 2)["taken"] == "QS"
    assert "QS" not in hidden(state, 2)
    state = play(state, 1, discard("8S"))
    assert view(state, 2)["known"] == {"1": ["QS"], "2": []}
    assert leaks(state, 2) == []


def test_after_the_deal_both_hands_are_shown_and_only_the_stock_is_hidden():
    state = position(["4S", "5S", "QH"], ["AS", "KD"], draws=["6S"], pile=["9D"])
    state = play(state, 1, draw(), meld("4S", "5S", "6S"), discard("QH"))
    shown = view(state, 1)
    assert shown["over"]
    assert shown["result"]["hands"] == {"1": [], "2": ["AS", "KD"]}
    assert shown["result"]["hand_values"] == {"1": 0, "2": 11}
    assert set(hidden(state, 1)) == set(state.stock)
    assert leaks(state, None) == []


@pytest.mark.parametrize("seat", [1, 2, None])
def test_redeal_hidden_changes_only_what_the_seat_cannot_see(seat):
    state = position(["7H", "8S", "KD"], ["2C", "3C", "4C", "QS"], pile=["2D", "QH"], turn=2)
    state = play(state, 2, draw("discard"), discard("QS"))
    scrambled = redeal_hidden(state, seat, random.Random(1))
    assert view(scrambled, seat) == view(state, seat)
    assert hidden(scrambled, seat) == hidden(state, seat)
    assert scrambled != state
    assert "QH" in scrambled.hands[2]  # seen taken from the pile: stays
