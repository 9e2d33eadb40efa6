"""tarot.review: each card played judged by the strong level from the player's view."""

from __future__ import annotations

import random

import pytest
from django.utils import translation
from django.utils.translation import gettext

from gamekit.advice import rng_for
from gamekit.replay import bot_record, states
from tarot import bots, engine, review
from tarot.cards import EXCUSE
from tarot.templatetags.tarot_board import card_name


def test_a_card_worse_than_the_strong_ones_is_a_miss_with_what_it_cost():
    record = bot_record(engine, bots, 5, {1: "easy", 2: "strong"})
    notes = review.judge(record, review.decisions(record))
    misses = [n for n in notes if n["kind"] == "miss" and n["seat"] == 1]
    assert misses
    for judged in misses:
        assert judged["card"] != record.steps[judged["step"]].action["card"]
        assert judged["points"] >= review.MISS_POINTS or judged["swing"] >= review.MISS_SWING
        assert judged["text"][0]["params"]["card"] == judged["card"]
    lines = {line["id"]: line["n"] for line in review.summary(notes)["1"]}
    assert lines[review.MISSES[0]] == len(misses)


def test_every_miss_names_a_point_or_more_or_else_only_the_chance_it_cost():
    record = bot_record(engine, bots, 5, {1: "easy", 2: "strong"})
    for judged in review.judge(record, review.decisions(record)):
        if judged["kind"] != "miss":
            continue
        first = judged["text"][0]
        assert -100 <= judged["swing"] <= 100  # points of percentage of a chance
        if judged["points"] >= 1:
            assert first["id"] == review.MORE[0]
            assert first["n"] == judged["points"]
        else:  # never "about 0 more points"
            assert first["id"] == review.OTHER
            assert judged["text"][1]["id"] == review.CHANCES


def test_the_strong_levels_own_card_is_judged_the_best():
    record = bot_record(engine, bots, 6, {1: "medium", 2: "strong"})
    every = states(engine, record)
    for i in review.decisions(record)[:12]:
        seat = record.steps[i].seat
        card = bots.choose(every[i], seat, "strong", rng_for(engine.view(every[i], seat)))["card"]
        assert review.judge_state(every[i], i, seat, card)["kind"] == "best"


def test_the_review_of_a_card_is_the_same_on_a_deal_the_player_cannot_tell_apart():
    record = bot_record(engine, bots, 7, {1: "medium", 2: "strong"})
    every = states(engine, record)
    # Up to trick 24: later, the hidden cards may be few enough to redeal alike.
    for i in review.decisions(record)[:48:3]:
        seat, card = record.steps[i].seat, record.steps[i].action["card"]
        real = review.judge_state(every[i], i, seat, card)
        twin = engine.redeal_hidden(every[i], seat, random.Random(i))
        assert twin != every[i]
        assert review.judge_state(twin, i, seat, card) == real


@pytest.mark.parametrize(("language", "doubled"), [("en", "the the "), ("pt", " o a ")])
def test_a_review_naming_the_excuse_says_its_article_once(language, doubled):
    # The Excuse's name carries its article ("the Excuse", "a Desculpa").
    with translation.override(language):
        for template in (review.CLOSE, review.OTHER):
            said = gettext(template) % {"card": card_name(EXCUSE)}
            assert "Excuse" in said or "Desculpa" in said
            assert doubled not in said
