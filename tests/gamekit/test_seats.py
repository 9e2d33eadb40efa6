"""gamekit.seats.status_of: the platform's four keys from a game's turn and result."""

from gamekit.seats import status_of


def test_a_game_in_play_has_a_turn_and_no_winner_or_scores():
    assert status_of(2, None) == {"turn": 2, "over": False, "winner": None, "scores": None}


def test_a_finished_game_has_no_turn_and_its_scores_keyed_for_json():
    result = {"winner": 1, "scores": {1: 12, 2: -12}}

    assert status_of(1, result) == {
        "turn": None,
        "over": True,
        "winner": 1,
        "scores": {"1": 12, "2": -12},
    }


def test_scores_already_keyed_by_string_and_a_draw_are_kept():
    result = {"winner": None, "scores": {"1": 0, "2": 0}}

    assert status_of(None, result)["scores"] == {"1": 0, "2": 0}
    assert status_of(None, result)["winner"] is None
