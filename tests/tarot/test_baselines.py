"""bench/baselines/tarot.py (with tarot_rules_of_thumb.py and tarot_pimc.py): the outside
players play legal cards, read only their view, sample worlds that respect the voids
shown, and play their sources' rules of thumb."""

from __future__ import annotations

import random

import pytest

from bench.baselines import tarot as baselines
from bench.baselines import tarot_pimc, tarot_rules_of_thumb
from gamekit.engine import IllegalAction
from tarot import bots, engine
from tarot.engine import new_round, redeal_hidden, view
from tarot.scoring import summary
from tests.tarot.positions import play, position


def play_out(state, players, rng_seed=0):
    rngs = {seat: random.Random(f"{rng_seed}:{seat}") for seat in (1, 2)}
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        action = players[seat](state, seat, rngs[seat])
        try:
            state = engine.apply(state, seat, action)
        except IllegalAction as refused:  # pragma: no cover - the failure we look for
            pytest.fail(f"seat {seat} played an illegal {action}: {refused}")
    return state


def level(name):
    from tarot import bots

    return lambda state, seat, rng: bots.choose(state, seat, name, rng)


@pytest.mark.parametrize("name", sorted(baselines.PLAYERS))
def test_every_baseline_plays_only_legal_cards_through_whole_rounds(name, monkeypatch):
    monkeypatch.setattr(tarot_pimc, "WORLDS", 2)
    for seed in range(2):
        players = {1 + seed: baselines.PLAYERS[name], 2 - seed: level("medium")}
        assert summary(play_out(new_round(seed, 1 + seed), players, seed))["over"]


@pytest.mark.parametrize("name", sorted(baselines.PLAYERS))
def test_a_baseline_reads_only_its_view_scrambling_the_hidden_cards_changes_nothing(
    name, monkeypatch
):
    monkeypatch.setattr(tarot_pimc, "WORLDS", 3)
    choose = baselines.PLAYERS[name]
    state = new_round(11, 1)
    rng = random.Random(0)
    checked = 0
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        if len(state.tricks) % 9 == 4:
            first = choose(state, seat, random.Random(len(state.tricks)))
            for scramble in range(2):
                redealt = redeal_hidden(state, seat, random.Random(scramble))
                assert choose(redealt, seat, random.Random(len(state.tricks))) == first
            checked += 1
        state = engine.apply(state, seat, baselines.PLAYERS["thumb"](state, seat, rng))
    assert checked >= 4


def voids_shown():
    """Seat 2 could not overtrump the 15 (it holds no trump above it) and then trumped
    a heart (it holds no heart): hearts and big trumps lie face down in the stacks."""
    state = position(
        {1: ["T15", "H5", "S1", "S3"], 2: ["T3", "T4", "T7", "C2", "C3", "D5"]},
        {1: [("HK", "T18", "D9"), ("H8", "T19", "DK")], 2: [("H2", "C9", "SQ")]},
        leader=1,
    )
    return play(state, (1, "T15"), (2, "T4"), (1, "H5"), (2, "T3"))


def test_pimc_worlds_respect_the_voids_the_opponent_showed():
    shown = view(voids_shown(), 1)
    assert bots.voids(shown) == ({"H"}, 15)
    unseen = bots.unseen(shown)
    hands = set()
    for seed in range(40):
        hand, stacks = tarot_pimc.sample_world(shown, random.Random(seed))
        assert len(hand) == 4
        assert not any(c.startswith("H") or c in ("T18", "T19") for c in hand)
        down = [c for s in (1, 2) for pile in stacks[s] for c in pile[:-1]]
        assert sorted(hand + down) == sorted(unseen)
        assert [pile[-1] for pile in stacks[1] if pile] == ["D9", "DK"]
        hands.add(tuple(sorted(hand)))
    assert len(hands) > 1  # the C9 face down could be in the hand too


def test_thumb_wins_a_trick_with_its_most_valuable_winning_card():
    state = play(position({1: ["H5", "S1"], 2: ["HK", "HQ", "H7", "S2"]}, leader=1), (1, "H5"))

    assert tarot_rules_of_thumb.thumb_card(view(state, 2)) == "HK"


def test_thumb_trumps_with_its_lowest_trump_and_saves_the_petit_when_it_cannot_win():
    trumping = play(position({1: ["HQ", "S1"], 2: ["T9", "T4", "S2"]}, leader=1), (1, "HQ"))
    assert tarot_rules_of_thumb.thumb_card(view(trumping, 2)) == "T4"

    overtrumped = play(position({1: ["T10", "S1"], 2: ["T1", "T3", "S2"]}, leader=1), (1, "T10"))
    assert tarot_rules_of_thumb.thumb_card(view(overtrumped, 2)) == "T3"


def test_thumb_plays_the_petit_when_it_wins_the_trick():
    state = play(position({1: ["HQ", "S1"], 2: ["T1", "T12", "S2"]}, leader=1), (1, "HQ"))

    assert tarot_rules_of_thumb.thumb_card(view(state, 2)) == "T1"


def test_thumb_sheds_its_cheapest_card_and_the_excuse_rather_than_a_king():
    cheap = play(position({1: ["HK", "S1"], 2: ["H2", "H9", "SQ"]}, leader=1), (1, "HK"))
    assert tarot_rules_of_thumb.thumb_card(view(cheap, 2)) == "H2"

    dear = play(position({1: ["CK", "S1"], 2: ["SK", "EX", "SQ"]}, leader=1), (1, "CK"))
    assert tarot_rules_of_thumb.thumb_card(view(dear, 2)) == "EX"


def test_thumb_leads_its_master_card_of_a_suit_the_opponent_still_follows():
    # Seat 1 holds the highest diamond still out; the HK would meet no heart.
    state = position(
        {1: ["DQ", "D2", "HK", "S5"], 2: ["D3", "DJ", "S6", "S7"]},
        leader=1,
        won={1: ["DK"]},
    )

    assert tarot_rules_of_thumb.thumb_card(view(state, 1)) == "DQ"


def test_thumb_hunts_the_petit_with_its_biggest_trump_when_it_holds_more_trumps():
    state = position(
        {1: ["T20", "T18", "T9", "S1"], 2: ["T1", "S2", "S3", "S4"]},
        leader=1,
    )

    assert tarot_rules_of_thumb.thumb_card(view(state, 1)) == "T20"


def test_beginner_wins_with_its_lowest_winning_card_and_leads_a_king():
    following = play(position({1: ["H5", "S1"], 2: ["HK", "H7", "S2"]}, leader=1), (1, "H5"))
    assert baselines.beginner_card(view(following, 2)) == "H7"

    leading = position({1: ["S3", "S4", "CK"], 2: ["S2", "H7", "C2"]}, leader=1)
    assert baselines.beginner_card(view(leading, 1)) == "CK"
