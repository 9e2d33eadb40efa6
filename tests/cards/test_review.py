"""cards.review: each draw and discard judged by the strong level from the player's view."""

from __future__ import annotations

import random

from cards import bots, engine, review
from gamekit.advice import rng_for
from gamekit.replay import bot_record, states


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
    summary = review.summary(notes)
    assert sum(summary[s][0]["n"] for s in ("1", "2")) == len(taken)


def test_only_draws_and_discards_are_judged_and_the_strong_choice_is_the_bots():
    record = bot_record(engine, bots, 6, {1: "easy", 2: "strong"})
    steps = review.decisions(record)
    kinds = {record.steps[i].action["type"] for i in steps}
    assert kinds == {"draw", "discard"}
    every = states(engine, record)
    for judged in review.judge(record, steps):
        i = judged["step"]
        if record.steps[i].action["type"] != "discard":
            continue
        view = engine.view(every[i], judged["seat"])
        strong = bots.choose(every[i], judged["seat"], "strong", rng_for(view))
        if strong["type"] == "discard":
            assert judged["card"] == strong["card"]


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
