"""Rummy's move events (cards/events.py, issue 56): each action records exactly its
events, the view shows them to each seat and a watcher as it may see them, the
computer's whole turn is there after its reply, and saves keep them."""

from __future__ import annotations

import copy
import json
import random

import pytest
from django.test import Client

from cards import bots
from cards.engine import SCHEMA, apply, from_json, hidden, new_round, to_json, view
from cards.melds import CARD_CODES, DECK
from cards.state import TURN_LIMIT
from gamekit.engine import IllegalAction
from gamekit.events import HIDDEN, after, event
from rooms.local.sealing import seal
from tests.cards.positions import discard, draw, lay_off, meld, owned, play, position

WATCHER = None


def events(state, seat=1):
    return view(state, seat)["events"]


def made(before, action, seat=1, viewer=1):
    """The state after `action` and the events it added, as `viewer` sees them."""
    state = apply(before, seat, action)
    last = max((one["n"] for one in events(before, viewer)), default=0)
    return state, after(events(state, viewer), last)


# --- Each action, its events -----------------------------------------------------------


def test_a_card_drawn_from_the_stock_is_named_to_the_drawer_alone():
    state = position(["7H", "8S", "KS"], ["2C", "3C", "4C"], pile=["2D"], draws=["6H"])
    state = apply(state, 1, draw())
    assert events(state, 1) == [event(1, 1, "draw", ["6H"], "stock", "hand-1")]
    for other in (2, WATCHER):
        assert events(state, other) == [event(1, 1, "draw", [HIDDEN], "stock", "hand-1")]
        assert "6H" not in json.dumps(events(state, other))


def test_the_card_taken_from_the_discard_pile_is_named_to_everyone():
    state = position(["7H", "8S", "KS"], ["2C", "3C", "4C"], pile=["2D", "QS"])
    state = apply(state, 1, draw("discard"))
    taken = event(1, 1, "take", ["QS"], "pile", "hand-1", stock_empty=False)
    assert events(state, 1) == events(state, 2) == events(state, WATCHER) == [taken]


def empty_stock(pile):
    """Player 1 to draw, the stock empty; player 2 holds every other card."""
    rest = [c for c in DECK if c not in {"7H", "8S", "KS", *pile}]
    return position(["7H", "8S", "KS"], rest, pile=pile, stock=[])


def test_when_only_the_top_card_is_left_a_draw_from_the_stock_takes_it_in_sight_of_all():
    state = apply(empty_stock(["9C"]), 1, draw("stock"))
    taken = event(1, 1, "take", ["9C"], "pile", "hand-1", stock_empty=True)
    assert events(state, 1) == events(state, 2) == events(state, WATCHER) == [taken]


def test_a_draw_from_an_empty_stock_is_a_reshuffle_then_a_draw_face_down():
    state = apply(empty_stock(["2D", "3D", "4D", "5D", "9C"]), 1, draw("stock"))
    drawn = state.hands[1][-1]
    shuffled = event(1, 1, "reshuffle", [HIDDEN] * 4, "pile", "stock", count=4)
    assert events(state, 1) == [shuffled, event(2, 1, "draw", [drawn], "stock", "hand-1")]
    for other in (2, WATCHER):
        assert events(state, other) == [
            shuffled,
            event(2, 1, "draw", [HIDDEN], "stock", "hand-1"),
        ]
    # The cards now in the stock are named nowhere.
    assert not set(json.dumps(events(state, 1)).split('"')) & set(state.stock)


def test_a_meld_names_its_cards_and_its_place_on_the_table():
    state = position(
        ["4S", "6S", "5S", "9H", "9D", "9C", "KD"], ["2C", "3C", "4C"],
        melds=[owned(2, "5H", "6H", "7H")], pile=["JD"], step="play",
    )  # fmt: skip
    state, run = made(state, meld("6S", "4S", "5S"))
    assert run == [event(1, 1, "meld", ["4S", "5S", "6S"], "hand-1", "meld-2", meld=2, run=True)]
    state, a_set = made(state, meld("9H", "9D", "9C"), viewer=WATCHER)
    assert a_set == [event(2, 1, "meld", ["9H", "9D", "9C"], "hand-1", "meld-3", meld=3, run=False)]
    assert view(state, 1)["melds"][2]["cards"] == ["9H", "9D", "9C"]  # meld-3 is that one


def test_a_lay_off_names_the_meld_it_grows_where_it_lies():
    state = position(
        ["8H", "8S", "QS", "KD", "3D"], ["2C", "3C", "4C"],
        melds=[owned(2, "5H", "6H", "7H"), owned(1, "9S", "TS", "JS")], pile=["JD"],
        step="play",
    )  # fmt: skip
    state, one = made(state, lay_off("8H", 0), viewer=2)
    assert one == [event(1, 1, "lay_off", ["8H"], "hand-1", "meld-1", meld=1)]
    state, two = made(state, {"type": "lay_off", "cards": ["QS", "8S"], "meld": 1})
    assert two == [event(2, 1, "lay_off", ["8S", "QS"], "hand-1", "meld-2", meld=2)]
    assert view(state, 1)["melds"][1]["cards"] == ["8S", "9S", "TS", "JS", "QS"]


def test_a_discard_goes_from_the_hand_to_the_pile():
    state = position(["7H", "8S", "KS"], ["2C", "3C", "4C"], pile=["2D"], step="play")
    state, done = made(state, discard("KS"), viewer=2)
    assert done == [event(1, 1, "discard", ["KS"], "hand-1", "pile")]
    assert state.turn == 2


LOSER = ["AS", "KD", "QC"]  # 21 points


def deal_over(n, seat, winner, reason, scores, hand_values, match, match_over=False):
    return event(
        n, seat, "deal_over", winner=winner, reason=reason, scores=scores,
        hand_values=hand_values, match=match, match_over=match_over,
    )  # fmt: skip


def test_going_out_by_a_discard_ends_the_deal_with_its_scores():
    state = position(["QH"], LOSER, pile=["9D"], step="play", match={1: 10, 2: 5})
    state, done = made(state, discard("QH"), viewer=WATCHER)
    assert done == [
        event(1, 1, "discard", ["QH"], "hand-1", "pile"),
        deal_over(2, 1, 1, "out", {"1": 21, "2": 0}, {"1": 0, "2": 21}, {"1": 31, "2": 5}),
    ]


def test_going_out_by_a_meld_ends_the_deal_at_once():
    state = position(["4S", "5S", "6S"], LOSER, pile=["9D"], step="play")
    state, done = made(state, meld("4S", "5S", "6S"), viewer=2)
    assert [one["kind"] for one in done] == ["meld", "deal_over"]
    assert done[1]["facts"]["winner"] == 1
    assert done[1]["facts"]["reason"] == "out"


def test_the_200th_turn_draws_the_deal_with_no_points():
    state = position(["6H", "8S", "KS"], LOSER, pile=["9D"], draws=["2C"], turns=TURN_LIMIT - 1)
    state = apply(state, 1, draw())
    state, done = made(state, discard("KS"))
    assert done == [
        event(2, 1, "discard", ["KS"], "hand-1", "pile"),
        deal_over(3, 1, None, "turn_limit", {"1": 0, "2": 0}, {"1": 16, "2": 21}, {"1": 0, "2": 0}),
    ]


def test_the_deal_that_ends_the_match_says_so_after_the_deal():
    state = position(["QH"], LOSER, pile=["9D"], step="play", match={1: 90, 2: 60})
    state, done = made(state, discard("QH"), viewer=2)
    totals = {"1": 111, "2": 60}
    assert done[1:] == [
        deal_over(2, 1, 1, "out", {"1": 21, "2": 0}, {"1": 0, "2": 21}, totals, True),
        event(3, 1, "match_over", winner=1, match=totals),
    ]


# --- The turns, numbered on --------------------------------------------------------------


def three_turns():
    state = position(
        ["7H", "8S", "KS", "2D"], ["2C", "3C", "4C", "9H", "QD"], pile=["JD"],
        draws=["6H", "5C", "AD"],
    )  # fmt: skip
    state = play(state, 1, draw(), discard("KS"))
    state = play(state, 2, draw(), meld("2C", "3C", "4C", "5C"), discard("QD"))
    return play(state, 1, draw())


def test_the_events_are_numbered_on_and_hold_the_other_seats_whole_turn():
    state = three_turns()
    shown = events(state, 1)
    assert [(one["n"], one["seat"], one["kind"]) for one in shown] == [
        (3, 2, "draw"),
        (4, 2, "meld"),
        (5, 2, "discard"),
        (6, 1, "draw"),
    ]  # player 1's first turn (1, 2) is gone: player 2 has played since
    assert shown[0]["pieces"] == [HIDDEN]
    assert shown[3]["pieces"] == ["AD"]


def test_a_new_deal_starts_its_events_at_one():
    state = position(["QH"], LOSER, pile=["9D"], step="play")
    over = apply(state, 1, discard("QH"))
    nxt = new_round(7, 1, previous=over)
    assert events(nxt) == []
    player = nxt.turn
    assert [one["n"] for one in events(apply(nxt, player, draw()))] == [1]


@pytest.mark.django_db
def test_the_computers_whole_turn_is_in_the_view_after_its_reply(client: Client):
    state = position(
        ["7H", "8S", "KS", "2D"], ["2C", "3C", "4C", "9H", "QD", "JH"], pile=["5S"],
        draws=["6H", "TD"],
    )  # fmt: skip
    state = apply(state, 1, draw())
    payload = {"game": "cards", "mode": "computer", "level": "easy", "round": 1, "seed": 1}
    payload |= {"moves": 0, "seat": 1, "state": to_json(state)}
    answer = client.post(
        "/play/cards/computer/act",
        {"token": seal(payload), "action": discard("KS")},
        content_type="application/json",
    ).json()
    shown = answer["view"]["events"]
    mine = [one for one in shown if one["seat"] == 1]
    theirs = [one for one in shown if one["seat"] == 2]
    assert [one["kind"] for one in mine] == ["draw", "discard"]
    assert shown == [*mine, *theirs]
    assert [one["n"] for one in shown] == list(range(1, len(shown) + 1))
    # The computer's turn, step by step, as its last move sums it up.
    last = answer["view"]["last_move"]
    assert last["seat"] == 2
    steps = [one["kind"] for one in theirs]
    first = "take" if last["draw"] == "discard" else "draw"
    expected = [first, *["meld"] * len(last["melds"]), *["lay_off"] * len(last["lay_offs"])]
    assert steps == [*expected, "discard"]
    if first == "draw":
        assert theirs[0]["pieces"] == [HIDDEN]


# --- What each viewer may see ---------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_no_event_names_a_card_its_viewer_may_not_see(level):
    for seed in (2, 5):
        rng = random.Random(seed)
        state = new_round(seed, 1)
        while state.result is None:
            seat = state.turn
            state = apply(state, seat, bots.choose(state, seat, level, rng))
            for viewer in (1, 2, WATCHER):
                unseen = hidden(state, viewer)
                for one in events(state, viewer):
                    assert not [code for code in one["pieces"] if unseen[code]], (seed, one)
                    named = set(json.dumps(one["facts"]).split('"')) & CARD_CODES
                    assert not named, (seed, one)
                    assert "private" not in one


# --- Saves -----------------------------------------------------------------------------------


def test_a_save_keeps_the_events_and_the_private_draw():
    state = three_turns()
    read = from_json(json.loads(json.dumps(to_json(state))))
    assert read == state
    for viewer in (1, 2, WATCHER):
        assert events(read, viewer) == events(state, viewer)


def test_a_save_from_before_the_events_reads_with_none_and_numbers_from_one():
    data = to_json(play(new_round(4, 1), 1, draw()))
    del data["events"]
    data["schema"] = 2
    state = from_json(data)
    assert state.events == ()
    assert SCHEMA == 3
    state = apply(state, 1, discard(state.hands[1][0]))
    assert [one["n"] for one in events(state)] == [1]


def tampered(change):
    data = copy.deepcopy(to_json(three_turns()))
    change(data["events"])
    return data


TAMPERINGS = {
    "an event missing its keys": lambda e: e.__setitem__(slice(None), [{"n": 1}]),
    "an unknown kind": lambda e: e[0].__setitem__("kind", "cheat"),
    "numbers going back": lambda e: e[1].__setitem__("n", 1),
    "a number zero": lambda e: e[0].__setitem__("n", 0),
    "a private draw made public": lambda e: e[0].pop("private"),
    "a draw private to the other seat": lambda e: e[0].__setitem__("private", 1),
    "a discard made private": lambda e: e[2].__setitem__("private", 2),
    "a piece that is not a card": lambda e: e[1]["pieces"].__setitem__(0, "ZZ"),
    "a reshuffle naming its cards": lambda e: e.__setitem__(
        0, {**e[3], "kind": "reshuffle", "source": "pile", "target": "stock", "facts": {"count": 1}}
    ),
    "a place that is not its kind's": lambda e: e[2].__setitem__("target", "stock"),
    "a meld at another place than its number": lambda e: e[1].__setitem__("target", "meld-2"),
    "a fact missing": lambda e: e[1]["facts"].pop("run"),
    "a fact too many": lambda e: e[2]["facts"].__setitem__("card", "QD"),
    "a fact of the wrong type": lambda e: e[1]["facts"].__setitem__("run", 1),
    "a seat 3": lambda e: e[2].__setitem__("seat", 3),
    "an extra key": lambda e: e[2].__setitem__("secret", "AS"),
    "far too many": lambda e: e.extend({**e[2], "n": 10 + k, "facts": {}} for k in range(60)),
}


@pytest.mark.parametrize("name", list(TAMPERINGS))
def test_a_damaged_event_in_a_save_is_refused(name):
    data = tampered(TAMPERINGS[name])
    with pytest.raises(IllegalAction) as caught:
        from_json(data)
    assert caught.value.code == "bad_state"


def test_the_damaged_save_of_a_deal_over_is_refused():
    state = position(["QH"], LOSER, pile=["9D"], step="play", match={1: 90, 2: 60})
    data = to_json(apply(state, 1, discard("QH")))
    assert from_json(copy.deepcopy(data)).events
    data["events"][1]["facts"]["scores"] = {"1": -5, "2": 0}
    with pytest.raises(IllegalAction):
        from_json(data)
