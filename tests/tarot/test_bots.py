"""tarot.bots: legal cards at every level, only the view read, and who wins."""

from __future__ import annotations

import random

import pytest

from tarot import bots, engine
from tarot.engine import new_round, redeal_hidden
from tarot.scoring import summary
from tarot.turns import legal_cards
from tests.rooms.bot_games import play_out
from tests.tarot.positions import play, position


def play_round(seed: int, levels: dict[int, str], first: int = 1, check=None):
    """A whole bot-vs-bot round; every card must be legal. Returns the final state."""
    return play_out(engine, bots, new_round(seed, first), levels, seed, check)


@pytest.mark.parametrize("level", bots.LEVELS)
def test_every_level_plays_only_legal_cards_through_whole_rounds(level):
    for seed in range(2):
        other = "medium" if level != "medium" else "easy"
        final = play_round(seed, {1: level, 2: other}, first=1 + seed)
        assert summary(final)["over"]


def same_choice_whatever_is_hidden(state, seat, level, action):
    first = bots.choose(state, seat, level, random.Random(len(state.tricks)))
    for scramble in range(2):
        redealt = redeal_hidden(state, seat, random.Random(scramble))
        assert redealt != state
        assert bots.choose(redealt, seat, level, random.Random(len(state.tricks))) == first


@pytest.mark.parametrize("level", bots.LEVELS)
def test_a_bot_reads_only_its_view_scrambling_the_hidden_cards_changes_nothing(level):
    checked = []

    def check(state, seat, level_of_seat, action):
        # (up to trick 24: later, the hidden cards may be few enough to redeal alike)
        if level_of_seat == level and len(state.tricks) % 8 == 0 and len(state.tricks) <= 24:
            same_choice_whatever_is_hidden(state, seat, level, action)
            checked.append(seat)

    play_round(5, {1: level, 2: level}, check=check)
    assert len(checked) >= 5


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown level"):
        bots.choose(new_round(1, 1), 1, "grandmaster", random.Random(0))


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_the_excuse_is_not_kept_for_the_last_trick(level):
    state = position({1: ["EX", "H2"], 2: ["H5", "H9"]}, leader=1)

    assert bots.choose(state, 1, level, random.Random(0)) == {"type": "play", "card": "EX"}


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_the_petit_wins_a_trick_it_can_win_as_second_player(level):
    state = play(position({1: ["HK", "S1"], 2: ["T1", "T12", "C3"]}, leader=1), (1, "HK"))

    assert bots.choose(state, 2, level, random.Random(0))["card"] == "T1"


def test_strong_does_not_lead_the_petit_into_a_higher_trump():
    # Led first, the Petit falls to the 5; after the 21 has drawn the 5, it is safe.
    state = position({1: ["T1", "T21", "S1"], 2: ["T5", "S3", "S4"]}, leader=1)

    assert bots.choose(state, 1, "strong", random.Random(0))["card"] != "T1"
    assert "T1" in legal_cards(state, 1)


def mirror_share(strong: str, weak: str, pairs: int) -> float:
    """The stronger level's share of round wins over mirror pairs (draws half)."""
    share = 0.0
    for seed in range(pairs):
        for seat in (1, 2):
            final = play_round(1000 + seed, {seat: strong, 3 - seat: weak}, first=1 + seed % 2)
            winner = summary(final)["winner"]
            share += 0.5 if winner is None else float(winner == seat)
    return share / (2 * pairs)


def test_medium_beats_easy_and_strong_beats_easy_over_a_few_mirror_pairs():
    assert mirror_share("medium", "easy", 8) > 0.5
    assert mirror_share("strong", "easy", 3) > 0.5


def test_medium_leads_its_master_card_a_queen_once_the_king_is_gone():
    # The DQ is the highest diamond still out and the opponent holds diamonds.
    state = position(
        {1: ["DQ", "D2", "D4", "S5"], 2: ["D3", "DJ", "S6", "S7"]}, leader=1, won={1: ["DK"]}
    )

    assert bots.choose(state, 1, "medium", random.Random(0))["card"] == "DQ"


def test_medium_hunts_the_opponents_petit_with_its_biggest_trump_when_it_holds_more_trumps():
    state = position({1: ["T20", "T18", "T9", "S1"], 2: ["T1", "S2", "S3", "S4"]}, leader=1)

    assert bots.choose(state, 1, "medium", random.Random(0))["card"] == "T20"


def test_medium_leads_a_cheap_card_of_a_suit_the_opponent_trumped_to_draw_a_trump():
    # Seat 2 trumped a heart: it has no heart left, but trumps.
    state = position(
        {1: ["H4", "H2", "S1", "S3", "S5"], 2: ["T3", "T7", "S2", "SK", "C2"]}, leader=1
    )
    state = play(state, (1, "H4"), (2, "T3"), (2, "S2"), (1, "S3"))

    assert bots.choose(state, 1, "medium", random.Random(0))["card"] == "H2"


def test_easy_leads_its_lowest_card_and_takes_the_petit_for_just_a_small_trump():
    state = position({1: ["T1", "S2", "HK", "T15"], 2: ["S5", "T3", "H4", "C6"]}, leader=1)

    assert bots.choose(state, 1, "easy", random.Random(0))["card"] == "T1"


def test_easy_still_wins_a_trick_with_its_lowest_winning_card():
    state = play(position({1: ["H9", "S1"], 2: ["HJ", "HK", "T4"]}, leader=1), (1, "H9"))

    assert bots.choose(state, 2, "easy", random.Random(0))["card"] == "HJ"
