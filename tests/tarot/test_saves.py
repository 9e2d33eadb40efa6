"""Saving a round: to_json / from_json round trip, and any damaged save refused."""

import copy
import json
import random

import pytest

from gamekit.engine import IllegalAction
from tarot.engine import from_json, legal_actions, new_round, to_json
from tarot.state import turn
from tests.tarot.positions import play


def played(seed: int, plays: int):
    state = new_round(seed, 1 + seed % 2)
    rng = random.Random(seed)
    for _ in range(plays):
        seat = turn(state)
        state = play(state, (seat, rng.choice(legal_actions(state, seat))["card"]))
    return state


@pytest.mark.parametrize("plays", [0, 1, 2, 31, 77, 78])
def test_a_save_round_trips_through_json(plays):
    state = played(plays, plays)

    assert from_json(json.loads(json.dumps(to_json(state)))) == state


def damage(data, how):
    data = copy.deepcopy(data)
    how(data)
    return data


def swap_first_trick(d):
    d["tricks"][0][0], d["tricks"][0][1] = d["tricks"][0][1], d["tricks"][0][0]


DAMAGES = {
    "not an object": lambda d: d.clear(),
    "schema": lambda d: d.update(schema=99),
    "seed as text": lambda d: d.update(seed="1"),
    "first": lambda d: d.update(first=3),
    "first as bool": lambda d: d.update(first=True),
    "game_no": lambda d: d.update(game_no=0),
    "a hand missing": lambda d: d["hands"].pop("2"),
    "a hand as text": lambda d: d["hands"].update({"1": "H5"}),
    "an unknown card": lambda d: d["hands"]["1"].__setitem__(0, "Z9"),
    "a duplicated card": lambda d: d["hands"]["1"].__setitem__(0, d["hands"]["2"][0]),
    "a card lost": lambda d: d["hands"]["1"].pop(),
    "a card added": lambda d: d["stacks"]["1"][0].append(d["hands"]["1"].pop()),
    "a stack missing": lambda d: d["stacks"]["2"].pop(),
    "too many on the table": lambda d: d["trick"].extend([[1, "EX", -1], [2, "T1", -1]]),
    "a trick given to the wrong winner": lambda d: d["tricks"][0].__setitem__(
        2, 3 - d["tricks"][0][2]
    ),
    "a trick led by the wrong seat": swap_first_trick,
    "a trick played twice by one seat": lambda d: d["tricks"][0][1].__setitem__(
        0, d["tricks"][0][0][0]
    ),
    "a play from a stack that is full": lambda d: (
        d["tricks"][0][0].__setitem__(2, 5)
        if d["tricks"][0][0][2] != 5
        else d["tricks"][0][0].__setitem__(2, 4)
    ),
    "a play from nowhere": lambda d: d["tricks"][0][0].__setitem__(2, 9),
    "truncated tricks": lambda d: d["tricks"].pop(0),
    "the table led by the wrong seat": lambda d: d["trick"][0].__setitem__(0, 3 - d["trick"][0][0]),
}


@pytest.mark.parametrize("how", list(DAMAGES), ids=list(DAMAGES))
def test_a_damaged_save_is_refused(how):
    data = to_json(played(7, 5))  # two tricks gathered and a card on the table
    assert data["trick"]
    assert len(data["tricks"]) == 2

    with pytest.raises(IllegalAction) as refused:
        from_json(damage(data, DAMAGES[how]))

    assert refused.value.code == "bad_state"


@pytest.mark.parametrize("data", [None, [], "state", 7, {"schema": 1}])
def test_a_save_that_is_not_a_save_is_refused(data):
    with pytest.raises(IllegalAction) as refused:
        from_json(data)

    assert refused.value.code == "bad_state"
