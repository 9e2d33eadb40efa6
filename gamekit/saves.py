"""Saves: how every save begins (round_json, for an engine's to_json), and reading one
back (from_json): strict checks that refuse a damaged or tampered save with
IllegalAction("bad_state"), never another exception.

Pure Python (no Django), like gamekit.engine. The refusal's message is marked with
gettext_noop and translated where it is shown (rooms.errors).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from gamekit.engine import IllegalAction, Seat, gettext_noop
from gamekit.seats import Pair, is_seat

T = TypeVar("T")


def bad_state(what: str) -> IllegalAction:
    """The refusal of a save, naming the part that is wrong."""
    return IllegalAction(
        "bad_state", gettext_noop("This saved game is damaged (%(what)s)."), what=what
    )


def round_json(schema: int, state: Any) -> dict[str, Any]:
    """How every save begins: its schema, then what names the round (the seed, the seat
    that played first, the game's number in the match), as new_round was given them."""
    return {"schema": schema, "seed": state.seed, "first": state.first, "game_no": state.game_no}


def read_object(
    data: object, schema: int, keys: Iterable[str], *, exact: bool = False
) -> dict[str, Any]:
    """`data` as a save of this schema holding every one of `keys` (and "schema");
    with `exact`, nothing else either."""
    if not isinstance(data, dict):
        raise bad_state("not an object")
    if type(data.get("schema")) is not int or data["schema"] != schema:
        raise bad_state("schema")
    keys = tuple(keys)
    if exact and set(data) != {*keys, "schema"}:
        raise bad_state("keys")
    for key in keys:
        if key not in data:
            raise bad_state(key)
    return data


def read_int(item: object, what: str, low: int, high: int | None = None) -> int:
    """An int (not True, not 1.0) from `low` to `high` (no bound when None)."""
    if type(item) is not int or item < low or (high is not None and item > high):
        raise bad_state(what)
    return item


def read_seat(item: object, what: str, *, none: bool = False) -> Seat | None:
    """1 or 2 (an int, not True or 1.0); None too when `none`."""
    if item is None and none:
        return None
    if not is_seat(item):
        raise bad_state(what)
    return item  # type: ignore[return-value]


def read_pair(item: object, what: str, read: Callable[[Any], T] = lambda v: v) -> Pair[T]:
    """{"1": .., "2": ..}, each value through `read` (which raises bad_state)."""
    try:
        return Pair.from_json(item, read)
    except ValueError:
        raise bad_state(what) from None


def read_per_seat(item: object, what: str, kind: type[T]) -> Pair[T]:
    """{"1": .., "2": ..} of values of `kind` (an int is never a bool here)."""

    def read(entry: Any) -> T:
        if not isinstance(entry, kind) or (kind is int and isinstance(entry, bool)):
            raise bad_state(what)
        return entry

    return read_pair(item, what, read)


def read_list(
    item: object, what: str, valid: Callable[[Any], bool], most: int | None = None
) -> tuple[Any, ...]:
    """A list (of at most `most` items) whose every item is `valid`, as a tuple."""
    if not isinstance(item, list) or (most is not None and len(item) > most):
        raise bad_state(what)
    if not all(valid(entry) for entry in item):
        raise bad_state(what)
    return tuple(item)
