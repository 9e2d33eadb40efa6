"""Playing a trick (RULES.md, Tarot duel, "Playing"): follow suit, trump, overtrump, any
card, counting the face-up stack tops as held cards; who wins and leads next."""

import pytest

from tarot.scoring import summary
from tarot.state import turn
from tarot.turns import legal_cards
from tests.tarot.positions import message, play, position, refused


def test_the_leader_may_lead_any_card_they_hold():
    state = position({1: ["H5", "T3", "EX"], 2: ["S2", "S3", "S4"]}, {1: [["C1", "SK"]]})

    assert legal_cards(state, 1) == ["SK", "H5", "T3", "EX"]


def test_a_player_with_the_suit_led_must_follow_suit():
    state = play(position({1: ["H5", "S1"], 2: ["H2", "T4"]}), (1, "H5"))

    refusal = refused(state, 2, {"type": "play", "card": "T4"})

    assert refusal.code == "follow_suit"
    assert message(refusal) == "You have a heart (♥): follow suit."
    assert legal_cards(state, 2) == ["H2"]


def test_a_face_up_stack_top_of_the_suit_led_must_follow_suit():
    state = play(position({1: ["D5", "S1"], 2: ["T4", "C2"]}, {2: [["S3", "DK"]]}), (1, "D5"))

    refusal = refused(state, 2, {"type": "play", "card": "T4"})

    assert (refusal.code, message(refusal)) == (
        "follow_suit",
        "You have a diamond (♦): follow suit.",
    )
    assert legal_cards(state, 2) == ["DK"]
    assert summary(play(state, (2, "DK")))["turn"] == 2


def test_a_face_down_card_of_the_suit_led_does_not_count():
    state = play(position({1: ["D5", "S1"], 2: ["T4", "C2"]}, {2: [["D3", "C5"]]}), (1, "D5"))

    assert legal_cards(state, 2) == ["T4"]


def test_without_the_suit_led_a_player_must_play_a_trump():
    state = play(position({1: ["C9", "S1"], 2: ["T4", "H2"]}), (1, "C9"))

    refusal = refused(state, 2, {"type": "play", "card": "H2"})

    assert (refusal.code, message(refusal)) == (
        "play_a_trump",
        "You have no club (♣): play a trump.",
    )
    assert legal_cards(state, 2) == ["T4"]


def test_a_trump_on_a_stack_top_is_a_trump_held():
    state = play(position({1: ["C9", "S1"], 2: ["H2", "H3"]}, {2: [["S4", "T2"]]}), (1, "C9"))

    assert legal_cards(state, 2) == ["T2"]
    assert refused(state, 2, {"type": "play", "card": "H2"}).code == "play_a_trump"


def test_on_a_suit_lead_any_trump_will_do():
    state = play(position({1: ["C9", "S1"], 2: ["T2", "T20"]}), (1, "C9"))

    assert legal_cards(state, 2) == ["T2", "T20"]


def test_on_a_trump_lead_a_player_must_play_a_higher_trump_if_they_can():
    state = play(position({1: ["T14", "S1"], 2: ["T3", "T15", "H1"]}), (1, "T14"))

    refusal = refused(state, 2, {"type": "play", "card": "T3"})

    assert refusal.code == "overtrump"
    assert message(refusal) == "You must play a trump higher than 14."
    assert legal_cards(state, 2) == ["T15"]


def test_a_higher_trump_on_a_stack_top_must_overtrump():
    state = play(position({1: ["T14", "S1"], 2: ["T3", "H1"]}, {2: [["T1", "T16"]]}), (1, "T14"))

    assert legal_cards(state, 2) == ["T16"]
    assert refused(state, 2, {"type": "play", "card": "T3"}).code == "overtrump"


def test_on_a_trump_lead_without_a_higher_trump_any_trump_must_be_played():
    state = play(position({1: ["T14", "S1"], 2: ["T3", "T9", "H1"]}), (1, "T14"))

    refusal = refused(state, 2, {"type": "play", "card": "H1"})

    assert (refusal.code, message(refusal)) == ("play_a_trump", "Trumps were led: play a trump.")
    assert legal_cards(state, 2) == ["T3", "T9"]


def test_with_neither_the_suit_nor_a_trump_any_card_may_be_played():
    state = play(position({1: ["T14", "S1"], 2: ["H1", "CK"]}, {2: [["T20", "D4"]]}), (1, "T14"))

    assert legal_cards(state, 2) == ["H1", "D4", "CK"]


def test_with_neither_the_suit_led_nor_a_trump_any_card_may_be_discarded():
    state = play(position({1: ["SK", "S1"], 2: ["H1", "CK"]}), (1, "SK"))

    assert legal_cards(state, 2) == ["H1", "CK"]


@pytest.mark.parametrize(
    ("lead", "second", "winner"),
    [
        ("H5", "H9", 2),  # a higher card of the suit led
        ("HK", "H9", 1),
        ("HQ", "HK", 2),
        ("HN", "HJ", 1),  # knight over jack
        ("H10", "HJ", 2),  # jack over 10
        ("H5", "S9", 1),  # a discard never wins
        ("HK", "T2", 2),  # a trump beats any suit card
        ("T14", "T15", 2),
        ("T14", "T9", 1),
        ("T1", "CK", 1),
    ],
)
def test_the_trick_goes_to_the_highest_trump_or_else_the_highest_card_of_the_suit_led(
    lead, second, winner
):
    state = position({1: [lead, "S2"], 2: [second, "S3"]})

    after = play(state, (1, lead), (2, second))

    assert after.tricks[-1][2] == winner
    assert {lead, second} <= set(after.won[winner])


def test_the_winner_of_a_trick_takes_both_cards_and_leads_the_next():
    state = position({1: ["H5", "S2"], 2: ["H9", "S3"]}, won={1: ["C1"], 2: ["C2"]})

    after = play(state, (1, "H5"), (2, "H9"))

    assert after.won[2][-2:] == ("H5", "H9")
    assert turn(after) == 2
    assert refused(after, 1, {"type": "play", "card": "S2"}).code == "not_your_turn"


def test_a_player_plays_from_the_hand_or_the_face_up_top_of_their_stacks():
    state = position({1: ["H5", "S2"], 2: ["H9", "S3"]}, {1: [["C1", "C2", "C3"]]})

    after = play(state, (1, "C3"))

    assert after.stacks[1][0] == ("C1", "C2")
    assert after.trick == ((1, "C3", 0),)
    face_down = refused(state, 1, {"type": "play", "card": "C2"})
    assert face_down.code == "face_down"


def test_the_card_below_is_turned_up_only_after_the_trick_is_gathered():
    from tarot.engine import hidden, view

    state = position({1: ["H5", "S2"], 2: ["H9", "S3"]}, {1: [["C1", "C2", "C3"]]})

    on_table = play(state, (1, "C3"))
    for seat in (1, 2, None):
        assert view(on_table, seat)["stacks"]["1"][0] == {"up": None, "down": 2}
        assert hidden(on_table, seat)["C2"] == 1
    gathered = play(on_table, (2, "S3"))
    assert view(gathered, 2)["stacks"]["1"][0] == {"up": "C2", "down": 1}
    assert hidden(gathered, 2)["C2"] == 0
    assert "C2" in legal_cards(gathered, 1)
