"""Groups and runs (RULES.md, "Tile rummy for two"): check_set, arrange_set, values."""

import pytest

from tiles.sets import (
    ALL_TILES,
    JOKER_VALUE,
    arrange_set,
    check_set,
    rack_sum,
    set_value,
    sort_tiles,
    value,
)


def reason(tiles: list[str]) -> str | None:
    return check_set(tiles).reason


# --- The tiles -------------------------------------------------------------------------


def test_there_are_106_tiles_two_of_each_number_and_colour_and_two_jokers():
    assert len(ALL_TILES) == 106
    assert ALL_TILES.count("J") == 2
    for code in ("K1", "B7", "O13", "R10"):
        assert ALL_TILES.count(code) == 2
    assert len(set(ALL_TILES)) == 4 * 13 + 1


def test_numbers_count_at_face_value_and_a_joker_30():
    assert value("R7") == 7
    assert value("K13") == 13
    assert value("J") == JOKER_VALUE == 30
    assert rack_sum(["R7", "K13", "J"]) == 50


def test_value_of_something_that_is_not_a_tile_is_an_error():
    with pytest.raises(ValueError, match="not a tile"):
        value("X5")


# --- Groups ----------------------------------------------------------------------------


def test_a_group_is_three_tiles_of_the_same_number_in_different_colours():
    check = check_set(["R5", "K5", "B5"])
    assert check.valid
    assert check.kind == "group"
    assert check.value == 15


def test_a_group_may_have_four_tiles_one_of_each_colour():
    check = check_set(["R9", "K9", "B9", "O9"])
    assert check.valid
    assert check.value == 36


def test_a_group_of_more_than_four_is_invalid():
    assert reason(["R9", "K9", "B9", "O9", "J"]) == "group_too_big"


def test_a_group_may_not_repeat_a_colour():
    check = check_set(["R5", "R5", "K5"])
    assert not check.valid
    assert check.reason == "repeated_colour"
    assert check.params == {"tile": "R5"}
    assert check.message is not None
    assert "R5" in check.message % check.params


def test_a_group_must_be_one_number():
    assert reason(["R5", "K5", "B6"]) == "mixed_numbers"


def test_a_joker_stands_for_the_missing_colour_of_a_group():
    check = check_set(["R5", "J", "K5"])
    assert check.valid
    assert check.kind == "group"
    assert check.value == 15
    assert check.stands_for == ("B5",)


def test_two_jokers_may_complete_a_group_of_four():
    check = check_set(["R11", "J", "K11", "J"])
    assert check.valid
    assert check.kind == "group"
    assert check.value == 44
    assert check.stands_for == ("B11", "O11")


def test_a_group_of_four_may_not_repeat_a_colour():
    assert reason(["R5", "K5", "B5", "R5"]) == "repeated_colour"


# --- Runs ------------------------------------------------------------------------------


def test_a_run_is_three_consecutive_numbers_of_one_colour():
    check = check_set(["B3", "B4", "B5"])
    assert check.valid
    assert check.kind == "run"
    assert check.value == 12


def test_a_run_may_be_given_in_any_order():
    assert check_set(["B5", "B3", "B4"]).valid


def test_a_run_may_be_all_13_numbers_long():
    run = [f"O{n}" for n in range(1, 14)]
    check = check_set(run)
    assert check.valid
    assert check.value == sum(range(1, 14))


def test_a_run_may_not_be_longer_than_13():
    assert reason([*(f"O{n}" for n in range(1, 14)), "J"]) == "run_too_long"


def test_a_run_must_be_one_colour():
    check = check_set(["B3", "R4", "B5"])
    assert check.reason == "mixed_colours"
    assert check.message is not None
    assert "Mixed colours" in check.message


def test_a_run_needs_consecutive_numbers():
    assert reason(["B3", "B4", "B6"]) == "not_consecutive"


def test_a_run_may_not_hold_the_same_number_twice():
    assert reason(["B3", "B4", "B4", "B5"]) == "repeated_number"


def test_run_may_not_wrap_from_13_to_1():
    check = check_set(["K12", "K13", "K1"])
    assert check.reason == "wrap"
    assert check.message is not None
    assert "13 cannot be followed by 1" in check.message


def test_run_may_not_wrap_from_13_to_1_even_with_a_joker():
    assert reason(["K13", "J", "K2"]) == "wrap"
    assert reason(["K13", "K1", "J"]) == "wrap"


def test_a_run_may_end_at_13_or_start_at_1():
    assert check_set(["K11", "K12", "K13"]).valid
    assert check_set(["K1", "K2", "K3"]).valid


def test_a_joker_fills_a_gap_in_a_run():
    check = check_set(["R4", "J", "R6"])
    assert check.valid
    assert check.stands_for == ("R5",)
    assert check.value == 15


def test_a_joker_at_the_end_of_a_run_extends_it_upwards():
    # The highest-scoring reading: R5 R6 R7, not R3 R4 R5.
    check = check_set(["R5", "R6", "J"])
    assert check.stands_for == ("R7",)
    assert check.value == 18


def test_a_joker_after_13_extends_the_run_downwards():
    check = check_set(["R12", "R13", "J"])
    assert check.valid
    assert check.stands_for == ("R11",)
    assert check.value == 36


def test_two_jokers_may_stand_in_one_run():
    check = check_set(["B7", "J", "J", "B10"])
    assert check.valid
    assert check.stands_for == ("B8", "B9")
    assert check.value == 34


def test_a_joker_stands_for_only_one_tile():
    assert reason(["B3", "J", "B6"]) == "not_consecutive"


def test_one_number_with_two_jokers_reads_as_its_highest_scoring_set():
    # R5 J J: the run R5 R6 R7 (18) beats the group of fives (15).
    run = check_set(["J", "J", "R5"])
    assert run.valid
    assert (run.kind, run.value) == ("run", 18)
    # R13 J J: three thirteens (39) beat R11 R12 R13 (36).
    group = check_set(["J", "J", "R13"])
    assert (group.kind, group.value) == ("group", 39)
    # R12 J J: 36 either way; a tie reads as the group.
    assert check_set(["J", "J", "R12"]).kind == "group"


# --- Any set ---------------------------------------------------------------------------


def test_a_set_needs_at_least_three_tiles():
    assert reason(["R5", "K5"]) == "too_short"
    assert reason(["R5", "J"]) == "too_short"
    assert reason([]) == "too_short"


def test_a_set_of_only_jokers_is_invalid():
    assert reason(["J", "J", "J"]) == "only_jokers"


def test_an_unknown_code_is_an_invalid_set_not_a_crash():
    check = check_set(["R5", "X5", "K5"])
    assert check.reason == "unknown_tile"
    assert check.params == {"tile": "X5"}


def test_the_value_of_an_invalid_set_is_zero():
    assert set_value(["R5", "K6", "B7"]) == 0


def test_every_reason_names_the_set_when_refused_in_a_table():
    error = check_set(["B3", "R4", "B5"]).error(2)
    assert error.code == "invalid_set"
    assert error.params["set"] == 2
    assert error.params["reason"] == "mixed_colours"
    assert str(error).startswith("Set 2")


# --- Canonical order -------------------------------------------------------------------


def test_a_run_is_arranged_ascending_with_jokers_where_they_stand():
    assert arrange_set(["R7", "J", "R5"]) == ["R5", "J", "R7"]
    assert arrange_set(["J", "R13", "R12"]) == ["J", "R12", "R13"]
    assert arrange_set(["J", "R5", "R6"]) == ["R5", "R6", "J"]


def test_a_group_is_arranged_in_colour_order_with_jokers_last():
    assert arrange_set(["R5", "J", "O5", "K5"]) == ["K5", "O5", "R5", "J"]


def test_an_invalid_set_keeps_the_players_order():
    assert arrange_set(["R7", "K1", "B3"]) == ["R7", "K1", "B3"]


def test_arranging_is_idempotent():
    for tiles in (["R7", "J", "R5"], ["R5", "J", "O5", "K5"], ["J", "J", "R12"]):
        once = arrange_set(tiles)
        assert arrange_set(once) == once


def test_tiles_sort_by_colour_then_number_with_jokers_last():
    assert sort_tiles(["J", "R1", "K13", "K2", "B5"]) == ["K2", "K13", "B5", "R1", "J"]
