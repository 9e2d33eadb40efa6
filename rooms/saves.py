"""Reading a saved state back (an engine's from_json): strict checks that refuse a
damaged or tampered save with IllegalAction("bad_state"), never another exception.

Pure Python (no Django), like rooms.engine: engines import it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from rooms.engine import IllegalAction, Seat, gettext_noop
from rooms.seats import Pair, is_seat

T = TypeVar("T")


def bad_state(what: str) -> IllegalAction:
    """The refusal of a save, naming the part that is wrong."""
    return IllegalAction(
        "bad_state", gettext_noop("This saved game is damaged (%(what)s)."), what=what
    )


def read_object(data: object, schema: int, keys: Iterable[str]) -> dict[str, Any]:
    """`data` as a save of this schema holding every one of `keys` (and "schema")."""
    if not isinstance(data, dict):
        raise bad_state("not an object")
    if type(data.get("schema")) is not int or data["schema"] != schema:
        raise bad_state("schema")
    for key in keys:
        if key not in data:
            raise bad_state(key)
    return data


def read_int(data: dict[str, Any], key: str, low: int, high: int | None = None) -> int:
    item = data.get(key)
    if type(item) is not int or item < low or (high is not None and item > high):
        raise bad_state(key)
    return item


def read_seat(item: object, what: str, *, none: bool = True) -> Seat | None:
    """1 or 2 (an int, not True or 1.0); None too when `none`."""
    if item is None and none:
        return None
    if not is_seat(item):
        raise bad_state(what)
    return item  # type: ignore[return-value]


def read_per_seat(item: object, what: str, kind: type[T]) -> Pair[T]:
    """{"1": .., "2": ..} of values of `kind` (an int is never a bool here)."""

    def read(entry: Any) -> T:
        if not isinstance(entry, kind) or (kind is int and isinstance(entry, bool)):
            raise bad_state(what)
        return entry

    try:
        return Pair.from_json(item, read)
    except ValueError:
        raise bad_state(what) from None


def read_list(item: object, what: str, valid: Callable[[Any], bool]) -> tuple[Any, ...]:
    """A list whose every item is `valid`, as a tuple."""
    if not isinstance(item, list) or not all(valid(entry) for entry in item):
        raise bad_state(what)
    return tuple(item)
