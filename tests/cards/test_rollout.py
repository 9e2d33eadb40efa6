"""strong's discard by rollouts of the bots' own rules (cards/rollout.py), and the fast
count of a hand's plan that the rollouts' players use (cards/fast.py, judge.FAST)."""

from __future__ import annotations

import random

import pytest

from cards import engine, fast, judge, rollout
from cards.discards import DISCARDERS, ranked_discards
from cards.judge import Judge, Seen
from cards.melds import DECK
from tests.cards.test_search import positions


@pytest.fixture
def rolling(monkeypatch):
    """The rollouts on, with a few worlds cut short (fast tests)."""
    monkeypatch.setattr(rollout, "WORLDS", 2)
    monkeypatch.setattr(rollout, "DEPTH", 4)


def choices() -> list[Seen]:
    return [seen for seed in (1, 2) for seen in positions(seed, 5)]


def test_the_fast_count_of_a_hand_and_its_chances_agree_with_the_judge(monkeypatch):
    rng = random.Random(5)
    tables = [
        [],
        [["7S", "8S", "9S"], ["KH", "KD", "KC"]],
        [["7C", "7D", "7H"], ["2D", "3D", "4D"]],
    ]
    for trial in range(300):
        table = tables[trial % 3]
        rest = [c for c in DECK if c not in {c for meld in table for c in meld}]
        hand = rng.sample(rest, rng.choice([4, 8, 11]))
        live = [c for c in rest if c not in hand]
        seen = Seen.__new__(Seen)
        seen.table = table
        slow = Judge(seen)
        monkeypatch.setattr(judge, "FAST", 1)
        quick = Judge(seen)
        monkeypatch.setattr(judge, "FAST", 0)
        assert quick.leaving(hand) == slow.leaving(hand)
        assert quick.gain(hand, live) == pytest.approx(slow.gain(hand, live))


def test_a_world_built_from_a_view_shows_the_seat_the_same_view():
    for seen in choices()[:4]:
        view = seen.view
        opponent, stock = rollout.search.worlds(seen, random.Random(3), 1)[0]
        state = rollout.state_of(
            view, fast.codes_of(opponent), [fast.CODE[i] for i in stock], seed=9
        )
        again = engine.view(state, view["seat"])
        for key in ("hand", "pile", "melds", "known", "history", "turns", "step", "taken"):
            assert again[key] == view[key]
        assert again["hand_counts"] == view["hand_counts"]
        assert again["stock_count"] == view["stock_count"]


def test_the_rollouts_discard_one_of_the_rules_best_cards(rolling):
    for seen in choices():
        card = DISCARDERS["strong"](seen, random.Random(7))
        assert card in ranked_discards(seen, random.Random(7))[: rollout.CANDIDATES]
        assert not rollout._busy
        assert judge.FAST == 0


def test_the_rollouts_change_some_discards_of_the_rules(rolling, monkeypatch):
    def searched(seen: Seen) -> str:
        monkeypatch.setattr(rollout, "WORLDS", 4)
        return DISCARDERS["strong"](seen, random.Random(7))

    def ruled(seen: Seen) -> str:
        monkeypatch.setattr(rollout, "WORLDS", 0)
        return DISCARDERS["strong"](seen, random.Random(7))

    monkeypatch.setattr(rollout, "DEPTH", 200)
    # the first view where they part is enough (the rollouts are slow)
    assert any(searched(seen) != ruled(seen) for seen in choices())


def test_the_rollouts_take_all_their_randomness_from_the_rng_given(rolling):
    for seen in choices()[:4]:
        first = DISCARDERS["strong"](seen, random.Random(11))
        random.seed(12345)  # the module's generator must not matter
        assert DISCARDERS["strong"](seen, random.Random(11)) == first
