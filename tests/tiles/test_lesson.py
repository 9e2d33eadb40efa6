"""Tile rummy's guided first round brings up every rule RULES.md lists for the lesson,
read from the engine's own log of the scripted round (not from the lesson's words)."""

from __future__ import annotations

import random
from collections import Counter

from gamekit.engine import IllegalAction
from gamekit.lesson import COMPUTER, LEARNER, judge, script
from tiles import bots, engine
from tiles.lesson import LESSON
from tiles.sets import JOKER, check_set, set_key
from tiles.turns import opening_sets


def rules_seen() -> set[str]:
    seen = set()
    for before, seat, _action, after in script(engine, LESSON):
        if seat != LEARNER:
            continue
        if isinstance(after, IllegalAction):
            seen.add(f"refused:{after.code}")
            continue
        last = after.last
        if last["type"] == "draw":
            seen.add("draw")
            continue
        new = Counter(map(set_key, after.table)) - Counter(map(set_key, before.table))
        for tiles in new:
            seen.add(check_set(tiles).kind)
            if JOKER in tiles:
                seen.add("joker")
        if not before.opened[seat] and after.opened[seat]:
            seen.add("initial meld")
        if before.opened[seat] and opening_sets(before.table, after.table) is None:
            seen.add("rearrangement")  # a set on the table changed, not only new ones
    return seen


def test_the_guided_round_brings_up_every_rule_of_the_lesson() -> None:
    assert rules_seen() >= {
        "group",
        "run",
        "refused:opening_too_low",
        "initial meld",
        "joker",
        "rearrangement",
        "draw",
    }


def test_the_scripted_round_is_the_learners_first_and_goes_on_as_a_normal_game() -> None:
    log = script(engine, LESSON)
    assert log[0][1] == LEARNER
    assert log[0][0].turn == LEARNER
    final = log[-1][3]
    assert engine.status(final)["turn"] == LEARNER
    state, moves = final, 0
    while not engine.status(state)["over"] and moves < 400:
        seat = engine.status(state)["turn"]
        state = engine.apply(state, seat, bots.choose(state, seat, "easy", random.Random(moves)))
        moves += 1
    assert engine.status(state)["over"]


def test_a_move_other_than_the_steps_changes_nothing_and_says_why() -> None:
    state = LESSON.deal()
    wrong = judge(engine, LESSON, 0, state, {"type": "play", "table": [["B2", "B3"]]})
    assert wrong.outcome == "refused"
    assert wrong.error.code == "invalid_set"
    assert wrong.state is state
    assert wrong.step == 0

    shown = judge(engine, LESSON, 0, state, LESSON.steps[0].action)
    assert shown.outcome == "shown"
    assert shown.error.code == "opening_too_low"
    assert shown.state is state
    assert shown.step == 1

    elsewhere = judge(engine, LESSON, 1, state, {"type": "draw"})
    assert elsewhere.outcome == "elsewhere"
    assert elsewhere.state is state


def test_the_step_is_made_by_the_same_sets_in_any_order_and_the_computer_answers() -> None:
    state = LESSON.deal()
    sets = [["K10", "O10", "B10", "R10"], ["B4", "B2", "B3"]]
    made = judge(engine, LESSON, 1, state, {"type": "play", "table": sets})
    assert made.outcome == "done"
    assert made.step == 2
    assert made.state.turn == LEARNER
    assert made.state.last["seat"] == COMPUTER


def test_the_learner_who_opens_at_once_skips_the_refusal() -> None:
    state = LESSON.deal()
    made = judge(engine, LESSON, 0, state, LESSON.steps[1].action)
    assert made.outcome == "done"
    assert made.step == 2
