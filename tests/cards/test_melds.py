"""Sets and runs (RULES.md "Rummy": a set is 3 or 4 cards of one rank; a run is 3 or
more consecutive cards of one suit; the ace is low only)."""

import pytest

from cards.melds import card, check_meld, fits, hand_value, melds_in, shown, value


@pytest.mark.parametrize("cards", [["7H", "7S", "7D"], ["KS", "KH", "KD", "KC"]])
def test_a_set_is_3_or_4_cards_of_one_rank(cards):
    check = check_meld(cards)
    assert check.valid
    assert check.kind == "set"


def test_two_cards_are_not_a_meld():
    assert check_meld(["7H", "7S"]).reason == "too_short"


def test_a_set_may_not_mix_ranks():
    assert check_meld(["7H", "7S", "8D"]).reason == "not_a_set"


@pytest.mark.parametrize(
    "cards", [["4H", "5H", "6H"], ["AS", "2S", "3S"], ["9C", "TC", "JC", "QC", "KC"]]
)
def test_a_run_is_3_or_more_consecutive_cards_of_one_suit(cards):
    check = check_meld(list(reversed(cards)))
    assert check.valid
    assert check.kind == "run"
    assert list(check.arranged) == cards  # shown in order, ace first


def test_a_run_may_not_mix_suits():
    assert check_meld(["4H", "5H", "6S"]).reason == "not_a_run"


def test_a_run_may_not_have_a_gap():
    assert check_meld(["4H", "5H", "7H"]).reason == "not_a_run"


def test_the_ace_is_low_only_so_q_k_a_is_not_a_run():
    assert check_meld(["QH", "KH", "AH"]).reason == "ace_high"
    assert not check_meld(["KH", "AH", "2H"]).valid
    assert check_meld(["AH", "2H", "3H"]).valid


def test_a_card_fits_a_run_at_either_end_and_a_set_up_to_four():
    assert fits(("4H", "5H", "6H"), "3H")
    assert fits(("4H", "5H", "6H"), "7H")
    assert not fits(("4H", "5H", "6H"), "8H")
    assert not fits(("QH", "KH", "JH"), "AH")
    assert fits(("7H", "7S", "7D"), "7C")
    assert not fits(("7H", "7S", "7D", "7C"), "8C")


def test_every_meld_in_a_hand_is_found_sets_of_3_and_4_and_runs_of_every_length():
    found = {frozenset(m) for m in melds_in(["7H", "7S", "7D", "7C", "8H", "9H", "TH"])}
    sets_of_3 = {frozenset(s) for s in (["7H", "7S", "7D"], ["7H", "7S", "7C"])}
    assert sets_of_3 <= found
    assert frozenset(["7H", "7S", "7D", "7C"]) in found
    assert sum(1 for m in found if len(m) == 3 and all(c[0] == "7" for c in m)) == 4
    runs = {frozenset(m) for m in found if len({c[1] for c in m}) == 1}
    assert runs == {
        frozenset(["7H", "8H", "9H"]),
        frozenset(["8H", "9H", "TH"]),
        frozenset(["7H", "8H", "9H", "TH"]),
    }


def test_card_values_ace_1_faces_10_others_face_value():
    assert [value(c) for c in ["AS", "2S", "9S", "TS", "JS", "QS", "KS"]] == [
        1,
        2,
        9,
        10,
        10,
        10,
        10,
    ]
    assert hand_value(["AS", "KD", "7H"]) == 18


def test_cards_are_shown_with_suit_symbols():
    assert shown("7H") == "7♥"
    assert shown("TD") == "10♦"
    assert shown("QS") == "Q♠"
    assert card(1, "C") == "AC"
