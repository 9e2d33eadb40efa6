"""The Excuse (RULES.md, Tarot duel): playable at any time, never wins; led, it lets the
other card win; before the last trick it goes back to its owner, who gives the trick's
winner half a point; in the last trick it goes to that trick's winner."""

from tarot.cards import DECK
from tarot.scoring import oudlers_taken, points_halves, result, summary
from tarot.state import turn
from tarot.turns import legal_cards
from tests.tarot.positions import play, position


def test_the_excuse_may_be_played_instead_of_following_suit():
    state = play(position({1: ["H5", "S1"], 2: ["H2", "EX", "T4"]}), (1, "H5"))

    assert legal_cards(state, 2) == ["H2", "EX"]


def test_the_excuse_may_be_played_instead_of_a_trump_or_an_overtrump():
    trump_lead = play(position({1: ["T14", "S1"], 2: ["T15", "EX"]}), (1, "T14"))
    suit_lead = play(position({1: ["C5", "S1"], 2: ["T2", "EX"]}), (1, "C5"))

    assert legal_cards(trump_lead, 2) == ["T15", "EX"]
    assert legal_cards(suit_lead, 2) == ["T2", "EX"]


def test_the_excuse_on_a_stack_top_may_be_played_at_any_time():
    state = play(position({1: ["H5", "S1"], 2: ["H2", "T4"]}, {2: [["C1", "EX"]]}), (1, "H5"))

    assert legal_cards(state, 2) == ["H2", "EX"]


def test_a_led_excuse_lets_the_other_card_win_whatever_it_is():
    state = play(position({1: ["EX", "S1"], 2: ["H2", "T4", "C3"]}), (1, "EX"))

    assert legal_cards(state, 2) == ["H2", "C3", "T4"]
    after = play(state, (2, "C3"))
    assert after.tricks[-1][2] == 2
    assert turn(after) == 2


def test_an_excuse_played_second_never_wins():
    after = play(position({1: ["H1", "S1"], 2: ["EX", "H2"]}), (1, "H1"), (2, "EX"))

    assert after.tricks[-1][2] == 1
    assert turn(after) == 1


def test_before_the_last_trick_the_excuse_returns_to_its_owner_who_gives_half_a_point():
    state = position({1: ["EX", "S1"], 2: ["H2", "S3"]}, won={1: ["C1"], 2: ["C2"]})
    before = points_halves(state)

    after = play(state, (1, "EX"), (2, "H2"))

    assert after.won[1][-1] == "EX"
    assert after.won[2][-1] == "H2"
    assert after.excuse_giver == 1
    gained = {s: points_halves(after)[s] - before[s] for s in (1, 2)}
    assert gained == {1: 9 - 1, 2: 1 + 1}  # 4.5 less half a point; 0.5 plus half a point
    assert oudlers_taken(after)[1] - oudlers_taken(state)[1] == 1
    assert sum(gained.values()) == 9 + 1  # the two cards of the trick, no more


def test_an_excuse_played_in_the_middle_also_returns_to_its_owner():
    state = position({1: ["HK", "S1"], 2: ["EX", "S3"]}, won={1: ["C1"], 2: ["C2"]})

    after = play(state, (1, "HK"), (2, "EX"))

    assert after.won[1][-1] == "HK"
    assert after.won[2][-1] == "EX"
    assert after.excuse_giver == 2
    assert summary(after)["points"][2] - summary(state)["points"][2] == 4


def test_a_led_excuse_in_the_last_trick_goes_to_the_trick_winner():
    state = position({1: ["EX"], 2: ["H2"]}, leader=1)

    after = play(state, (1, "EX"), (2, "H2"))

    assert summary(after)["over"]
    assert after.won[2][-2:] == ("EX", "H2")
    assert after.excuse_giver is None
    assert result(after)["excuse_exchange"] == {"1": 0, "2": 0}


def test_an_excuse_played_second_in_the_last_trick_goes_to_the_leader():
    state = position({1: ["H2"], 2: ["EX"]}, leader=1)

    after = play(state, (1, "H2"), (2, "EX"))

    assert after.won[1][-2:] == ("H2", "EX")
    assert oudlers_taken(after)[1] == oudlers_taken(state)[1] + 1


def test_the_half_point_exchange_shows_in_the_result():
    state = position({1: ["EX", "S1"], 2: ["H2", "S3"]}, won={1: ["C1"]})

    after = play(state, (1, "EX"), (2, "H2"), (2, "S3"), (1, "S1"))
    breakdown = result(after)

    assert breakdown["excuse_exchange"] == {"1": -0.5, "2": 0.5}
    assert breakdown["points"]["1"] == breakdown["card_points"]["1"] - 0.5
    assert breakdown["points"]["1"] + breakdown["points"]["2"] == 91


def test_there_is_no_slam_exception_an_excuse_led_last_is_lost_even_after_every_trick():
    everything_else = [c for c in DECK if c not in ("EX", "H2")]
    state = position({1: ["EX"], 2: ["H2"]}, won={1: everything_else}, leader=1)

    after = play(state, (1, "EX"), (2, "H2"))

    assert after.won[2] == ("EX", "H2")
    assert result(after)["oudlers"]["2"] == 1
