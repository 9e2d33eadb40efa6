"""A round as it was played: the dealt state and every confirmed action after it.

The replay (issue 25) draws each step of a finished round from a Record, and the review
by the computer judges each decision in it. Online, a Record comes from a room's action
log; on one device and against the computer, from the sealed token, which keeps at most
MAX_STEPS actions of a round (a longer round is `cut`, and the replay says so).

Pure Python (no Django), like gamekit.engine.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gamekit.engine import Action, Bots, Engine, IllegalAction, Seat, gettext_noop
from gamekit.seats import is_seat

# The actions of one round a sealed token keeps: far more than any round needs (a long
# tile rummy round is about 150), small enough for the token's size cap.
MAX_STEPS = 600


@dataclass(frozen=True)
class Step:
    seat: Seat
    action: Action


@dataclass(frozen=True)
class Record:
    start: dict[str, Any]  # engine.to_json() of the state as dealt
    steps: tuple[Step, ...] = ()
    cut: bool = False  # more than MAX_STEPS actions: the steps stop early

    def then(self, seat: Seat, action: Action) -> Record:
        """This record with one more confirmed action (cut beyond MAX_STEPS)."""
        if len(self.steps) >= MAX_STEPS:
            return Record(self.start, self.steps, cut=True)
        return Record(self.start, (*self.steps, Step(seat, action)), self.cut)

    def to_json(self) -> dict[str, Any]:
        steps = [[step.seat, step.action] for step in self.steps]
        return {"start": self.start, "steps": steps, "cut": self.cut}

    @classmethod
    def from_json(cls, data: object) -> Record:
        """The record to_json wrote; IllegalAction("bad_replay") for anything else."""
        if not isinstance(data, dict) or not isinstance(data.get("start"), dict):
            raise bad_replay()
        steps, cut = data.get("steps"), data.get("cut", False)
        if not isinstance(steps, list) or len(steps) > MAX_STEPS or type(cut) is not bool:
            raise bad_replay()
        read = []
        for item in steps:
            if not (isinstance(item, list) and len(item) == 2 and is_seat(item[0])):
                raise bad_replay()
            if not isinstance(item[1], dict):
                raise bad_replay()
            read.append(Step(item[0], item[1]))
        return cls(data["start"], tuple(read), cut)

    def key(self) -> str:
        """A digest naming this record: the same round played the same way has the
        same key (a review is computed once per key and kept)."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def bad_replay() -> IllegalAction:
    return IllegalAction("bad_replay", gettext_noop("This replay is damaged."))


def states(engine: Engine, record: Record) -> list[Any]:
    """The state as dealt, then the state after each step (len(steps) + 1 states).
    IllegalAction when a step is not legal where it stands (a damaged record)."""
    state = engine.from_json(record.start)
    found = [state]
    for step in record.steps:
        state = engine.apply(state, step.seat, step.action)
        found.append(state)
    return found


def record_of(start: dict[str, Any], steps: Iterable[tuple[Seat, Action]]) -> Record:
    """A Record of `start` and (seat, action) pairs, cut beyond MAX_STEPS."""
    record = Record(start)
    for seat, action in steps:
        record = record.then(seat, action)
    return record


def bot_record(
    engine: Engine,
    bots: Bots,
    seed: int,
    levels: dict[Seat, str],
    first: Seat = 1,
    rng: random.Random | None = None,
) -> Record:
    """A whole round played by the bots, each seat at its level in `levels`: dealt by
    `seed` with `first` to play, the bots drawing on `rng` (random.Random(seed) when
    None), so that the same arguments play the same round (tests and benches)."""
    rng = random.Random(seed) if rng is None else rng
    state = engine.new_round(seed, first)
    start, steps = engine.to_json(state), []
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        action = bots.choose(state, seat, levels[seat], rng)
        steps.append((seat, action))
        state = engine.apply(state, seat, action)
    return record_of(start, steps)
