import random

import pytest

from gamekit.engine import IllegalAction
from gamekit.replay import MAX_STEPS, Record, record_of, states

ENGINES = ["tiles", "cards", "tarot"]


def played_round(slug: str, seed: int = 7):
    """A whole round of `slug` between two easy bots: (engine, start json, steps)."""
    engine = __import__(f"{slug}.engine", fromlist=["x"])
    bots = __import__(f"{slug}.bots", fromlist=["x"])
    state = engine.new_round(seed, 1)
    start = engine.to_json(state)
    rng = random.Random(seed)
    steps = []
    while not engine.status(state)["over"] and len(steps) < 2000:
        seat = engine.status(state)["turn"]
        action = bots.choose(state, seat, "easy", rng)
        state = engine.apply(state, seat, action)
        steps.append((seat, action))
    return engine, start, steps, state


@pytest.mark.parametrize("slug", ENGINES)
def test_a_record_replays_to_the_state_the_round_ended_in(slug):
    engine, start, steps, final = played_round(slug)
    record = Record.from_json(record_of(start, steps).to_json())
    replayed = states(engine, record)
    assert len(replayed) == len(steps) + 1
    assert engine.to_json(replayed[-1]) == engine.to_json(final)
    assert engine.status(replayed[-1])["over"]


def test_a_record_longer_than_the_cap_is_cut_and_says_so():
    record = record_of({"schema": 1}, ((1, {"type": "draw"}) for _ in range(MAX_STEPS + 5)))
    assert len(record.steps) == MAX_STEPS
    assert record.cut


def test_the_same_round_played_the_same_way_has_the_same_key():
    _engine, start, steps, _ = played_round("cards")
    again = Record.from_json(record_of(start, steps).to_json())
    assert record_of(start, steps).key() == again.key()
    assert record_of(start, steps).key() != record_of(start, steps[:-1]).key()


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"start": 1},
        {"start": {}, "steps": [[3, {}]]},
        {"start": {}, "steps": [[1, "x"]]},
        {"start": {}, "steps": [], "cut": 1},
        {"start": {}, "steps": [[True, {}]]},
    ],
)
def test_a_damaged_record_is_refused_as_bad_replay(data):
    with pytest.raises(IllegalAction) as refused:
        Record.from_json(data)
    assert refused.value.code == "bad_replay"


def test_a_step_the_rules_refuse_is_refused_when_replayed():
    engine, start, steps, _ = played_round("tarot")
    seat, action = steps[0]
    other = 2 if seat == 1 else 1
    with pytest.raises(IllegalAction):
        states(engine, record_of(start, [(other, action)]))
