"""cards.discard_model: strong's learned value of a discard, distilled from the
clairvoyant search (training/rummy_discards.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cards import discard_model, discards
from cards.discards import DISCARDERS, costed_discards
from cards.judge import Seen
from tests.cards.test_search import positions


@pytest.fixture
def learned(monkeypatch):
    """strong discards by the learned value, whatever the shipped setting."""
    monkeypatch.setattr(discards, "LEARNED", 1)


def test_the_shipped_discard_weights_load_are_small_and_finite():
    assert discard_model.WEIGHTS.stat().st_size < 1_000_000
    w = discard_model.weights()
    assert w.shape == (discard_model.FEATURES,)
    assert np.all(np.isfinite(w))


def test_every_candidate_gets_one_row_of_finite_inputs():
    for seen in positions(3, 6)[2:]:
        costed = costed_discards(seen, random.Random(1))[:4]
        rows = discard_model.features(seen, costed)
        assert rows.shape == (len(costed), discard_model.FEATURES)
        assert np.all(np.isfinite(rows))


def test_a_zeroed_discard_model_makes_the_strong_level_discard_differently(learned, monkeypatch):
    views = [seen for seed in (1, 2) for seen in positions(seed, 8)]
    shipped = [DISCARDERS["strong"](seen, random.Random(7)) for seen in views]
    zeroed = np.zeros(discard_model.FEATURES)
    monkeypatch.setattr(discard_model, "weights", lambda: zeroed)
    blind = [DISCARDERS["strong"](seen, random.Random(7)) for seen in views]
    assert shipped != blind


def test_a_zeroed_discard_model_keeps_the_rule_measure_s_first_choice(learned, monkeypatch):
    monkeypatch.setattr(discard_model, "weights", lambda: np.zeros(discard_model.FEATURES))
    for seen in positions(2, 6):
        first = costed_discards(seen, random.Random(7))[0][1]
        assert DISCARDERS["strong"](seen, random.Random(7)) == first


def test_a_card_the_opponent_took_counts_for_the_discards_of_its_rank():
    seen = positions(4, 5)[-1]
    costed = costed_discards(seen, random.Random(2))[:4]
    code = costed[0][1]
    mate = next(c for c in seen.unseen if c[:-1] == code[:-1])
    view = {**seen.view, "history": {"1": [], "2": [["took", mate]]}}
    rows = discard_model.features(Seen(view), costed)
    took_same_rank = discard_model.NAMES.index("took, same rank")
    assert rows[0, took_same_rank] == 1
