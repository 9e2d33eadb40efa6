"""bench/tarot_ceiling.py: the clairvoyant player, a ceiling for the fair ones, plays
legal cards and does read the hidden cards (it is never offered as a player)."""

from __future__ import annotations

import random

from bench import tarot_ceiling
from bench.baselines import tarot as baselines
from tarot import engine
from tarot.engine import new_round, redeal_hidden
from tarot.scoring import summary


def test_the_clairvoyant_plays_only_legal_cards_through_a_whole_round():
    state = new_round(5, 1)
    rng = random.Random(0)
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        player = tarot_ceiling.clairvoyant if seat == 1 else baselines.PLAYERS["thumb"]
        state = engine.apply(state, seat, player(state, seat, rng))
    assert summary(state)["over"]


def test_the_clairvoyant_reads_the_hidden_cards_a_redeal_changes_some_of_its_cards():
    state = new_round(11, 1)
    rng = random.Random(0)
    changed = 0
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        card = tarot_ceiling.clairvoyant(state, seat, rng)
        redealt = redeal_hidden(state, seat, random.Random(len(state.tricks)))
        changed += tarot_ceiling.clairvoyant(redealt, seat, rng) != card
        state = engine.apply(state, seat, baselines.PLAYERS["thumb"](state, seat, rng))
    assert changed >= 3


def test_the_clairvoyant_is_not_one_of_the_fair_baselines():
    assert "clairvoyant" not in baselines.PLAYERS
