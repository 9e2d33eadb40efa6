"""Saves: to_json / from_json round-trip, and a tampered or truncated save is refused
with IllegalAction("bad_state"), never a Python error."""

import copy
import json

import pytest

from cards.engine import SCHEMA, from_json, new_round, to_json
from gamekit.engine import IllegalAction
from tests.cards.positions import discard, draw, lay_off, meld, owned, play, position


def a_deal_in_play():
    state = position(
        ["8H", "2S", "3S", "4S", "KD", "QD"], ["2C", "3C", "4C"], pile=["9D", "QS"],
        melds=[owned(2, "5H", "6H", "7H")],
    )  # fmt: skip
    return play(state, 1, draw("discard"), lay_off("8H", 0), meld("2S", "3S", "4S"))


def a_finished_deal():
    state = position(["4S", "5S", "QH"], ["AS", "KD"], draws=["6S"], pile=["9D"])
    return play(state, 1, draw(), meld("4S", "5S", "6S"), discard("QH"))


@pytest.mark.parametrize("make", [lambda: new_round(9, 1), a_deal_in_play, a_finished_deal])
def test_a_save_round_trips_through_json(make):
    state = make()
    data = json.loads(json.dumps(to_json(state)))
    assert data["schema"] == SCHEMA
    assert from_json(data) == state


def test_a_save_from_before_the_history_loads_with_an_empty_one():
    data = json.loads(json.dumps(to_json(a_deal_in_play())))
    del data["history"], data["events"]
    data["schema"] = 1
    state = from_json(data)
    assert to_json(state)["history"] == {"1": [], "2": []}
    assert from_json(to_json(state)) == state


def tampered(change):
    data = to_json(a_deal_in_play())
    data = copy.deepcopy(data)
    change(data)
    return data


def _set(key, value):
    return lambda d: d.__setitem__(key, value)


TAMPERINGS = {
    "not a dict": lambda d: d.clear(),
    "wrong schema": _set("schema", SCHEMA + 1),
    "schema as bool": _set("schema", True),
    "a key missing": lambda d: d.pop("pile"),
    "an extra key": _set("cheat", 1),
    "unknown card in the stock": lambda d: d["stock"].__setitem__(0, "ZZ"),
    "a card duplicated": lambda d: d["stock"].__setitem__(0, d["hands"]["1"][0]),
    "a card lost": lambda d: d["stock"].pop(),
    "hand not a list": lambda d: d["hands"].__setitem__("1", "AS"),
    "seat keys as ints": lambda d: d.__setitem__("hands", {1: [], 2: []}),
    "an invalid meld": lambda d: d["melds"][1]["cards"].__setitem__(2, d["stock"].pop()),
    "laid-off card not in its meld": lambda d: d["melds"][0]["laid_off"].append(
        {"seat": 1, "card": "AS"}
    ),
    "owner 3": lambda d: d["melds"][0].__setitem__("owner", 3),
    "turn True": _set("turn", True),
    "turn None while playing": _set("turn", None),
    "step unknown": _set("step", "dance"),
    "step draw after drawing": _set("step", "draw"),
    "taken not a card": _set("taken", 7),
    "turns beyond the limit": _set("turns", 500),
    "negative turns": _set("turns", -1),
    "match over 100": _set("match", {"1": 100, "2": 0}),
    "a result while playing": _set(
        "result", {"winner": 1, "scores": {"1": 5, "2": 0}, "reason": "out", "hand_values": {}}
    ),
    "current for the other seat": lambda d: d["current"].__setitem__("seat", 2),
    "known card not in the hand": lambda d: d["known"].__setitem__("1", ["AS"]),
    "seed a string": _set("seed", "x"),
    "history event unknown": lambda d: d["history"]["1"].append(["peeked", "AS"]),
    "history card unknown": lambda d: d["history"]["2"].append(["discarded", "ZZ"]),
    "history not a list": lambda d: d["history"].__setitem__("1", "took"),
    "history missing from a save of today's schema": lambda d: d.pop("history"),
    "a history in a save of the old schema": _set("schema", 1),
    "game_no 0": _set("game_no", 0),
}


@pytest.mark.parametrize("name", list(TAMPERINGS))
def test_a_tampered_save_is_refused(name):
    data = tampered(TAMPERINGS[name])
    if name == "not a dict":
        data = []
    with pytest.raises(IllegalAction) as caught:
        from_json(data)
    assert caught.value.code == "bad_state"


def test_a_finished_deal_with_a_wrong_score_is_refused():
    data = to_json(a_finished_deal())
    data["result"]["scores"]["1"] += 10
    with pytest.raises(IllegalAction, match="damaged"):
        from_json(data)


def test_a_truncated_save_is_refused_at_every_length():
    text = json.dumps(to_json(a_deal_in_play()))
    for end in range(0, len(text), 37):
        try:
            data = json.loads(text[:end] + "}")
        except json.JSONDecodeError:
            continue
        with pytest.raises(IllegalAction):
            from_json(data)
