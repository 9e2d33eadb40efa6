"""gamekit.saves: a damaged save is refused with bad_state naming the part, never
another exception."""

import pytest

from gamekit.engine import IllegalAction
from gamekit.saves import read_int, read_list, read_object, read_pair, read_per_seat, read_seat
from gamekit.seats import Pair


def refused(call, *args, **kwargs) -> str:
    with pytest.raises(IllegalAction) as refusal:
        call(*args, **kwargs)
    assert refusal.value.code == "bad_state"
    return refusal.value.params["what"]


def test_a_save_of_another_schema_or_not_an_object_is_refused():
    assert refused(read_object, [], 1, ()) == "not an object"
    assert refused(read_object, {"schema": 2}, 1, ()) == "schema"
    assert refused(read_object, {"schema": True}, 1, ()) == "schema"


def test_a_missing_key_is_named_and_an_exact_save_has_no_other_key():
    assert refused(read_object, {"schema": 1, "a": 0}, 1, ("a", "b")) == "b"
    assert refused(read_object, {"schema": 1, "a": 0, "x": 0}, 1, ("a",), exact=True) == "keys"
    assert read_object({"schema": 1, "a": 0}, 1, ("a",), exact=True) == {"schema": 1, "a": 0}


def test_an_int_is_an_int_within_its_bounds():
    assert read_int(3, "n", 0, 3) == 3
    for wrong in (True, 1.0, "1", None, -1, 4):
        assert refused(read_int, wrong, "n", 0, 3) == "n"
    assert read_int(10**12, "n", 0) == 10**12


def test_a_seat_is_one_or_two_and_none_only_when_allowed():
    assert read_seat(2, "turn") == 2
    assert read_seat(None, "turn", none=True) is None
    for wrong in (None, True, 1.0, 0, 3, "1"):
        assert refused(read_seat, wrong, "turn") == "turn"


def test_a_per_seat_value_has_exactly_the_two_seats_and_reads_each_value():
    assert read_pair({"1": 4, "2": 5}, "x", lambda n: n + 1) == Pair.of(5, 6)
    assert read_per_seat({"1": True, "2": False}, "opened", bool) == {1: True, 2: False}
    assert refused(read_per_seat, {"1": True, "2": 0}, "scores", int) == "scores"
    for wrong in ({"1": 1}, {"1": 1, "2": 2, "3": 3}, {1: 1, 2: 2}, [1, 2], None):
        assert refused(read_pair, wrong, "x") == "x"


def test_a_list_holds_valid_items_and_no_more_than_its_most():
    assert read_list(["a", "b"], "l", str.isalpha, most=2) == ("a", "b")
    assert refused(read_list, ["a", "b", "c"], "l", str.isalpha, most=2) == "l"
    assert refused(read_list, ["a", "1"], "l", str.isalpha) == "l"
    assert refused(read_list, "ab", "l", str.isalpha) == "l"
