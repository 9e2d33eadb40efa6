"""Tile rummy saves (tiles/codec.py behind engine.to_json and from_json): a game in play
or finished goes through JSON and back unchanged, and tampered or foreign data is refused
as bad_state, never a crash."""

import json

import pytest

from gamekit.engine import IllegalAction
from tests.tiles.positions import RUN_OF_TENS, play
from tiles.engine import SCHEMA, apply, from_json, new_round, to_json
from tiles.state import state_from_position


def test_a_game_survives_a_save_and_load():
    state = apply(new_round(3, 1), 1, {"type": "draw"})
    data = json.loads(json.dumps(to_json(state)))
    assert data["schema"] == SCHEMA
    assert from_json(data) == state


def test_a_finished_game_survives_a_save_and_load():
    state = state_from_position({1: RUN_OF_TENS, 2: ["B1"]})
    over = apply(state, 1, play([RUN_OF_TENS]))
    assert from_json(json.loads(json.dumps(to_json(over)))) == over


def tampered(change) -> dict:
    data = to_json(apply(new_round(3, 1), 1, {"type": "draw"}))
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(schema=SCHEMA + 1),
        lambda d: d.pop("schema"),
        lambda d: d.pop("pool"),
        lambda d: d.update(pool="K1"),
        lambda d: d["pool"].append("K1"),
        lambda d: d["pool"].pop(),
        lambda d: d["pool"].__setitem__(0, "X9"),
        lambda d: d["pool"].__setitem__(0, None),
        lambda d: d.update(racks={"1": [], "2": []}),
        lambda d: d.update(racks=[[], []]),
        lambda d: d["racks"].pop("2"),
        lambda d: d["racks"].__setitem__("1", "K1 K2"),
        lambda d: d.update(table=[["K1"]]),
        lambda d: d.update(table="nothing"),
        lambda d: d.update(turn=3),
        lambda d: d.update(turn=None),
        lambda d: d.update(turn=True),
        lambda d: d.update(first="1"),
        lambda d: d.update(game_no=0),
        lambda d: d.update(passes=-1),
        lambda d: d.update(passes=5),
        lambda d: d.update(seed="abc"),
        lambda d: d.update(opened={"1": "yes", "2": False}),
        lambda d: d.update(opened=None),
        lambda d: d.update(result={"winner": 1}),
        lambda d: d.update(result=[1]),
        lambda d: d.update(last={"seat": 1, "type": "fly"}),
        lambda d: d.update(last={"seat": 5, "type": "draw"}),
        lambda d: d.update(last={"seat": 1, "type": "play", "placed": "K1"}),
        lambda d: d.update(turns=-3),
        lambda d: d.update(turns=1.5),
        lambda d: d.pop("events"),
        lambda d: d.update(events="draw"),
        lambda d: d.update(events=[{"n": 1}]),
        lambda d: d["events"][0].update(n=0),
        lambda d: d["events"][0].update(seat=3),
        lambda d: d["events"][0].update(kind="fly"),
        lambda d: d["events"][0].update(pieces=["X9"]),
        lambda d: d["events"][0].update(source="stock"),
        lambda d: d["events"][0].update(target="set-0"),
        lambda d: d["events"][0].update(facts={"points": 30}),
        lambda d: d["events"][0].pop("private"),
        lambda d: d["events"].append(dict(d["events"][0])),
    ],
)
def test_from_json_of_tampered_data_raises_illegal_action_not_a_crash(change):
    with pytest.raises(IllegalAction) as caught:
        from_json(tampered(change))
    assert caught.value.code == "bad_state"


@pytest.mark.parametrize("data", [None, [], "state", 3, {}])
def test_from_json_of_something_else_entirely_raises_illegal_action(data):
    with pytest.raises(IllegalAction) as caught:
        from_json(data)
    assert caught.value.code == "bad_state"


def test_a_finished_game_with_a_turn_is_refused_as_tampered():
    state = state_from_position({1: RUN_OF_TENS, 2: ["B1"]})
    data = to_json(apply(state, 1, play([RUN_OF_TENS])))
    data["turn"] = 2
    with pytest.raises(IllegalAction):
        from_json(data)


def test_a_save_from_before_the_move_events_still_reads_with_none():
    state = apply(new_round(3, 1), 1, {"type": "draw"})
    data = json.loads(json.dumps(to_json(state)))
    del data["events"]
    data["schema"] = 1
    back = from_json(data)
    assert back.events == ()
    assert to_json(back) == {**to_json(state), "events": []}
    # Play goes on from it, the events numbered from 1.
    after = apply(back, 2, {"type": "draw"})
    assert [one["n"] for one in after.events] == [1]


def test_the_events_of_a_finished_game_survive_a_save():
    state = state_from_position({1: RUN_OF_TENS, 2: ["B1"]})
    over = apply(state, 1, play([RUN_OF_TENS]))
    assert [one["kind"] for one in over.events] == ["new_set", "initial_meld", "round_over"]
    assert from_json(json.loads(json.dumps(to_json(over)))).events == over.events
