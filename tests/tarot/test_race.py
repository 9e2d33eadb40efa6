"""tarot.bots' race: more worlds for the cards still close to the best, none for the rest."""

from __future__ import annotations

import random

import pytest

from tarot import bots, engine
from tarot.engine import new_round


def worlds(*rows: tuple[int, int]) -> list[tuple[float, dict[int, int]]]:
    """Worlds of weight 1 with the values of cards 1 and 2 in each."""
    return [(1.0, {1: a, 2: b}) for a, b in rows]


def test_a_card_clearly_behind_in_every_world_leaves_the_race():
    assert bots.still_in_the_race(worlds(*[(500, 100)] * 6, (400, 300)), [1, 2]) == [1]


def test_a_card_ahead_in_some_worlds_and_behind_in_others_stays_in_the_race():
    rows = [(10_000, 0), (0, 10_000), (10_000, 0), (0, 9_000), (500, 400)]
    assert bots.still_in_the_race(worlds(*rows), [1, 2]) == [1, 2]


def test_a_card_worth_the_same_in_every_world_leaves_the_race_the_lower_card_stays():
    assert bots.still_in_the_race(worlds((300, 300), (-50, -50)), [1, 2]) == [1]


def test_a_card_that_can_be_worth_only_a_little_more_than_the_best_leaves_the_race(monkeypatch):
    rows = [(1000, 990), (1010, 1000), (995, 1000), (1000, 1000)]
    monkeypatch.setattr(bots, "RACE_EQUAL", 0)
    assert bots.still_in_the_race(worlds(*rows), [1, 2]) == [1, 2]
    monkeypatch.setattr(bots, "RACE_EQUAL", 300)
    assert bots.still_in_the_race(worlds(*rows), [1, 2]) == [1]


def test_weights_count_a_world_that_fits_the_opponents_plays_more():
    # Card 2 wins only in the unlikely world.
    rows = [(0.05, {1: 0, 2: 10_000})] + [(1.0, {1: 1000, 2: 0})] * 5
    assert bots.still_in_the_race(rows, [1, 2]) == [1]


@pytest.fixture
def racing(monkeypatch):
    monkeypatch.setattr(bots, "SAMPLES", 4)
    monkeypatch.setattr(bots, "MAX_SAMPLES", 16)
    monkeypatch.setattr(bots, "RACE_EQUAL", 300)


def test_racing_strong_plays_legal_cards_and_the_same_card_from_the_same_rng(racing):
    state = new_round(11, 2)
    rng = random.Random(3)
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        card = bots.choose(state, seat, "strong", random.Random(len(state.tricks)))
        assert card["card"] in engine.view(state, seat)["legal"]
        assert bots.choose(state, seat, "strong", random.Random(len(state.tricks))) == card
        state = engine.apply(state, seat, card if seat == 1 else bots.choose(
            state, seat, "medium", rng))  # fmt: skip
