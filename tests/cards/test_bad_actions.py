"""Garbage actions are refused with IllegalAction and a stable code, and nothing
changes: not a dict, unknown type, wrong types, unknown cards, cards not in the hand,
duplicates, out of turn."""

import pytest

from cards.engine import apply
from tests.cards.positions import draw, owned, play, position, refused


@pytest.fixture
def playing():
    state = position(
        ["7H", "7S", "7D", "8H", "KS"], ["2C", "3C", "4C"], pile=["9D"],
        melds=[owned(2, "4H", "5H", "6H")],
    )  # fmt: skip
    return play(state, 1, draw())


GARBAGE = [
    (None, "malformed"),
    ([], "malformed"),
    ("discard", "malformed"),
    ({}, "malformed"),
    ({"type": "pass"}, "malformed"),
    ({"type": ["meld"]}, "malformed"),
    ({"type": "draw", "source": "stock"}, "already_drawn"),
    ({"type": "draw", "source": "sleeve"}, "malformed"),
    ({"type": "meld"}, "malformed"),
    ({"type": "meld", "cards": "7H7S7D"}, "malformed"),
    ({"type": "meld", "cards": []}, "malformed"),
    ({"type": "meld", "cards": [7, 7, 7]}, "malformed"),
    ({"type": "meld", "cards": ["7H", "7S", "7X"]}, "unknown_card"),
    ({"type": "meld", "cards": ["7H", "7S", "7H"]}, "duplicate_card"),
    ({"type": "meld", "cards": ["7H", "7S", "7C"]}, "not_in_hand"),
    ({"type": "meld", "cards": ["7H", "7S"]}, "invalid_meld"),
    ({"type": "meld", "cards": ["7H"] * 100}, "malformed"),
    ({"type": "lay_off", "card": "8H"}, "malformed"),
    ({"type": "lay_off", "card": "8H", "meld": "0"}, "malformed"),
    ({"type": "lay_off", "card": "8H", "meld": True}, "malformed"),
    ({"type": "lay_off", "card": "8H", "meld": -1}, "no_such_meld"),
    ({"type": "lay_off", "card": "8H", "meld": 10**9}, "no_such_meld"),
    ({"type": "lay_off", "card": "3H", "meld": 0}, "not_in_hand"),
    ({"type": "lay_off", "card": None, "meld": 0}, "malformed"),
    ({"type": "lay_off", "cards": ["8H", "8H"], "meld": 0}, "duplicate_card"),
    ({"type": "discard"}, "malformed"),
    ({"type": "discard", "card": {"x": 1}}, "malformed"),
    ({"type": "discard", "card": "10H"}, "unknown_card"),
    ({"type": "discard", "card": "ah"}, "unknown_card"),
    ({"type": "discard", "card": "AC"}, "not_in_hand"),
]


@pytest.mark.parametrize(("action", "code"), GARBAGE)
def test_garbage_is_refused_with_a_stable_code_and_changes_nothing(playing, action, code):
    assert refused(playing, 1, action).code == code


@pytest.mark.parametrize("seat", [0, 3, True, "1", None])
def test_an_unknown_seat_is_refused(playing, seat):
    assert refused(playing, seat, {"type": "discard", "card": "KS"}).code == "malformed"


def test_a_player_may_not_act_out_of_turn(playing):
    error = refused(playing, 2, {"type": "discard", "card": "2C"})
    assert error.code == "not_your_turn"
    assert str(error) == "It is not your turn."


def test_a_valid_action_still_works_after_refusals(playing):
    for action, _ in GARBAGE:
        refused(playing, 1, action)
    assert apply(playing, 1, {"type": "discard", "card": "KS"}).turn == 2
