"""The two seats, said once: who they are, a two-seat container, the bot levels every
game's bots accept, and a game's Status by seat.

Pure Python (no Django), like gamekit.engine: engines and bots import it. Inside Python
a seat is the int 1 or 2; string keys ("1", "2") exist only at the JSON edge, where
`Pair.to_json` and `Pair.from_json` cross it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Generic, TypeVar

from gamekit.engine import Seat, Status

SEATS: tuple[Seat, Seat] = (1, 2)

# Bot levels, weakest first; each game's bots accept every one of them.
LEVELS: tuple[str, ...] = ("easy", "medium", "strong")

T = TypeVar("T")
U = TypeVar("U")


def is_seat(value: object) -> bool:
    """1 or 2, and an int (not True, not 1.0)."""
    return type(value) is int and value in SEATS


def other(seat: Seat) -> Seat:
    return 2 if seat == 1 else 1


class Pair(Mapping[Seat, T], Generic[T]):
    """One value per seat, read-only: `pair[1]`, `pair[2]`; equal to a dict with the
    same items. A changed pair is a new one (`pair.with_(seat, value)`)."""

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[Seat, T]) -> None:
        if set(values) != set(SEATS):
            raise ValueError(f"a value for each seat {SEATS} is needed, not {set(values)}")
        self._values: dict[Seat, T] = {seat: values[seat] for seat in SEATS}

    @classmethod
    def of(cls, first: T, second: T) -> Pair[T]:
        return cls({1: first, 2: second})

    def __getitem__(self, seat: Seat) -> T:
        return self._values[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(SEATS)

    def __len__(self) -> int:
        return len(SEATS)

    def __hash__(self) -> int:
        return hash(tuple(self._values.items()))

    def __repr__(self) -> str:
        return f"Pair({self._values!r})"

    def with_(self, seat: Seat, value: T) -> Pair[T]:
        return Pair({**self._values, seat: value})

    def map(self, convert: Callable[[T], U]) -> Pair[U]:
        return Pair({seat: convert(value) for seat, value in self._values.items()})

    def to_json(self, convert: Callable[[T], Any] = lambda value: value) -> dict[str, Any]:
        """{"1": .., "2": ..}: the JSON shape of a per-seat value."""
        return {str(seat): convert(value) for seat, value in self._values.items()}

    @classmethod
    def from_json(cls, data: object, read: Callable[[Any], T]) -> Pair[T]:
        """The pair from {"1": .., "2": ..}, each value through `read` (which raises
        on a bad value); ValueError when the keys are not exactly the two seats."""
        if not isinstance(data, dict) or set(data) != {str(seat) for seat in SEATS}:
            raise ValueError("not one value per seat")
        return cls({seat: read(data[str(seat)]) for seat in SEATS})


def json_by_seat(values: Mapping[Seat, T]) -> dict[str, T]:
    """Any per-seat mapping with int keys, as JSON ({"1": .., "2": ..}). Not the
    templates' `by_seat` filter (rooms.templatetags.seats), which reads one seat's value
    back out of such JSON."""
    return {str(seat): values[seat] for seat in SEATS}


def status_of(turn: Seat | None, result: Mapping[Any, Any] | None) -> Status:
    """The Status of a game whose `result` is None while it is played and, once over,
    holds `winner` (a seat, None for a draw) and `scores` by seat (int or str keys)."""
    if result is None:
        return {"turn": turn, "over": False, "winner": None, "scores": None}
    scores = result["scores"]
    return {
        "turn": None,
        "over": True,
        "winner": result["winner"],
        "scores": {str(seat): scores[seat if seat in scores else str(seat)] for seat in SEATS},
    }


def result_json(result: Mapping[str, Any] | None, counted: str) -> dict[str, Any] | None:
    """A rummy-like result as JSON: `winner` and `reason` as they are, `scores` and the
    per-seat `counted` values (what the loser held: hand values, rack sums) by seat."""
    if result is None:
        return None
    return {
        "winner": result["winner"],
        "scores": json_by_seat(result["scores"]),
        "reason": result["reason"],
        counted: json_by_seat(result[counted]),
    }
