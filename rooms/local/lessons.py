"""The guided first round, "Learn to play" (issue 46): a game against the computer whose
sealed payload (rooms.local.play) holds `lesson`, the index of the step to make, while
the lesson lasts. Each move of the learner is judged by gamekit.lesson against the
game's Lesson (registry.Game.lesson); the computer answers with the lesson's scripted
moves, and once the last step is made the round goes on against the easy computer.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_noop

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
    total = lesson.numbered
    if step >= len(lesson.steps):
        return {"step": total, "steps": total, "say": "", "done": True}
    say = gettext(lesson.steps[step].say)
    return {"step": lesson.number(step), "steps": total, "say": say, "done": False}


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
    next step), "lesson_elsewhere" for another legal move, saying what it moved against
    what the step asks for (`elsewhere`). After the last step the
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
    # A step that shows a refusal is answered by the next step's move (gamekit.lesson).
    asked = index + 1 if lesson.steps[index].refused and index + 1 < len(lesson.steps) else index
    error = judged.error or elsewhere(game, state, action, lesson.steps[asked].action)
    error.lesson = progress(game, judged.step)  # type: ignore[union-attr]
    raise error


# A legal move that is not the step's: what it moved against what the step asks for.
OTHER_PIECES = gettext_noop(
    "That move is allowed, but this step asks for the %(asked)s, not the %(played)s."
)
NOT_A_DRAW = gettext_noop(
    "That move is allowed, but this step asks for a draw, not the %(played)s."
)
NOT_YET_A_DRAW = gettext_noop(
    "That move is allowed, but this step asks for the %(asked)s first, not a draw."
)


def elsewhere(
    game: registry.Game, state: Any, action: Action, answer: Action
) -> IllegalAction | RoomError:
    """The refusal of a legal move that is not the step's `answer`, saying what was
    wrong with it: the pieces it moved against those the step asks for, named as the
    board names them (Game.names "pieces"); the step's line above says the rest."""
    played, asked = pieces(game, state, action), pieces(game, state, answer)
    if sorted(played) == sorted(asked):  # the same pieces elsewhere, or another draw
        return RoomError("lesson_elsewhere")
    name = game.names.get("pieces", str)
    said = {"asked": name(" ".join(asked)), "played": name(" ".join(played))}
    if played and asked:
        return IllegalAction("lesson_elsewhere", OTHER_PIECES, **said)
    if played:
        return IllegalAction("lesson_elsewhere", NOT_A_DRAW, played=said["played"])
    return IllegalAction("lesson_elsewhere", NOT_YET_A_DRAW, asked=said["asked"])


def pieces(game: registry.Game, state: Any, action: Action) -> list[str]:
    """The codes of the pieces `action` takes from the learner's side, as the game's
    lesson reads them (Lesson.pieces); none for a draw, or a move it cannot read."""
    read = game.lesson.pieces if game.lesson else None
    try:
        return [str(code) for code in read(state, action)] if read else []
    except IllegalAction:
        return []


def replies(lesson: Any, start: int, end: int) -> list[Action]:
    """The computer's scripted moves of the steps made from `start` up to `end` (a
    learner who skips a refusal makes two steps at once)."""
    return [reply for step in lesson.steps[start:end] for reply in step.replies]
