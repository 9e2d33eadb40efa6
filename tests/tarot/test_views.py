"""What each seat is shown (view), the board's status, hidden cards and their redeal."""

import json
import random

from tarot.engine import hidden, new_round, redeal_hidden, view
from tarot.scoring import summary
from tests.tarot.positions import play, position


def shown_codes(data) -> set[str]:
    text = json.dumps(data)
    return {token.strip('"') for token in text.replace("[", " ").replace("]", " ").split()}


def test_a_seat_sees_its_hand_the_opponents_hand_size_and_both_seats_stacks():
    state = new_round(3, 1)

    shown = view(state, 1)

    assert shown["hand"] == list(state.hands[1])
    assert shown["hand_counts"] == {"1": 21, "2": 21}
    assert [s["up"] for s in shown["stacks"]["2"]] == [st[-1] for st in state.stacks[2]]
    tops = {stack[-1] for stack in state.stacks[1]}
    assert set(shown["legal"]) == set(state.hands[1]) | tops
    assert view(state, None)["hand"] is None
    assert view(state, None)["legal"] == []
    assert view(state, 2)["legal"] == []


def test_no_view_holds_a_card_hidden_from_its_seat():
    state = new_round(11, 2)
    rng = random.Random(1)
    for _ in range(30):
        from tarot.engine import legal_actions
        from tarot.state import turn

        seat = turn(state)
        state = play(state, (seat, rng.choice(legal_actions(state, seat))["card"]))
        for who in (1, 2, None):
            text = json.dumps(view(state, who))
            assert not [c for c in hidden(state, who) if f'"{c}"' in text]


def test_the_last_move_shows_the_card_the_trick_its_winner_and_the_cards_turned_up():
    state = position(
        {1: ["H5", "S1"], 2: ["S3", "S4"]}, {1: [["C1", "C2", "HK"]], 2: [["D1", "D2", "H9"]]}
    )

    led = play(state, (1, "HK"))
    assert view(led, 2)["last_move"] == {
        "seat": 1, "card": "HK", "from": 0, "gathered": None, "turned": [],
    }  # fmt: skip
    assert view(led, 2)["trick"] == {
        "leader": 1,
        "cards": [{"seat": 1, "card": "HK", "from": 0}],
    }
    gathered = play(led, (2, "H9"))
    last = view(gathered, 1)["last_move"]
    assert (last["seat"], last["card"], last["from"]) == (2, "H9", 0)
    assert last["gathered"]["winner"] == 1
    assert last["turned"] == [
        {"seat": 1, "stack": 0, "card": "C2"},
        {"seat": 2, "stack": 0, "card": "D2"},
    ]
    assert view(gathered, 1)["tricks"][-1] == last["gathered"]
    assert view(gathered, 1)["trick"]["cards"] == []


def test_the_won_cards_points_and_oudlers_are_public():
    state = position({1: ["T21", "S1"], 2: ["T2", "S2"]}, won={1: ["C1"], 2: ["C2"]})

    after = play(state, (1, "T21"), (2, "T2"))

    for seat in (1, 2, None):
        shown = view(after, seat)
        assert shown["won"]["1"][-2:] == ["T21", "T2"]
        assert shown["oudlers"]["1"] == summary(after)["oudlers"][1]
        assert shown["points"]["1"] == summary(after)["points"][1]


def test_the_excuse_exchange_is_shown():
    state = position({1: ["EX", "S1"], 2: ["H2", "S3"]}, won={1: ["C1"], 2: ["C2"]})

    after = play(state, (1, "EX"), (2, "H2"))

    assert view(after, 2)["excuse"] == {"played": True, "giver": 1, "receiver": 2}


def test_the_status_has_the_turn_the_scores_once_over_and_what_a_board_needs():
    state = new_round(4, 2)

    assert summary(state) == {
        "turn": 2, "over": False, "scores": None, "winner": None, "first": 2, "game_no": 1,
        "points": {1: 0, 2: 0}, "oudlers": {1: 0, 2: 0}, "tricks_played": 0, "tricks_left": 39,
    }  # fmt: skip


def test_after_the_round_the_view_shows_the_result_breakdown():
    over = play(position({1: ["T1"], 2: ["H2"]}), (1, "T1"), (2, "H2"))

    shown = view(over, 2)

    assert shown["over"]
    assert shown["turn"] is None
    assert set(shown["result"]) >= {
        "points", "oudlers", "thresholds", "excess", "petit_bonus", "excuse_exchange", "scores",
    }  # fmt: skip
    assert shown["result"]["scores"] == {str(s): v for s, v in summary(over)["scores"].items()}


def test_redealing_the_hidden_cards_keeps_every_size_and_every_view():
    state = play(new_round(8, 1), (1, new_round(8, 1).stacks[1][2][-1]))
    rng = random.Random(0)

    for seat in (1, 2, None):
        other = redeal_hidden(state, seat, rng)
        assert view(other, seat) == view(state, seat)
        assert hidden(other, seat) == hidden(state, seat)
        assert other != state
