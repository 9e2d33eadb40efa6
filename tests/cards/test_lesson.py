"""Rummy's guided first round brings up every rule RULES.md lists for the lesson, read
from the engine's own log of the scripted round (not from the lesson's words)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext

from cards import engine
from cards.lesson import LESSON
from gamekit.engine import IllegalAction
from gamekit.lesson import LEARNER, judge, script


def rules_seen() -> set[str]:
    seen = set()
    for before, seat, action, after in script(engine, LESSON):
        if seat != LEARNER:
            continue
        if isinstance(after, IllegalAction):
            seen.add(f"refused:{after.code}")
            continue
        if action["type"] == "draw":
            seen.add(f"draw:{'discard' if after.taken else 'stock'}")
        if len(after.melds) > len(before.melds):
            seen.add("meld")
        for old, new in zip(before.melds, after.melds, strict=False):
            if new.cards != old.cards and old.owner != seat:
                seen.add("lay-off on the opponent's meld")
        if after.result and after.result["reason"] == "out" and after.result["winner"] == seat:
            seen.add("out")
    return seen


def test_the_guided_round_brings_up_every_rule_of_the_lesson() -> None:
    assert rules_seen() >= {
        "draw:discard",
        "draw:stock",
        "refused:taken_card",
        "meld",
        "lay-off on the opponent's meld",
        "out",
    }


def test_the_learner_wins_the_scripted_deal_and_scores_the_computers_hand() -> None:
    final = script(engine, LESSON)[-1][3]
    status = engine.status(final)
    assert status["winner"] == LEARNER
    assert status["scores"]["1"] == final.result["hand_values"][2]


def test_a_set_melded_in_another_order_makes_the_step() -> None:
    state = judge(engine, LESSON, 0, LESSON.deal(), {"type": "draw", "source": "discard"}).state
    made = judge(engine, LESSON, 2, state, {"type": "meld", "cards": ["5C", "5D", "5S"]})
    assert made.outcome == "done"


def test_a_move_the_step_does_not_ask_for_changes_nothing() -> None:
    state = LESSON.deal()
    elsewhere = judge(engine, LESSON, 0, state, {"type": "draw", "source": "stock"})
    assert elsewhere.outcome == "elsewhere"
    assert elsewhere.state is state
    refused = judge(engine, LESSON, 0, state, {"type": "discard", "card": "KC"})
    assert refused.outcome == "refused"
    assert refused.error.code == "draw_first"


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_the_lessons_lines_name_the_cards_in_words_not_by_a_suit_symbol(language) -> None:
    # A screen reader reads "K♣" as "K black club suit"; the board says "king of clubs".
    with translation.override(language):
        lines = [gettext(step.say) for step in LESSON.steps]
    assert not [line for line in lines if re.search(r"[♠♥♦♣]", line)]


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "A discard ends your turn: discard the king of clubs."),
        ("ru", "Сброс завершает ход: сбросьте короля треф."),
    ],
)
def test_a_lesson_line_names_its_card_as_the_board_does(language, line) -> None:
    # The board's spoken name, declined in Russian ("король треф": "короля треф").
    with translation.override(language):
        assert gettext(LESSON.steps[3].say) == line
