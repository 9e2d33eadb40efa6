"""Each game's guided round, walked step by step through the judge with the lesson's
own answers, makes every step and ends where the scripted round ends."""

from __future__ import annotations

import pytest

from cards import engine as cards_engine
from cards.lesson import LESSON as CARDS
from gamekit.lesson import LEARNER, judge, script
from tarot import engine as tarot_engine
from tarot.lesson import LESSON as TAROT
from tiles import engine as tiles_engine
from tiles.lesson import LESSON as TILES

LESSONS = {
    "tiles": (tiles_engine, TILES),
    "cards": (cards_engine, CARDS),
    "tarot": (tarot_engine, TAROT),
}


@pytest.mark.parametrize("game", LESSONS)
def test_the_lessons_own_answers_make_every_step(game: str) -> None:
    engine, lesson = LESSONS[game]
    state, index = lesson.deal(), 0
    while index < len(lesson.steps):
        step = lesson.steps[index]
        judged = judge(engine, lesson, index, state, step.action)
        assert judged.outcome == ("shown" if step.refused else "done"), (index, judged.error)
        assert judged.step == index + 1
        state, index = judged.state, judged.step
    assert engine.to_json(state) == engine.to_json(script(engine, lesson)[-1][3])


@pytest.mark.parametrize("game", LESSONS)
def test_every_lesson_starts_with_the_learner_to_play(game: str) -> None:
    engine, lesson = LESSONS[game]
    assert engine.status(lesson.deal())["turn"] == LEARNER


@pytest.mark.parametrize("game", LESSONS)
def test_a_step_that_hands_the_turn_over_is_answered_by_the_computer(game: str) -> None:
    """After every made step it is the learner's turn again or the round is over: the
    lesson never leaves the learner waiting for an unscripted computer move."""
    engine, lesson = LESSONS[game]
    state = lesson.deal()
    for index, step in enumerate(lesson.steps):
        judged = judge(engine, lesson, index, state, step.action)
        status = engine.status(judged.state)
        assert status["over"] or status["turn"] == LEARNER, index
        state = judged.state
