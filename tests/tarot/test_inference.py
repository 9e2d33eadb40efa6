"""tarot.inference: what the opponent's second cards tell of its hand; tarot.playout."""

from __future__ import annotations

import random

from tarot import bots, engine, inference, playout
from tarot.cards import INDEX
from tarot.endgame import EndSearch, outcome
from tests.tarot.positions import play, position


def cards(mask: int) -> set[str]:
    return {c for c, i in INDEX.items() if mask >> i & 1}


def test_a_card_of_the_suit_that_loses_says_no_winner_and_no_cheaper_card_was_held():
    lacked = cards(inference.unlikely("H9", "H4"))

    assert {"H10", "HK", "H1", "H3"} <= lacked
    assert not lacked & {"H5", "H8", "T2", "S1"}


def test_a_winner_of_the_suit_says_no_dearer_winner_was_held():
    assert cards(inference.unlikely("H4", "HQ")) == {"HK"}


def test_a_trump_that_trumps_says_no_lower_trump_and_no_petit():
    assert cards(inference.unlikely("S5", "T6")) == {"T1", "T2", "T3", "T4", "T5"}
    assert inference.unlikely("S5", "T1") == 0


def test_an_overtrump_says_no_trump_between_the_two():
    assert cards(inference.unlikely("T7", "T10")) == {"T8", "T9"}


def test_the_excuse_tells_nothing():
    assert inference.unlikely("EX", "H4") == 0
    assert inference.unlikely("H4", "EX") == 0


def test_a_hand_meeting_a_mask_weighs_less():
    lacked = [inference.unlikely("H4", "HQ")]
    with_king = 1 << INDEX["HK"]

    assert inference.weight(with_king, lacked, 0.3) == 0.3
    assert inference.weight(1 << INDEX["H2"], lacked, 0.3) == 1.0


def test_the_masks_come_from_the_tricks_the_opponent_played_second():
    state = position({1: ["H9", "S1", "S2"], 2: ["H4", "H2", "S3"]}, leader=1)
    state = play(state, (1, "H9"), (2, "H4"))
    view = engine.view(state, 1)

    assert [cards(m) & {"H2"} for m in inference.masks(view, 2)] == [{"H2"}]


def test_a_playout_plays_the_round_to_its_end_and_scores_it_for_seat_zero():
    # Seat 0 leads the king, seat 1 must follow with the 2: seat 0 takes both tricks.
    hands = [1 << INDEX["HK"] | 1 << INDEX["H3"], 1 << INDEX["H2"] | 1 << INDEX["H1"]]
    search = EndSearch([[[]] * 6, [[]] * 6], 0)
    flat = [(0,) * 6, (0,) * 6]
    values = playout.root_playouts(search, [INDEX["HK"]], hands, flat, -1, 2, 0)

    assert values[INDEX["HK"]] == outcome(9 + 1 + 1 + 1, 0)  # both tricks, 6 points


def test_strong_reads_the_opponents_plays_and_still_plays_a_legal_card():
    state = engine.new_round(4, 1)
    rng = random.Random(0)
    for _ in range(12):
        seat = engine.status(state)["turn"]
        state = engine.apply(state, seat, bots.choose(state, seat, "strong", rng))
    seat = engine.status(state)["turn"]
    assert bots.choose(state, seat, "strong", rng)["card"] in engine.view(state, seat)["legal"]
