"""The Tarot duel's guided first round brings up every rule RULES.md lists for the
lesson, read from the engine's own log of the scripted round (not from the lesson's
words), and goes on to a result."""

from __future__ import annotations

import random
import re

import pytest

from gamekit.engine import IllegalAction
from gamekit.lesson import LEARNER, judge, script
from tarot import bots, engine
from tarot.cards import EXCUSE, PETIT, is_trump
from tarot.lesson import LESSON
from tarot.state import HAND


def played_to_the_end() -> tuple[list, object]:
    log = script(engine, LESSON)
    state, moves = log[-1][3], 0
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        state = engine.apply(state, seat, bots.choose(state, seat, "easy", random.Random(moves)))
        moves += 1
    return log, state


def rules_seen() -> set[str]:
    log, final = played_to_the_end()
    seen = set()
    for before, seat, action, after in log:
        if seat != LEARNER:
            continue
        if isinstance(after, IllegalAction):
            seen.add(f"refused:{after.code}")
            continue
        card = action["card"]
        lead = before.trick[0][1] if before.trick else None
        played = after.tricks[-1][1] if not after.trick else after.trick[0]
        if played[2] != HAND:
            seen.add("played from a stack")
        if lead and not is_trump(lead) and lead != EXCUSE and card[0] == lead[0]:
            seen.add("followed suit")
        if lead and not is_trump(lead) and is_trump(card):
            seen.add("trumped")
        if card == EXCUSE:
            seen.add("excuse")
    if PETIT in final.won[LEARNER]:
        seen.add("petit taken")
    if engine.status(final)["over"] and engine.status(final)["scores"] is not None:
        seen.add("result")
    return seen


def test_the_guided_round_brings_up_every_rule_of_the_lesson() -> None:
    assert rules_seen() >= {
        "played from a stack",
        "refused:follow_suit",
        "followed suit",
        "refused:play_a_trump",
        "trumped",
        "excuse",
        "petit taken",
        "result",
    }


def test_the_excuse_comes_back_to_the_learner_for_half_a_point() -> None:
    log = script(engine, LESSON)
    after_excuse = next(a for _, seat, act, a in log if act.get("card") == "C2")
    assert EXCUSE in after_excuse.won[LEARNER]
    assert after_excuse.excuse_giver == LEARNER


def test_a_card_the_step_does_not_ask_for_changes_nothing() -> None:
    state = LESSON.deal()
    elsewhere = judge(engine, LESSON, 0, state, {"type": "play", "card": "S2"})
    assert elsewhere.outcome == "elsewhere"
    assert elsewhere.state is state


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_the_lessons_lines_name_the_cards_in_words_not_by_a_suit_symbol(language) -> None:
    """A screen reader reads "K♥" as "K black heart suit": the lines name the cards in
    words, as the board speaks them ("king of hearts", "король червей")."""
    from django.utils import translation
    from django.utils.translation import gettext

    with translation.override(language):
        lines = [gettext(step.say) for step in LESSON.steps]
    assert not [line for line in lines if re.search(r"[♠♥♦♣]", line)]


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "Follow suit with your 3 of diamonds."),
        ("ru", "Ходите в масть: сыграйте тройку бубен."),
    ],
)
def test_a_lesson_line_names_its_card_as_the_board_does(language, line) -> None:
    from django.utils import translation
    from django.utils.translation import gettext

    # The board's spoken name, declined in Russian ("тройка бубен": "тройку бубен").
    with translation.override(language):
        assert gettext(LESSON.steps[3].say) == line
