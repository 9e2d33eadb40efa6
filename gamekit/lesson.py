"""A guided first round (issue 46): a fixed deal and the moves a lesson asks for, one
step at a time, every move judged by the engine. Pure Python, like the rest of the kit.

The learner is seat 1 and plays first; the computer is seat 2. A step asks for one
engine action. Most steps are made by a legal action that gives the same position as
the lesson's own answer (`Lesson.same`); a step with `refused` shows a rule by its
refusal: the learner tries the move the line suggests and the engine's own reason is
the lesson. Any other move changes nothing: a refused one gets the engine's reason, a
legal one the step's line again. After a step that hands the turn over, the computer
plays the step's scripted `replies`, so that the next step's position is the one the
lesson was written for. After the last step the round goes on as a normal game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamekit.engine import Action, Engine, IllegalAction, Seat

LEARNER: Seat = 1
COMPUTER: Seat = 2


@dataclass(frozen=True)
class Step:
    """One thing to try: `say` (a catalogue entry) and the lesson's own answer."""

    say: str
    action: Action
    refused: str = ""  # the refusal this step shows: the code the answer is refused with
    replies: tuple[Action, ...] = ()  # the computer's moves after this step, in order


def same_json(engine: Engine) -> Callable[[Any, Any], bool]:
    """Positions compared as saved: for engines whose states read one way only."""
    return lambda a, b: engine.to_json(a) == engine.to_json(b)


@dataclass(frozen=True)
class Lesson:
    """A game's guided round: the fixed deal, its steps and how positions compare."""

    deal: Callable[[], Any]
    steps: tuple[Step, ...]
    same: Callable[[Any, Any], bool]
    # The codes of the pieces an action takes from the learner's hand or side (none for
    # a draw), so that a move the step does not ask for is told what it moved against
    # what the step asks for (rooms.local.lessons); None: the plain refusal.
    pieces: Callable[[Any, Action], list[str]] | None = None

    def number(self, index: int) -> int:
        """Step `index`'s number as the learner sees it: a step that shows a refusal and
        the step after it (the move its line goes on to) are one task and share a
        number, so that a learner who makes that move at once goes on to the next
        number (never 1 -> 3)."""
        return 1 + sum(1 for step in self.steps[:index] if not step.refused)

    @property
    def numbered(self) -> int:
        """How many numbered steps the learner sees."""
        return sum(1 for step in self.steps if not step.refused)


@dataclass(frozen=True)
class Judgement:
    """What became of the learner's move.

    `outcome`: "done" (the step is made, the computer answered), "shown" (the refusal
    the step was about), "refused" (another refusal: `error` says why) or "elsewhere"
    (allowed, but not what the step asks). Only "done" changes the state; "done" and
    "shown" move on to the next step."""

    outcome: str
    state: Any
    step: int
    error: IllegalAction | None = None

    @property
    def moved_on(self) -> bool:
        return self.outcome in ("done", "shown")


def judge(engine: Engine, lesson: Lesson, index: int, state: Any, action: Action) -> Judgement:
    """The learner's `action` at step `index` of the lesson, from `state`."""
    step = lesson.steps[index]
    try:
        after = engine.apply(state, LEARNER, action)
    except IllegalAction as error:
        if step.refused and error.code == step.refused:
            return Judgement("shown", state, index + 1, error)
        return Judgement("refused", state, index, error)
    if step.refused:
        # The learner went straight to what the next step asks: take it as made.
        if index + 1 < len(lesson.steps):
            skipped = judge(engine, lesson, index + 1, state, action)
            if skipped.outcome == "done":
                return skipped
        return Judgement("elsewhere", state, index)
    if not lesson.same(after, engine.apply(state, LEARNER, step.action)):
        return Judgement("elsewhere", state, index)
    for reply in step.replies:
        after = engine.apply(after, COMPUTER, reply)
    return Judgement("done", after, index + 1)


def script(engine: Engine, lesson: Lesson) -> list[tuple[Any, Seat, Action, Any]]:
    """The lesson played by its own answers: (state, seat, action, state after or the
    IllegalAction it met), in order; what a test reads to see what came up."""
    log: list[tuple[Any, Seat, Action, Any]] = []
    state = lesson.deal()
    for step in lesson.steps:
        if step.refused:
            try:
                engine.apply(state, LEARNER, step.action)
            except IllegalAction as error:
                log.append((state, LEARNER, step.action, error))
                continue
            raise AssertionError(f"the answer {step.action} was not refused")
        after = engine.apply(state, LEARNER, step.action)
        log.append((state, LEARNER, step.action, after))
        state = after
        for reply in step.replies:
            after = engine.apply(state, COMPUTER, reply)
            log.append((state, COMPUTER, reply, after))
            state = after
    return log
