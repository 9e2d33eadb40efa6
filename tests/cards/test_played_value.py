"""The value fitted on real play (cards/played_value.py) and strong's rollouts cut short,
scored by it and deferring to the rules when they cannot tell (cards/rollout.py, issue 44,
sixth try)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cards import evaluation, played_value, rollout
from cards.discards import DISCARDERS, ranked_discards
from cards.judge import Seen
from tests.cards.test_search import positions


@pytest.fixture
def valued(monkeypatch):
    """The sixth try's rollouts on, with a few worlds cut at one turn (fast tests)."""
    monkeypatch.setattr(rollout, "WORLDS", 3)
    monkeypatch.setattr(rollout, "DEPTH", 1)
    monkeypatch.setattr(rollout, "VALUE", 1)
    monkeypatch.setattr(rollout, "CONTROL", 1.0)
    monkeypatch.setattr(rollout, "CONTROL_WORLDS", 2)


def choices() -> list[Seen]:
    return [seen for seed in (1, 2) for seen in positions(seed, 5)]


def test_the_weights_load_are_small_and_finite():
    assert played_value.WEIGHTS.stat().st_size < 1_000_000
    model = played_value.MODEL
    assert model is not None
    for array in model.arrays().values():
        assert np.all(np.isfinite(array))
    assert model.w1.shape[0] == played_value.FEATURES


def test_the_value_of_a_world_is_a_finite_outcome_for_either_seat():
    seen = choices()[0]
    opponent, stock = rollout.search.worlds(seen, random.Random(3), 1)[0]
    state = rollout.state_of(
        seen.view,
        rollout.fast.codes_of(opponent),
        [rollout.fast.CODE[i] for i in stock],
        seed=9,
    )
    for me in (1, 2):
        world = played_value.world_of(state, me)
        assert len(played_value.features(world, 0, 0)) == played_value.FEATURES
        assert -3 < played_value.evaluate(world, 0, 0) < 3


def test_the_search_defers_to_the_rules_first_unless_it_can_tell(monkeypatch):
    monkeypatch.setattr(rollout, "SPREAD", 2.0)
    noisy = {"a": [0.0, 0.0, 0.0, 0.0], "b": [1.0, -1.0, 1.0, -0.6]}
    clear = {"a": [0.0, 0.0, 0.0, 0.0], "b": [0.5, 0.4, 0.6, 0.5]}
    assert rollout.pick(["a", "b"], noisy, {}) == "a"
    assert rollout.pick(["a", "b"], clear, {}) == "b"
    monkeypatch.setattr(rollout, "SPREAD", 0.0)
    assert rollout.pick(["a", "b"], noisy, {}) == "b"


def test_the_control_variate_takes_out_what_the_position_already_tells(monkeypatch):
    monkeypatch.setattr(rollout, "SPREAD", 2.0)
    monkeypatch.setattr(rollout, "CONTROL", 1.0)
    # the outcomes differ as the values right after the discard do, plus a clear edge
    outcomes = {"a": [0.0, 0.0, 0.0, 0.0], "b": [1.5, -0.5, 1.6, -0.4]}
    # the values of the played worlds first, then of worlds only valued
    controls = {"a": [0.0] * 16, "b": [1.0, -1.0, 1.0, -1.0] + [0.0] * 12}
    assert rollout.pick(["a", "b"], outcomes, {}) == "a"
    assert rollout.pick(["a", "b"], outcomes, controls) == "b"


def test_the_valued_rollouts_discard_one_of_the_rules_best_cards(valued):
    for seen in choices()[:4]:
        card = DISCARDERS["strong"](seen, random.Random(7))
        assert card in ranked_discards(seen, random.Random(7))[: rollout.CANDIDATES]
        assert not rollout._busy


def test_a_zeroed_value_changes_a_decision_of_the_valued_rollouts(valued, monkeypatch):
    trained = played_value.MODEL
    assert trained is not None
    zeroed = evaluation.Model(
        {**trained.arrays(), "w2": np.zeros_like(trained.w2), "b2": np.zeros_like(trained.b2)}
    )

    def discard(seen: Seen, model: evaluation.Model) -> str:
        monkeypatch.setattr(played_value, "MODEL", model)
        return DISCARDERS["strong"](seen, random.Random(7))

    # the first view where they part is enough
    assert any(discard(seen, trained) != discard(seen, zeroed) for seen in choices())


def test_the_valued_rollouts_take_all_their_randomness_from_the_rng_given(valued):
    for seen in choices()[:4]:
        first = DISCARDERS["strong"](seen, random.Random(11))
        random.seed(12345)  # the module's generator must not matter
        assert DISCARDERS["strong"](seen, random.Random(11)) == first
