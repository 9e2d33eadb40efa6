"""What apply refuses, with a stable code and the player's words; nothing changes."""

import pytest
from django.utils import translation

from gamekit.engine import IllegalAction
from rooms.errors import describe
from tarot.engine import apply, new_round
from tarot.templatetags.tarot_board import NAMES
from tests.tarot.positions import message, play, position, refused


def said(refusal: IllegalAction, language: str = "en") -> str:
    """The refusal as the player reads it: its card named as the board speaks it."""
    with translation.override(language):
        return describe(refusal, NAMES)["message"]


@pytest.fixture
def state():
    return position(
        {1: ["H5", "S1", "T3"], 2: ["H2", "T4", "C9"]},
        {1: [["D1", "D2", "D3"]], 2: [["C1", "C2", "CK"]]},
        won={1: ["SK"]},
    )


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (3, {"type": "play", "card": "H5"}, "malformed"),
        (True, {"type": "play", "card": "H5"}, "malformed"),
        (1, None, "malformed"),
        (1, "play H5", "malformed"),
        (1, ["play", "H5"], "malformed"),
        (1, {"type": "draw"}, "malformed"),
        (1, {"type": ["play"]}, "malformed"),
        (1, {"card": "H5"}, "malformed"),
        (1, {"type": "play"}, "malformed"),
        (1, {"type": "play", "card": 5}, "malformed"),
        (1, {"type": "play", "card": ["H5"]}, "malformed"),
        (1, {"type": "play", "card": "H55"}, "unknown_card"),
        (1, {"type": "play", "card": "x" * 1000}, "unknown_card"),
        (1, {"type": "play", "card": "h5"}, "unknown_card"),
        (1, {"type": "play", "card": "D2"}, "face_down"),
        (1, {"type": "play", "card": "C2"}, "face_down"),
        (1, {"type": "play", "card": "H2"}, "face_down"),
        (1, {"type": "play", "card": "CK"}, "opponents_card"),
        (1, {"type": "play", "card": "SK"}, "already_played"),
        (1, {"type": "play", "card": "H5", "stack": 0}, "not_on_stack"),
        (1, {"type": "play", "card": "D3", "stack": 1}, "not_on_stack"),
        (1, {"type": "play", "card": "D3", "stack": 6}, "bad_stack"),
        (1, {"type": "play", "card": "D3", "stack": "0"}, "bad_stack"),
        (1, {"type": "play", "card": "D3", "stack": False}, "bad_stack"),
        (1, {"type": "play", "stack": 4}, "empty_stack"),
        (2, {"type": "play", "card": "H2"}, "not_your_turn"),
    ],
)
def test_a_bad_action_is_refused_with_a_stable_code_and_changes_nothing(state, seat, action, code):
    assert refused(state, seat, action).code == code


def test_a_stack_alone_plays_its_face_up_top(state):
    after = apply(state, 1, {"type": "play", "stack": 0})
    assert after.trick == ((1, "D3", 0),)


def test_a_card_hidden_from_the_player_gets_one_answer_wherever_it_lies(state):
    answers = {
        message(refused(state, 1, {"type": "play", "card": card})) for card in ("D2", "C2", "H2")
    }

    assert answers == {"That card is face down or in your opponent's hand."}


def test_the_freshly_uncovered_card_is_face_down_while_the_trick_is_on_the_table(state):
    on_table = play(state, (1, "D3"))

    assert refused(on_table, 1, {"type": "play", "stack": 0}).code == "not_your_turn"
    assert refused(on_table, 2, {"type": "play", "card": "D2"}).code == "face_down"


def test_a_card_already_on_the_table_has_been_played(state):
    on_table = play(state, (1, "H5"))

    refusal = refused(on_table, 2, {"type": "play", "card": "H5"})
    assert refusal.code == "already_played"
    assert said(refusal) == "5 of hearts has already been played."


@pytest.mark.parametrize(
    ("language", "messages"),
    [
        (
            "en",
            ["King of clubs is your opponent's card.", "The Excuse is not on top of that stack."],
        ),
        ("ru", ["Король треф — карта соперника.", "Шут не лежит сверху этой стопки."]),
    ],
)
def test_a_hand_made_frame_is_refused_naming_the_card_in_words(language, messages):
    # A socket frame names a card by its code ("CK"); the refusal says it as the board
    # speaks it, not "CK is your opponent's card.".
    state = position({1: ["H5", "EX"], 2: ["H2"]}, {2: [["C1", "C2", "CK"]]})
    frames = [{"type": "play", "card": "CK"}, {"type": "play", "card": "EX", "stack": 0}]
    assert [said(refused(state, 1, frame), language) for frame in frames] == messages


def test_what_is_no_card_is_refused_as_it_was_sent(state):
    assert said(refused(state, 1, {"type": "play", "card": "h5"})) == "h5 is not a card."


def test_it_is_not_your_turn_in_the_players_words():
    refusal = refused(new_round(1, 1), 2, {"type": "play", "card": "EX"})

    assert message(refusal) == "It is not your turn."


def test_nothing_may_be_played_once_the_round_is_over():
    over = play(position({1: ["H5"], 2: ["H2"]}), (1, "H5"), (2, "H2"))

    assert refused(over, 1, {"type": "play", "card": "H5"}).code == "game_over"
