import random

import pytest

from gamekit.engine import IllegalAction
from gamekit.replay import MAX_STEPS, Record, bot_record, record_of, states
from tests.counter_game import bots as counter_bots
from tests.counter_game import engine as counter
from tests.rooms.bot_games import play_out

ENGINES = ["tiles", "cards", "tarot"]
EASY = {1: "easy", 2: "easy"}


def played_round(slug: str, seed: int = 7):
    """A whole round of `slug` between two easy bots: (engine, bots, its record)."""
    engine = __import__(f"{slug}.engine", fromlist=["x"])
    bots = __import__(f"{slug}.bots", fromlist=["x"])
    return engine, bots, bot_record(engine, bots, seed, EASY)


@pytest.mark.parametrize("slug", ENGINES)
def test_a_record_replays_to_the_state_the_round_ended_in(slug):
    engine, bots, played = played_round(slug)
    final = play_out(engine, bots, engine.new_round(7, 1), EASY, 7)
    record = Record.from_json(played.to_json())
    replayed = states(engine, record)
    assert not record.cut
    assert engine.to_json(replayed[-1]) == engine.to_json(final)
    assert engine.status(replayed[-1])["over"]


def test_a_record_longer_than_the_cap_is_cut_and_says_so():
    record = record_of({"schema": 1}, ((1, {"type": "draw"}) for _ in range(MAX_STEPS + 5)))
    assert len(record.steps) == MAX_STEPS
    assert record.cut


def test_the_same_round_played_the_same_way_has_the_same_key():
    _engine, _bots, record = played_round("cards")
    again = Record.from_json(record.to_json())
    assert record.key() == again.key()
    assert record.key() != Record(record.start, record.steps[:-1]).key()


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
    engine, _bots, record = played_round("tarot")
    seat, action = record.steps[0].seat, record.steps[0].action
    other = 2 if seat == 1 else 1
    with pytest.raises(IllegalAction):
        states(engine, record_of(record.start, [(other, action)]))


class LevelsSeen:
    """The counter game's bots, noting the level each seat was asked to play at."""

    def __init__(self) -> None:
        self.seen: set[tuple[int, str]] = set()

    def choose(self, state, seat, level, rng):
        self.seen.add((seat, level))
        return counter_bots.choose(state, seat, level, rng)


def test_the_bots_play_a_whole_round_from_the_deal_each_seat_at_its_level():
    bots = LevelsSeen()
    record = bot_record(counter, bots, 3, {1: "easy", 2: "medium"}, first=2)

    assert record.start == counter.to_json(counter.new_round(3, 2))
    assert record.steps[0].seat == 2
    assert counter.status(states(counter, record)[-1])["over"]
    assert bots.seen == {(1, "easy"), (2, "medium")}


def test_the_same_seed_plays_the_same_round_unless_the_bots_draw_on_another_rng():
    again = bot_record(counter, counter_bots, 3, EASY, rng=random.Random(3))
    other = bot_record(counter, counter_bots, 3, EASY, rng=random.Random(4))

    assert bot_record(counter, counter_bots, 3, EASY).key() == again.key()
    assert other.key() != again.key()
    assert other.start == again.start
