"""Garbage actions are refused with IllegalAction and a stable code, and nothing
changes: not a dict, unknown type, wrong types, unknown cards, cards not in the hand,
duplicates, out of turn."""

import pytest
from django.utils import translation

from cards.engine import apply
from cards.melds import DECK
from cards.templatetags.cards_board import NAMES, card_name
from rooms.errors import describe
from rooms.local import play as local_play
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


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "You do not hold the ace of clubs."),
        ("ru", "У вас нет этой карты: туз треф."),
    ],
)
def test_a_card_not_held_is_refused_naming_it_in_words(playing, language, message):
    # As the board speaks the card, not by the code a hand-made message sent ("AC").
    error = refused(playing, 1, {"type": "discard", "card": "AC"})
    with translation.override(language):
        assert describe(error, NAMES)["message"] == message


def test_what_is_no_card_is_refused_as_it_was_sent(playing):
    error = refused(playing, 1, {"type": "discard", "card": "10H"})
    assert describe(error, NAMES)["message"] == "10H is not a card."


@pytest.mark.django_db  # a new game records its save (rooms.saves)
@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "You do not hold the {card}."), ("ru", "У вас нет этой карты: {card}.")],
)
def test_the_play_page_is_told_a_refused_card_in_words_in_its_language(client, language, message):
    # The play endpoint's refusal, as the page shows it and its live region says it.
    drawn = local_play.act(
        "cards", "local", local_play.new_game("cards", "local", None).token, draw()
    )
    state = local_play.open_token("cards", drawn.token)[1]
    missing = next(code for code in DECK if code not in state.hands[state.turn])
    response = client.post(
        "/play/cards/local/act",
        {"token": drawn.token, "action": {"type": "discard", "card": missing}},
        content_type="application/json",
        headers={"accept-language": language},
    )
    assert response.status_code == 400
    with translation.override(language):
        assert response.json()["message"] == message.format(card=card_name(missing))
