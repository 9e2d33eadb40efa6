"""gamekit.seats: the two seats, other, and Pair, read-only and JSON at the edge."""

import pytest

from gamekit.seats import SEATS, Pair, is_seat, json_by_seat, other


def test_the_seats_are_the_ints_one_and_two_and_each_has_the_other():
    assert SEATS == (1, 2)
    assert [other(seat) for seat in SEATS] == [2, 1]
    assert [is_seat(value) for value in (1, 2, True, 1.0, 0, "1")] == [True, True] + [False] * 4


def test_a_pair_is_equal_to_its_dict_and_changes_into_a_new_pair():
    pair = Pair.of("a", "b")
    changed = pair.with_(2, "c")

    assert pair == {1: "a", 2: "b"}
    assert changed == {1: "a", 2: "c"}
    assert pair.map(str.upper) == Pair.of("A", "B")
    assert hash(pair) == hash(Pair.of("a", "b"))


def test_a_pair_needs_both_seats_and_crosses_the_json_edge_with_string_keys():
    with pytest.raises(ValueError, match="each seat"):
        Pair({1: "a"})
    pair = Pair.of([1], [2])

    assert pair.to_json(len) == {"1": 1, "2": 1}
    assert Pair.from_json(pair.to_json(), tuple) == Pair.of((1,), (2,))
    assert json_by_seat({1: "x", 2: "y"}) == {"1": "x", "2": "y"}
