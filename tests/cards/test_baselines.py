"""bench/baselines/cards.py: the outside rummy players play legal actions over whole deals,
read only their view, and play as their published sources say."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bench.baselines import cards as baselines
from cards import bots, engine
from cards.seen import summary
from gamekit.engine import IllegalAction
from tests.cards.positions import owned, position

NAMES = sorted(baselines.PLAYERS)


def player(name: str):
    if name in baselines.PLAYERS:
        return baselines.PLAYERS[name]
    return lambda state, seat, rng: bots.choose(state, seat, name, rng)


def play_deal(seed: int, names: dict[int, str], check: Any = None) -> Any:
    """A whole deal between two players; every action must be one the engine accepts."""
    state = engine.new_round(seed, 1 + seed % 2)
    rngs = {seat: random.Random(f"{seed}:{seat}") for seat in (1, 2)}
    for _ in range(3000):
        status = engine.status(state)
        if status["over"]:
            return state
        seat = status["turn"]
        action = player(names[seat])(state, seat, rngs[seat])
        if check is not None:
            check(state, seat, action)
        try:
            state = engine.apply(state, seat, action)
        except IllegalAction as refused:  # pragma: no cover - the failure we look for
            pytest.fail(f"{names[seat]} played an illegal {action}: {refused}")
    pytest.fail("the deal did not end in 3000 actions")  # pragma: no cover


@pytest.mark.parametrize("name", NAMES)
def test_every_baseline_finishes_deals_with_legal_actions_against_every_player(name):
    for seed, opponent in enumerate([*NAMES, *bots.LEVELS]):
        state = play_deal(seed, {1: name, 2: opponent})
        assert summary(state)["over"]


@pytest.mark.parametrize("name", NAMES)
def test_a_baseline_reads_only_its_view_scrambling_the_hidden_cards_changes_nothing(name):
    def same(state: Any, seat: int, action: Any) -> None:
        if seat != 1:
            return
        twin = engine.redeal_hidden(state, seat, random.Random(7))
        assert engine.view(twin, seat) == engine.view(state, seat)
        mine = baselines.PLAYERS[name](state, seat, random.Random(3))
        assert baselines.PLAYERS[name](twin, seat, random.Random(3)) == mine

    play_deal(21, {1: name, 2: "easy"}, check=same)


def test_deadwood_is_the_points_left_after_the_best_melds_and_lay_offs():
    table = (("2D", "3D", "4D"),)
    # 7-7-7 and 5D on the table's run leave the king and the ace: 11 points.
    assert baselines.deadwood(["7H", "7S", "7C", "5D", "KS", "AC"], table) == 11
    # A run 4-5-6 of spades beats the set of fours (it leaves 4H 4C, not 5S 6S).
    assert baselines.deadwood(["4S", "5S", "6S", "4H", "4C"], ()) == 8


def draw_choice(name: str, hand: list[str], top: str, melds: list | None = None) -> str:
    state = position(hand, ["AH", "KH", "QH", "JH", "TH"], pile=["9C", top], melds=melds or [])
    return baselines.PLAYERS[name](state, 1, random.Random(1))["source"]


def test_the_rule_player_takes_the_pile_card_when_it_makes_a_meld_and_lowers_its_deadwood():
    assert draw_choice("rule", ["7H", "7S", "2C", "9D", "KS"], "7D") == "discard"


def test_the_rule_player_leaves_a_pile_card_that_would_stay_deadwood_even_if_it_is_low():
    # Taking the ace and letting the king go would lower the points, but the ace melds
    # with nothing: the simple bots of the literature take only a card they meld.
    assert draw_choice("rule", ["7H", "7S", "2C", "9D", "KS"], "AD") == "stock"


def test_the_rule_player_takes_a_pile_card_it_can_lay_off_on_the_table():
    melds = [owned(2, "2D", "3D", "4D")]
    assert draw_choice("rule", ["7H", "7S", "2C", "9D", "KS"], "5D", melds) == "discard"


def test_the_rule_player_keeps_its_melds_in_hand_until_it_can_go_out():
    hand = ["5H", "6H", "7H", "JC", "JD", "JS", "2S", "9D", "KC"]
    state = position(hand, ["AC", "AH", "9C", "4C"], pile=["KD"], step="play")
    action = baselines.rule(state, 1, random.Random(1))
    assert action == {"type": "discard", "card": "KC"}  # the highest deadwood card


def test_the_rule_player_goes_out_when_every_card_can_leave():
    hand = ["5H", "6H", "7H", "JC", "JD", "JS", "KC"]
    state = position(hand, ["AC", "AH", "9C", "4C"], pile=["KD"], step="play")
    while not summary(state)["over"]:
        state = engine.apply(state, 1, baselines.rule(state, 1, random.Random(1)))
    assert state.result["winner"] == 1


def test_the_rule_player_discards_the_safe_one_of_two_equal_cards():
    # Either king leaves 2 + 9 + 10 points of deadwood; the opponent was seen taking the
    # Q♥, so the K♥ may be what it waits for: the K♠ goes.
    hand = ["5H", "6H", "7H", "2C", "9S", "KS", "KH"]
    state = position(hand, ["QH", "JH", "AH", "9C", "4C"], pile=["3D"], step="play")
    state = replace(state, known={1: (), 2: ("QH",)})
    assert baselines.rule(state, 1, random.Random(1)) == {"type": "discard", "card": "KS"}


def test_the_eaai_player_lays_down_its_melds_at_once():
    hand = ["5H", "6H", "7H", "2S", "9D", "KC", "QC"]
    state = position(hand, ["AC", "AH", "9C", "4C"], pile=["KD"], step="play")
    assert baselines.eaai(state, 1, random.Random(1)) == {
        "type": "meld",
        "cards": ["5H", "6H", "7H"],
    }


def test_the_montecarlo_player_does_not_take_a_pile_card_that_stays_deadwood():
    assert draw_choice("montecarlo", ["7H", "7S", "2C", "9D", "5S"], "KD") == "stock"
    assert draw_choice("montecarlo", ["7H", "7S", "2C", "9D", "KS"], "7D") == "discard"
