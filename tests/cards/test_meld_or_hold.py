"""strong's meld/hold choice by the search over sampled worlds (cards/search.py, HOLD)."""

from __future__ import annotations

import random

import pytest

from cards import search
from cards.bots import choose_from_view
from cards.laying_down import PLAYS, held_melds
from tests.cards.test_search import positions


@pytest.fixture
def holding(monkeypatch):
    """The meld/hold search on, with a few worlds (fast tests)."""
    monkeypatch.setattr(search, "HOLD", 1)
    monkeypatch.setattr(search, "HOLD_WORLDS", 6)


def open_choices() -> list:
    """Views where strong's rules hold a meld that could go down now."""
    views = [seen for seed in (1, 2, 3, 4) for seen in positions(seed, 12)]
    return [seen for seen in views if PLAYS["strong"](seen) is None and held_melds(seen)]


def test_the_search_lays_down_a_meld_that_the_rules_of_strong_hold(holding, monkeypatch):
    laid = [
        seen
        for seen in open_choices()
        if choose_from_view(seen.view, "strong", random.Random(5))["type"] == "meld"
    ]
    assert laid
    monkeypatch.setattr(search, "HOLD", 0)
    assert all(
        choose_from_view(seen.view, "strong", random.Random(5))["type"] != "meld" for seen in laid
    )


def test_the_meld_or_hold_search_takes_all_its_randomness_from_the_rng_given(holding):
    for seen in open_choices()[:4]:
        first = choose_from_view(seen.view, "strong", random.Random(11))
        random.seed(12345)  # the module's generator must not matter
        assert choose_from_view(seen.view, "strong", random.Random(11)) == first
