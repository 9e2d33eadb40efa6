"""tiles.review: each turn judged by the exact solver from the player's view."""

from __future__ import annotations

from gamekit.replay import bot_record, record_of
from tests.tiles.positions import opened_state, play
from tiles import bots, engine, review
from tiles.state import state_from_position


def test_a_turn_that_placed_fewer_tiles_than_the_solver_is_a_miss_with_the_better_table():
    state = opened_state(["K4", "K5", "B7", "O7", "R7", "B1"], [["K1", "K2", "K3"]])
    record = record_of(engine.to_json(state), [(1, play([["K1", "K2", "K3", "K4"]]))])
    [judged] = review.judge(record, review.decisions(record))
    assert judged["kind"] == "miss"
    assert judged["step"] == 0
    assert judged["seat"] == 1
    assert judged["text"][0]["n"] == 4  # K5 and three sevens more
    assert judged["text"][0]["params"] == {"count": 4, "placed": 5, "points": 30}
    assert sorted(map(sorted, judged["table"])) == [
        ["B7", "O7", "R7"],
        ["K1", "K2", "K3", "K4", "K5"],
    ]
    assert judged["placed"] == ["K4", "K5", "B7", "O7", "R7"]


def test_drawing_when_nothing_could_go_down_is_the_best_turn():
    state = state_from_position({1: ["K1", "B5"], 2: ["B13"]}, [], opened={1: True, 2: True})
    record = record_of(engine.to_json(state), [(1, {"type": "draw"})])
    [judged] = review.judge(record, [0])
    assert judged["kind"] == "best"
    assert "table" not in judged


def test_drawing_when_tiles_could_go_down_is_a_miss():
    state = opened_state(["K4", "B1"], [["K1", "K2", "K3"]])
    record = record_of(engine.to_json(state), [(1, {"type": "draw"})])
    [judged] = review.judge(record, [0])
    assert judged["kind"] == "miss"
    assert judged["text"][0]["n"] == 1


def test_a_whole_round_is_judged_turn_by_turn_the_same_in_chunks_and_summed_per_seat():
    record = bot_record(engine, bots, 5, {1: "medium", 2: "strong"})
    steps = review.decisions(record)
    assert steps == list(range(len(record.steps)))
    whole = review.judge(record, steps)
    assert review.judge(record, steps[:7]) + review.judge(record, steps[7:]) == whole
    assert [n["step"] for n in whole] == steps
    misses = sum(n["kind"] == "miss" and n["seat"] == 1 for n in whole)
    assert misses
    lines = {line["id"]: line["n"] for line in review.summary(whole)["1"]}
    assert lines[review.TURNS_MISSED[0]] == misses


def test_keeping_a_joker_that_would_have_put_more_tiles_down_is_the_strong_levels_way():
    state = opened_state(["J", "B7", "O7", "B1"], [["K1", "K2", "K3"]])
    record = record_of(engine.to_json(state), [(1, {"type": "draw"})])
    [judged] = review.judge(record, [0])
    assert judged["kind"] == "ok"
    assert judged["text"][0]["id"] == review.JOKER_KEPT[0]
    assert judged["text"][0]["n"] == 3
