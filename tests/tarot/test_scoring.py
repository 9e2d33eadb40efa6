"""The round's result (RULES.md, Tarot duel): card points, oudlers and thresholds, the
drawn round, the round score and the Petit in the last trick."""

import pytest

from tarot.cards import DECK, EXCUSE, OUDLERS, TOTAL_HALF_POINTS, half_points, score_round
from tarot.scoring import result, summary
from tests.tarot.positions import cards_worth, play, position


def split(points: float, oudlers: int) -> dict[int, list[str]]:
    mine = cards_worth(points, oudlers)
    return {1: mine, 2: [c for c in DECK if c not in mine]}


def test_the_cards_are_worth_91_points_with_oudlers_and_kings_at_4_5():
    assert TOTAL_HALF_POINTS == sum(map(half_points, DECK)) == 182
    assert {"T1", "T21", EXCUSE} == OUDLERS
    values = {c: half_points(c) / 2 for c in ("T1", "T21", "EX", "HK", "HQ", "HN", "HJ", "H10")}
    assert values == {
        "T1": 4.5, "T21": 4.5, "EX": 4.5, "HK": 4.5, "HQ": 3.5, "HN": 2.5, "HJ": 1.5, "H10": 0.5,
    }  # fmt: skip
    assert half_points("T20") == half_points("T2") == half_points("S1") == 1


@pytest.mark.parametrize(("oudlers", "threshold"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_reaching_the_threshold_for_the_oudlers_taken_wins_the_round(oudlers, threshold):
    scored = score_round(split(threshold, oudlers), None, None)

    assert scored["winner"] == 1
    assert scored["thresholds"][1] == threshold
    assert scored["score_halves"] == {1: 50, 2: -50}  # 25 each way: no excess


@pytest.mark.parametrize(("oudlers", "threshold"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_the_winner_scores_25_plus_the_points_above_the_threshold(oudlers, threshold):
    scored = score_round(split(threshold + 7.5, oudlers), None, None)

    assert scored["winner"] == 1
    assert scored["score_halves"] == {1: 65, 2: -65}  # 32.5


@pytest.mark.parametrize(("oudlers", "threshold"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_half_a_point_short_of_the_threshold_is_a_drawn_round(oudlers, threshold):
    scored = score_round(split(threshold - 0.5, oudlers), None, None)

    assert scored["winner"] is None
    assert scored["score_halves"] == {1: 0, 2: 0}


def test_a_point_short_the_opponent_wins():
    scored = score_round(split(55, 0), None, None)

    assert scored["winner"] == 2
    assert scored["thresholds"][2] == 36
    assert scored["score_halves"] == {1: -50, 2: 50}  # 36 exactly: 25


def test_at_most_one_player_reaches_their_threshold():
    for oudlers in range(4):
        for halves in range(0, 183):
            try:
                taken = split(halves / 2, oudlers)
            except ValueError:
                continue  # e.g. 80 points without an oudler
            scored = score_round(taken, None, None)
            reached = [s for s in (1, 2) if scored["excess"][s] >= 0]
            assert len(reached) <= 1


def test_the_excuse_exchange_counts_towards_the_threshold():
    taken = split(56, 0)
    taken[1].remove("H1")  # 55.5 in cards, with half a point from the Excuse: 56
    taken[2].append("H1")
    scored = score_round(taken, excuse_giver=2, petit_taker=None)

    assert scored["half_points"][1] == 112
    assert scored["winner"] == 1


def test_the_petit_taken_in_the_last_trick_by_the_player_who_played_it_scores_10():
    state = position({1: ["T1"], 2: ["H2"]}, won=split(30, 0))

    after = play(state, (1, "T1"), (2, "H2"))
    breakdown = result(after)

    assert breakdown["petit_taker"] == 1
    assert breakdown["petit_bonus"] == {"1": 10, "2": -10}
    base = 25 + breakdown["excess"]["2"]
    assert breakdown["scores"] == {"1": -base + 10, "2": base - 10}
    assert sum(summary(after)["scores"].values()) == 0


def test_the_petit_captured_in_the_last_trick_scores_10_for_its_taker():
    state = position({1: ["T1"], 2: ["T2"]}, won=split(30, 0))

    after = play(state, (1, "T1"), (2, "T2"))
    breakdown = result(after)

    assert breakdown["petit_taker"] == 2
    assert breakdown["petit_bonus"] == {"1": -10, "2": 10}


def test_the_petit_before_the_last_trick_scores_no_bonus():
    state = position({1: ["T1", "S1"], 2: ["H2", "S2"]}, won=split(30, 0))

    after = play(state, (1, "T1"), (2, "H2"), (1, "S1"), (2, "S2"))

    assert result(after)["petit_taker"] is None
    assert result(after)["petit_bonus"] == {"1": 0, "2": 0}


def test_the_petit_bonus_applies_to_a_drawn_round_too():
    taken = split(55.5, 0)
    scored = score_round(taken, None, petit_taker=2)

    assert scored["winner"] is None
    assert scored["score_halves"] == {1: -20, 2: 20}


def test_scores_can_end_in_half_a_point():
    taken = split(56.5, 0)
    low, high = [c for c in taken[2] if c[0] == "C" and half_points(c) == 1][:2]
    last = {1: taken[1], 2: [c for c in taken[2] if c not in (low, high)]}
    state = position({1: [low], 2: [high]}, won=last)

    after = play(state, (1, low), (2, high))

    assert summary(after)["scores"] == {1: 25.5, 2: -25.5}
    assert result(after)["points"] == {"1": 56.5, "2": 34.5}


def test_rounds_are_scored_on_their_own():
    from tarot.engine import new_round
    from tarot.state import next_first_seat

    over = play(position({1: ["T1"], 2: ["H2"]}, won=split(60, 0)), (1, "T1"), (2, "H2"))
    following = new_round(2, next_first_seat(over), previous=over)

    assert summary(over)["scores"][1] > 0
    assert summary(following)["scores"] is None
    assert summary(following)["points"] == {1: 0, 2: 0}
    assert summary(following)["game_no"] == 2
