"""cards.review: each draw, meld and discard judged by the strong level from the player's
view (the melds against those it would lay down in that turn, or its keeping them)."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from cards import bots, engine, review
from cards.judge import Seen
from cards.laying_down import PLAYS
from cards.templatetags.cards_review import review_line
from gamekit.advice import rng_for
from gamekit.replay import bot_record, states
from tests.cards.positions import discard, meld, position


def test_a_discard_the_other_player_took_is_said_so():
    record = bot_record(engine, bots, 5, {1: "medium", 2: "strong"})
    notes = review.judge(record, review.decisions(record))
    taken = [n for n in notes if n.get("taken")]
    assert taken
    for judged in taken:
        after = record.steps[judged["step"] + 1]
        assert after.seat != judged["seat"]
        assert after.action["source"] == "discard"
        assert judged["text"][-1]["id"] == review.TAKEN
        assert judged["kind"] in ("ok", "miss")
    # A discard taken is a cost, unless the strong level would have discarded it too.
    for seat in ("1", "2"):
        lines = {line["id"]: line["n"] for line in review.summary(notes)[seat]}
        missed = sum(1 for n in notes if n["seat"] == int(seat) and n["kind"] == "miss")
        assert lines.get(review.MISSES[0], 0) == missed


def test_draws_melds_and_discards_are_judged_not_lay_offs_and_the_strong_choice_is_the_bots():
    record = bot_record(engine, bots, 6, {1: "easy", 2: "strong"})
    steps = review.decisions(record)
    kinds = {record.steps[i].action["type"] for i in steps}
    assert kinds == {"draw", "meld", "discard"}
    assert any(step.action["type"] == "lay_off" for step in record.steps)
    every = states(engine, record)
    for judged in review.judge(record, steps):
        i = judged["step"]
        if record.steps[i].action["type"] != "discard":
            continue
        view = engine.view(every[i], judged["seat"])
        strong = bots.choose(every[i], judged["seat"], "strong", rng_for(view))
        if strong["type"] == "discard":
            assert judged["card"] == strong["card"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_strong_levels_own_melds_are_judged_its_own_and_an_early_meld_is_kept(seed):
    record = bot_record(engine, bots, seed, {1: "easy", 2: "strong"})
    every = states(engine, record)
    notes = review.judge(record, review.decisions(record))
    melds = [n for n in notes if record.steps[n["step"]].action["type"] == "meld"]
    assert all(n["kind"] == "best" for n in melds if n["seat"] == 2)
    # easy melds at once; where the strong level would have held its cards, it says so
    kept = [n for n in melds if n["text"][0]["id"] == review.MELD_KEPT]
    assert kept
    for judged in kept:
        assert judged["seat"] == 1
        assert judged["kind"] == "ok"
        assert PLAYS["strong"](Seen(engine.view(every[judged["step"]], 1))) is None


def test_a_discard_instead_of_going_out_is_a_miss():
    state = position(
        ["5H", "6H", "7H", "9S", "9D", "9C", "KD"],
        ["2C", "3D", "4S", "8C", "JD", "QS", "KH", "AS", "TC", "6D"],
        pile=["2H"],
        step="play",
    )

    judged = review.judge_state(state, 7, 1, discard("KD"))

    assert judged["kind"] == "miss"
    assert judged["text"][0]["id"] == review.OUT


def test_a_discard_before_laying_down_against_an_opponent_near_going_out_says_what_to_meld():
    state = position(
        ["5H", "6H", "7H", "KD", "2S", "QC"],
        ["3C", "8D", "JS"],
        pile=["2H"],
        step="play",
    )

    judged = review.judge_state(state, 7, 1, discard("QC"))
    with translation.override("ru"):
        said = review_line(judged["text"][0])

    assert judged["kind"] == "ok"
    assert judged["text"][0] == {"id": review.MELD_FIRST, "params": {"cards": "5H 6H 7H"}}
    assert said == (
        "Сильный уровень перед сбросом выложил бы: пятёрка червей, шестёрка червей, семёрка червей."
    )


def test_a_meld_of_the_strong_levels_turn_is_judged_the_same_in_any_order():
    state = position(
        ["5H", "6H", "7H", "9S", "9D", "9C", "KD", "2S"],
        ["3C", "8D", "JS"],
        pile=["2H"],
        step="play",
    )

    first = review.judge_state(state, 7, 1, meld("9S", "9D", "9C"))

    assert first["kind"] == "best"
    assert first["text"][0]["id"] == review.MELD_SAME


def test_the_review_of_a_decision_is_the_same_on_a_deal_the_player_cannot_tell_apart():
    record = bot_record(engine, bots, 7, {1: "medium", 2: "strong"})
    every = states(engine, record)
    for i in review.decisions(record):
        seat, action = record.steps[i].seat, record.steps[i].action
        taken = review.taken_next(record, i)
        real = review.judge_state(every[i], i, seat, action, taken)
        for salt in range(2):
            twin = engine.redeal_hidden(every[i], seat, random.Random(salt))
            assert review.judge_state(twin, i, seat, action, taken) == real
