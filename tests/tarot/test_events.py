"""The Tarot duel's move events (tarot/events.py): each play gives exactly its events,
the trick's winner and points agree with the score, a stack card is named only once it
is face up, the other seat's whole turn is in the view, and a save keeps them."""

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from gamekit.engine import IllegalAction
from gamekit.events import after, seen_by
from tarot import bots, engine
from tarot.cards import DECK
from tarot.events import rebuilt
from tarot.scoring import points_halves, result
from tarot.state import turn
from tests.tarot.positions import cards_worth, play, position


def kinds(events):
    return [
        (one["kind"], one["seat"], one["pieces"], one["source"], one["target"]) for one in events
    ]


def test_a_lead_from_the_hand_is_one_event_from_the_hand_to_the_trick():
    state = play(position({1: ["H5", "S1"], 2: ["H2", "T4"]}), (1, "H5"))

    assert state.events == (
        {
            "n": 1,
            "seat": 1,
            "kind": "play",
            "pieces": ["H5"],
            "source": "hand-1",
            "target": "trick",
            "facts": {"lead": True},
        },
    )


def test_a_card_led_from_a_stack_leaves_the_card_below_unnamed_until_the_trick_is_gathered():
    start = position({1: ["S1"], 2: ["H2", "T4"]}, {1: [["C7", "D9", "HK"]]})

    led = play(start, (1, "HK"))
    gathered = play(led, (2, "H2"))

    assert kinds(led.events) == [("play", 1, ["HK"], "stack-1-1", "trick")]
    assert "D9" not in json.dumps(engine.view(led, 1)) + json.dumps(engine.view(led, 2))
    assert kinds(gathered.events) == [
        ("play", 1, ["HK"], "stack-1-1", "trick"),
        ("play", 2, ["H2"], "hand-2", "trick"),
        ("trick_won", 2, ["HK", "H2"], "trick", "won-1"),
        ("turned_up", 2, ["D9"], "stack-1-1", "stack-1-1"),
    ]
    assert gathered.events[-1]["facts"] == {"owner": 1, "stack": 1}


def test_both_stacks_a_trick_came_from_turn_up_the_leaders_first():
    start = position({1: ["S1"], 2: ["S2"]}, {1: [["C7", "D9", "HK"]], 2: [[], ["C2", "C3", "H4"]]})

    gathered = play(start, (1, "HK"), (2, "H4"))

    assert kinds(gathered.events)[-2:] == [
        ("turned_up", 2, ["D9"], "stack-1-1", "stack-1-1"),
        ("turned_up", 2, ["C3"], "stack-2-2", "stack-2-2"),
    ]


def test_the_trick_won_names_its_winner_the_winning_card_and_its_points():
    state = play(position({1: ["C3", "S1"], 2: ["CK", "S2"]}), (1, "C3"), (2, "CK"))

    won = state.events[-1]
    assert kinds([won]) == [("trick_won", 2, ["C3", "CK"], "trick", "won-2")]
    assert won["facts"] == {"winner": 2, "card": "CK", "points": 5, "last": False}


def test_before_the_last_trick_the_excuse_goes_back_with_half_a_point_in_its_own_event():
    state = position({1: ["EX", "S1"], 2: ["H2", "S3"]}, won={1: ["C1"], 2: ["C2"]})

    done = play(state, (1, "EX"), (2, "H2"))

    assert kinds(done.events) == [
        ("play", 1, ["EX"], "hand-1", "trick"),
        ("play", 2, ["H2"], "hand-2", "trick"),
        ("trick_won", 2, ["H2"], "trick", "won-2"),
        ("excuse_returned", 2, ["EX"], "trick", "won-1"),
    ]
    assert done.events[2]["facts"] == {"winner": 2, "card": "H2", "points": 0.5, "last": False}
    assert done.events[3]["facts"] == {"giver": 1, "receiver": 2, "points": 0.5}
    gained = {s: points_halves(done)[s] - points_halves(state)[s] for s in (1, 2)}
    assert gained == {1: 9 - 1, 2: 1 + 1}  # the score's exchange, as the two events say


def test_in_the_last_trick_the_excuse_goes_to_the_winner_and_the_round_is_over():
    state = position({1: ["EX"], 2: ["H2"]}, leader=1)

    done = play(state, (1, "EX"), (2, "H2"))

    assert [one["kind"] for one in done.events] == ["play", "play", "trick_won", "round_over"]
    assert done.events[2]["pieces"] == ["EX", "H2"]
    assert done.events[2]["facts"]["last"] is True
    over = done.events[3]
    scored = result(done)
    assert over["seat"] == 2  # whose card ended the round
    assert scored["winner"] == 2
    assert (over["pieces"], over["source"], over["target"]) == ([], "", "")
    assert over["facts"] == {
        "winner": scored["winner"],
        "points": scored["points"],
        "oudlers": scored["oudlers"],
        "thresholds": scored["thresholds"],
        "scores": scored["scores"],
        "petit_taker": None,
        "reason": "threshold",
    }


def test_a_drawn_round_says_so_with_its_scores():
    mine = cards_worth(55.5, 0)  # half a point short; the other 35.5 with 3 oudlers
    low, high = [c for c in DECK if c[0] == "C" and c not in mine and c[1:] in "2345678"][:2]
    state = position({1: [low], 2: [high]}, won={1: mine}, leader=1)

    done = play(state, (1, low), (2, high))

    over = done.events[-1]
    assert over["kind"] == "round_over"
    assert over["seat"] == 2  # no winner: the seat whose card ended it
    assert over["facts"]["winner"] is None
    assert over["facts"]["reason"] == "drawn"
    assert over["facts"]["points"] == {"1": 55.5, "2": 35.5}
    assert over["facts"]["scores"] == result(done)["scores"] == {"1": 0, "2": 0}


def test_a_refused_play_records_nothing():
    state = play(position({1: ["H5", "S1"], 2: ["H2", "T4"]}), (1, "H5"))

    with pytest.raises(IllegalAction):
        engine.apply(state, 2, {"type": "play", "card": "T4"})

    assert len(state.events) == 1


def whole_round(seed: int, levels=("easy", "easy")):
    """Every state of a round between two bots, with the seat that made it."""
    state = engine.new_round(seed, 1 + seed % 2)
    rng = random.Random(seed)
    steps = []
    while (seat := turn(state)) is not None:
        state = engine.apply(state, seat, bots.choose(state, seat, levels[seat - 1], rng))
        steps.append((seat, state))
    return steps


SEEDS = (1, 2, 3, 4, 5, 6)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_event_of_a_round_is_numbered_on_and_shown_once_to_a_page_that_follows(seed):
    shown, log = 0, []
    for seat, state in whole_round(seed):
        numbers = [one["n"] for one in state.events]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
        new = after(state.events, shown)
        assert new
        assert new[0]["n"] == shown + 1  # nothing skipped between two actions
        assert {one["seat"] for one in new} == {seat}  # the seat that moved
        log += new
        shown = numbers[-1]
    assert [one["n"] for one in log] == list(range(1, len(log) + 1))
    assert log[-1]["kind"] == "round_over"
    assert sum(one["kind"] == "play" for one in log) == 78
    assert sum(one["kind"] == "trick_won" for one in log) == 39


@pytest.mark.parametrize("seed", SEEDS)
def test_the_tricks_won_and_the_excuse_add_up_to_the_points_the_score_counts(seed):
    shown, halves = 0, {1: 0, 2: 0}
    steps = whole_round(seed)
    for _, state in steps:
        for one in after(state.events, shown):
            if one["kind"] == "trick_won":
                lead, second, winner = state.tricks[-1]
                assert one["facts"]["winner"] == winner
                assert one["facts"]["card"] == (lead if lead[0] == winner else second)[1]
                assert set(one["pieces"]) <= {lead[1], second[1]}
                halves[winner] += round(2 * one["facts"]["points"])
            if one["kind"] == "excuse_returned":  # its owner keeps its 4.5, less half a point
                halves[one["facts"]["giver"]] += 9 - 1
                halves[one["facts"]["receiver"]] += 1
        shown = state.events[-1]["n"]
    final = steps[-1][1]
    assert halves == points_halves(final)
    assert final.events[-1]["facts"]["points"] == result(final)["points"]


@pytest.mark.parametrize("seed", SEEDS)
def test_no_event_names_a_card_its_viewer_may_not_see(seed):
    turned = 0
    for _, state in whole_round(seed):
        for viewer in (1, 2, None):
            named = Counter(
                c for one in engine.view(state, viewer)["events"] for c in one["pieces"]
            )
            assert not named & engine.hidden(state, viewer)
        turned += sum(one["kind"] == "turned_up" for one in state.events)
    assert turned  # stack cards were turned up, and named only then


@pytest.mark.parametrize("seed", SEEDS)
def test_the_other_seats_whole_turn_is_in_the_view_when_it_is_my_turn_again(seed):
    """Against the computer: after its reply (a card, the trick it took, its next lead),
    every event since my latest play is in my view, that play included."""
    log, mine_from = [], {1: None, 2: None}
    for seat, state in whole_round(seed):
        shown = log[-1]["n"] if log else 0
        new = after(state.events, shown)
        mine_from[seat] = new[0]["n"]  # the play comes first
        log += new
        waiting = turn(state)
        if waiting is not None and waiting != seat and mine_from[waiting] is not None:
            since = [one for one in log if one["n"] >= mine_from[waiting]]
            assert engine.view(state, waiting)["events"] == seen_by(since, waiting)


def test_the_view_shows_the_events_for_each_seat_and_a_watcher():
    state = whole_round(7)[10][1]

    for viewer in (1, 2, None):
        assert engine.view(state, viewer)["events"] == seen_by(state.events, viewer)
        json.dumps(engine.view(state, viewer)["events"])


@pytest.mark.parametrize("seed", [1, 2])
def test_a_save_holds_no_events_yet_reads_back_with_them_at_every_step(seed):
    """A save is the hands, stacks and tricks, as before the events: from_json rebuilds
    the events the plays made, so an older save reads with them too."""
    for _, state in whole_round(seed):
        data = json.loads(json.dumps(engine.to_json(state)))
        assert set(data) == {
            "schema",
            "seed",
            "first",
            "game_no",
            "hands",
            "stacks",
            "trick",
            "tricks",
        }
        assert data["schema"] == engine.SCHEMA == 1
        assert engine.from_json(data).events == state.events


def test_a_state_made_by_hand_mid_round_numbers_on_from_its_tricks():
    steps = whole_round(3)
    state = steps[20][1]
    bare = replace(state, events=())
    seat = turn(bare)

    played = engine.apply(bare, seat, engine.legal_actions(bare, seat)[0])

    assert rebuilt(bare, None) == state.events
    assert played.events == engine.apply(state, seat, engine.legal_actions(state, seat)[0]).events
