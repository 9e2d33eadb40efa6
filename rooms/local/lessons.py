"""The guided first round, "Learn to play" (issue 46): a game against the computer whose
sealed payload (rooms.local.play) holds `lesson`, the index of the step to make, while
the lesson lasts. Each move of the learner is judged by gamekit.lesson against the
game's Lesson (registry.Game.lesson); the computer answers with the lesson's scripted
moves, and once the last step is made the round goes on against the easy computer.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from gamekit.engine import Action, IllegalAction, Seat
from gamekit.lesson import COMPUTER, LEARNER, judge
from rooms import registry
from rooms.errors import RoomError

LEVEL = "easy"  # the computer that takes over once the lesson's steps are made


def begin(game: registry.Game) -> Any:
    """The lesson's fixed deal; RoomError("no_lesson") for a game without one."""
    if game.lesson is None:
        raise RoomError("no_lesson")
    return game.lesson.deal()


def progress(game: registry.Game, step: object) -> dict[str, Any] | None:
    """What the page shows of the lesson at `step` (None: not a lesson): the step's
    number, how many there are and its line in the active language; `done` once the
    steps are made and the round goes on."""
    lesson = game.lesson
    if lesson is None or type(step) is not int:
        return None
    total = len(lesson.steps)
    if step >= total:
        return {"step": total, "steps": total, "say": "", "done": True}
    return {"step": step + 1, "steps": total, "say": gettext(lesson.steps[step].say), "done": False}


def learning(game: registry.Game, payload: dict[str, Any]) -> bool:
    """Whether the payload's game is in a lesson with steps still to make."""
    step = payload.get("lesson")
    return (
        payload.get("mode") == "computer"
        and game.lesson is not None
        and type(step) is int
        and 0 <= step < len(game.lesson.steps)
    )


def act(
    game: registry.Game, payload: dict[str, Any], state: Any, action: Action
) -> tuple[Any, list[tuple[Seat, Action]]]:
    """The learner's move at the payload's step: the state after it and the computer's
    scripted replies, and those moves; the payload's step moves on. Anything but the
    step's move changes nothing and is refused with the reason and the lesson's place:
    the engine's reason for a refused move (for the refusal the step shows, with the
    next step), "lesson_elsewhere" for another legal move. After the last step the
    computer of LEVEL plays on."""
    lesson, index = game.lesson, payload["lesson"]
    assert lesson is not None
    judged = judge(game.engine, lesson, index, state, action)
    if judged.outcome == "done":
        done: list[tuple[Seat, Action]] = [(LEARNER, action)]
        done += [(COMPUTER, reply) for reply in replies(lesson, index, judged.step)]
        payload["lesson"] = judged.step
        if judged.step == len(lesson.steps):
            payload["level"] = LEVEL
        return judged.state, done
    error: IllegalAction | RoomError = judged.error or RoomError("lesson_elsewhere")
    error.lesson = progress(game, judged.step)  # type: ignore[union-attr]
    raise error


def replies(lesson: Any, start: int, end: int) -> list[Action]:
    """The computer's scripted moves of the steps made from `start` up to `end` (a
    learner who skips a refusal makes two steps at once)."""
    return [reply for step in lesson.steps[start:end] for reply in step.replies]
