"""cards.search, cards.fast and cards.evaluation: the strong level's search over sampled
worlds, its fast deal and its learned evaluation."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cards import bots, engine, evaluation, fast, hand_model, search
from cards.discards import DISCARDERS
from cards.judge import Judge, Seen
from cards.melds import DECK


def positions(seed: int, count: int) -> list[Seen]:
    """Seat 1's views before its discards in a deal of two medium players."""
    state = engine.new_round(seed, 1)
    rng = random.Random(seed)
    found = []
    while not engine.status(state)["over"] and len(found) < count:
        seat = engine.status(state)["turn"]
        action = bots.choose(state, seat, "medium", rng)
        if seat == 1 and action["type"] == "discard":
            found.append(Seen(engine.view(state, 1)))
        state = engine.apply(state, seat, action)
    return found


@pytest.fixture
def searching(monkeypatch):
    """The search on, whatever the shipped settings, with a few worlds (fast tests)."""
    monkeypatch.setattr(search, "WORLDS", 6)
    monkeypatch.setattr(search, "USE_MODEL", 1)


def test_the_fast_plan_counts_the_cards_leaving_a_hand_as_the_judge_does():
    rng = random.Random(3)
    table = [["7S", "8S", "9S"], ["KH", "KD", "KC"]]
    rest = [c for c in DECK if c not in {c for meld in table for c in meld}]
    for trial in range(300):
        hand = rng.sample(rest, 11)
        melds = table if trial % 2 else []
        seen = Seen.__new__(Seen)
        seen.table = melds
        assert fast.plan(fast.mask_of(hand), fast.table_of(melds))[0] == Judge(seen).leaving(hand)


def test_the_shipped_weights_load_are_small_and_score_a_position():
    assert evaluation.WEIGHTS.stat().st_size < 1_000_000
    model = evaluation.Model.load()
    seen = positions(5, 1)[0]
    world = search.start(seen, *search.worlds(seen, random.Random(1), 1)[0])
    score = model.score(evaluation.features(world, 0, 1))
    assert np.isfinite(score)
    assert -3 < score < 3


def test_a_zeroed_model_makes_the_strong_level_discard_differently(searching, monkeypatch):
    views = [seen for seed in (1, 2, 3) for seen in positions(seed, 8)]
    shipped = [DISCARDERS["strong"](seen, random.Random(7)) for seen in views]
    model = evaluation.Model.load()
    zeroed = evaluation.Model({key: np.zeros_like(value) for key, value in model.arrays().items()})
    zeroed.scale = np.ones_like(model.scale)
    monkeypatch.setattr(evaluation, "MODEL", zeroed)
    blind = [DISCARDERS["strong"](seen, random.Random(7)) for seen in views]
    assert shipped != blind


def test_the_search_takes_all_its_randomness_from_the_rng_it_is_given(searching):
    for seen in positions(4, 4):
        first = DISCARDERS["strong"](seen, random.Random(11))
        random.seed(12345)  # the module's generator must not matter
        assert DISCARDERS["strong"](seen, random.Random(11)) == first


def test_the_fast_policy_plays_a_sampled_world_to_its_end():
    seen = positions(6, 1)[0]
    opponent, stock = search.worlds(seen, random.Random(2), 1)[0]
    world = search.start(seen, opponent, stock)
    world.discard(0, fast.INDEX[sorted(seen.hand)[0]])
    fast.play_out(world, random.Random(3), search.FULL_DEPTH)
    assert world.over()
    assert sum(h.bit_count() for h in world.hands) + len(world.stock) + len(world.pile) <= 52


def test_the_shipped_hand_guess_loads_is_small_and_gives_chances():
    assert hand_model.WEIGHTS.stat().st_size < 1_000_000
    seen = positions(5, 3)[-1]
    unseen, chance = hand_model.chances(seen)
    assert sorted(unseen) == sorted(fast.INDEX[c] for c in seen.unseen)
    assert np.all((chance > 0) & (chance < 1))
    hidden = seen.opponent_size - len(seen.opponent_known)
    assert abs(chance.sum() - hidden) < 0.35 * hidden  # about as many as it hides


def guess_for(history: list[list[str]]) -> dict[str, float]:
    """The guess for seat 1 when the opponent's public history is `history`."""
    seen = positions(5, 1)[0]
    view = {**seen.view, "history": {"1": [], "2": history}}
    unseen, chance = hand_model.chances(Seen(view))
    return {fast.CODE[c]: float(p) for c, p in zip(unseen, chance, strict=True)}


def test_the_guess_holds_partners_of_a_card_taken_and_lets_neighbours_of_a_discard_go():
    seen = positions(5, 1)[0]
    x, y = next((x, y) for x in seen.unseen for y in seen.unseen if x != y and x[:-1] == y[:-1])
    before = guess_for([])[y]
    assert guess_for([["discarded", x]])[y] < before
    assert guess_for([["took", x]])[y] > before
    assert guess_for([["passed", x]])[y] < before


def test_a_zeroed_hand_guess_makes_the_strong_level_discard_differently(searching, monkeypatch):
    views = [seen for seed in (1, 2, 3) for seen in positions(seed, 8)]
    shipped = [DISCARDERS["strong"](seen, random.Random(7)) for seen in views]
    zeroed = np.zeros_like(hand_model.weights())
    monkeypatch.setattr(hand_model, "weights", lambda: zeroed)
    blind = [DISCARDERS["strong"](seen, random.Random(7)) for seen in views]
    assert shipped != blind


def test_a_live_card_the_opponent_surely_holds_adds_nothing_to_the_chances():
    seen = Seen.__new__(Seen)
    seen.table = []
    judge = Judge(seen)
    hand, live = ["7S", "7D", "KC"], ["7H", "2C", "9D"]
    assert judge.gain(hand, live) > 0
    assert judge.gain(hand, live, {"7H": 0.0, "2C": 1.0, "9D": 1.0}) == 0
    assert judge.gain(hand, live, {"7H": 1.0, "2C": 0.0, "9D": 0.0}) == 3  # the set of 7s


def test_hands_drawn_by_the_guess_hold_the_known_cards_and_the_right_number():
    for seen in positions(8, 10)[5:]:
        for hand in hand_model.sample_hands(seen, random.Random(4), 5):
            assert len(hand) == seen.opponent_size
            assert set(seen.opponent_known) <= set(hand)
            assert set(hand) - set(seen.opponent_known) <= set(seen.unseen)
