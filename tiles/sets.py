"""Tile rummy's tiles and sets: the codes, the set checks and why a set is refused.

Tiles are codes: a colour letter (K black, B blue, O orange, R red) and a number,
`R7`, `K13`, or `J` for a joker. The two copies of a tile share a code: racks, sets and
the pool are lists of codes compared as multisets.

A set is judged as a multiset; a joker is never pinned to a position. Each time a set
is checked it gets the reading that scores most: in a run, jokers first fill the gaps,
then extend the run upwards (up to 13), then downwards. A lone number with jokers
(`J J R5`) may read as a group or a run; the higher value wins, a group on a tie. Only
jokers (`J J J`) is not a set: it would say nothing about what it stands for. Valid
sets are stored on the table in canonical order (`arrange_set`), so that the table
always reads naturally; the player's order is kept only for invalid sets, which exist
only in a draft (see tiles/draft.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Literal

from gamekit.engine import IllegalAction, gettext_noop
from gamekit.memo import memoized

COLOURS = "KBOR"
JOKER = "J"
JOKER_VALUE = 30
HIGHEST = 13

NUMBERED_TILES: tuple[str, ...] = tuple(f"{c}{n}" for c in COLOURS for n in range(1, HIGHEST + 1))
TILE_CODES: frozenset[str] = frozenset((*NUMBERED_TILES, JOKER))
ALL_TILES: tuple[str, ...] = (*(code for code in NUMBERED_TILES for _ in range(2)), JOKER, JOKER)

# A table never holds more sets than there are tiles; anything bigger is an attack.
MAX_SETS = len(ALL_TILES)

SetKind = Literal["group", "run"]


# --- Tiles ----------------------------------------------------------------------------


def is_tile(code: object) -> bool:
    return isinstance(code, str) and code in TILE_CODES


def colour(code: str) -> str | None:
    """The colour letter of a numbered tile; None for a joker."""
    return None if code == JOKER else code[0]


def number(code: str) -> int | None:
    """The number of a numbered tile; None for a joker."""
    return None if code == JOKER else int(code[1:])


def value(code: str) -> int:
    """Points of a tile left on a rack: face value, a joker 30."""
    if not is_tile(code):
        raise ValueError(f"not a tile: {code!r}")
    return JOKER_VALUE if code == JOKER else int(code[1:])


def rack_sum(rack: Iterable[str]) -> int:
    return sum(value(code) for code in rack)


def tile_sort_key(code: str) -> tuple[int, int]:
    """Colour order K B O R, then number; jokers last."""
    if code == JOKER:
        return (len(COLOURS), 0)
    return (COLOURS.index(code[0]), int(code[1:]))


def sort_tiles(tiles: Iterable[str]) -> list[str]:
    return sorted(tiles, key=tile_sort_key)


# --- Sets -----------------------------------------------------------------------------

# Why a set is invalid, said on its own (check_set) and naming the set (apply, draft).
# Both wordings are literal so that makemessages extracts them.
SET_REASONS: dict[str, str] = {
    "unknown_tile": gettext_noop("%(tile)s is not a tile."),
    "too_short": gettext_noop("Too short: a set needs at least 3 tiles."),
    "only_jokers": gettext_noop("A set needs at least one numbered tile besides jokers."),
    "group_too_big": gettext_noop("A group has at most 4 tiles, one of each colour."),
    "repeated_colour": gettext_noop("Repeated colour in a group: %(tile)s appears twice."),
    "mixed_numbers": gettext_noop("A group must be one number in different colours."),
    "mixed_colours": gettext_noop("Mixed colours in a run: a run must be all one colour."),
    "repeated_number": gettext_noop("A run cannot hold the same number twice (%(tile)s)."),
    "run_too_long": gettext_noop("A run has at most 13 tiles."),
    "not_consecutive": gettext_noop("Numbers not consecutive: a run needs numbers in a row."),
    "wrap": gettext_noop("13 cannot be followed by 1: a run stops at 13."),
}
SET_REASONS_NAMED: dict[str, str] = {
    "unknown_tile": gettext_noop("Set %(set)s: %(tile)s is not a tile."),
    "too_short": gettext_noop("Set %(set)s is too short: a set needs at least 3 tiles."),
    "only_jokers": gettext_noop(
        "Set %(set)s: a set needs at least one numbered tile besides jokers."
    ),
    "group_too_big": gettext_noop("Set %(set)s: a group has at most 4 tiles, one of each colour."),
    "repeated_colour": gettext_noop(
        "Set %(set)s: repeated colour in a group, %(tile)s appears twice."
    ),
    "mixed_numbers": gettext_noop("Set %(set)s: a group must be one number in different colours."),
    "mixed_colours": gettext_noop("Set %(set)s: mixed colours, a run must be all one colour."),
    "repeated_number": gettext_noop(
        "Set %(set)s: a run cannot hold the same number twice (%(tile)s)."
    ),
    "run_too_long": gettext_noop("Set %(set)s: a run has at most 13 tiles."),
    "not_consecutive": gettext_noop(
        "Set %(set)s: numbers not consecutive, a run needs numbers in a row."
    ),
    "wrap": gettext_noop("Set %(set)s: 13 cannot be followed by 1, a run stops at 13."),
}


@dataclass(frozen=True)
class SetCheck:
    """The verdict on one set.

    Valid: `kind`, `value` (jokers counted as the tiles they stand for), `arranged`
    (canonical order, jokers in their places) and `stands_for` (the tile each joker
    stands for, in `arranged` order). Invalid: `reason` (a key of SET_REASONS),
    `message` (English, %(name)s filled from `params`).
    """

    valid: bool
    kind: SetKind | None = None
    value: int = 0
    arranged: tuple[str, ...] = ()
    stands_for: tuple[str, ...] = ()
    reason: str | None = None
    message: str | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def error(self, set_number: int, code: str = "invalid_set") -> IllegalAction:
        """The IllegalAction that refuses this set as the table's set `set_number` (1-based)."""
        assert self.reason is not None
        return IllegalAction(
            code,
            SET_REASONS_NAMED[self.reason],
            set=set_number,
            reason=self.reason,
            **self.params,
        )


def _invalid(reason: str, **params: Any) -> SetCheck:
    return SetCheck(valid=False, reason=reason, message=SET_REASONS[reason], params=params)


# (colour, number) of every numbered tile, parsed once: check_set is the hot path of
# the draft, the solver and the bots.
_PARSED: dict[str, tuple[str, int]] = {code: (code[0], int(code[1:])) for code in NUMBERED_TILES}


def _group_reading(numbered: list[str], jokers: int) -> SetCheck:
    """The group reading of tiles that all have one number."""
    size = len(numbered) + jokers
    if size > len(COLOURS):
        return _invalid("group_too_big")
    seen: set[str] = set()
    for code in numbered:
        if code in seen:
            return _invalid("repeated_colour", tile=code)
        seen.add(code)
    n = _PARSED[numbered[0]][1]
    missing = [f"{c}{n}" for c in COLOURS if f"{c}{n}" not in seen]
    return SetCheck(
        valid=True,
        kind="group",
        value=n * size,
        arranged=(*sort_tiles(numbered), *[JOKER] * jokers),
        stands_for=tuple(missing[:jokers]),
    )


def _wraps(numbers: list[int], jokers: int) -> bool:
    """Whether the numbers would make a run if 1 could follow 13 (to say so precisely)."""
    ordered = sorted(numbers)
    steps = [b - a for a, b in pairwise(ordered)]
    steps.append(ordered[0] + HIGHEST - ordered[-1])
    arc = HIGHEST - max(steps) + 1  # the shortest stretch of the 13-cycle holding them all
    return arc - len(numbers) <= jokers


def _run_reading(numbered: list[str], jokers: int) -> SetCheck:
    """The run reading of tiles that all have one colour."""
    numbers = [_PARSED[code][1] for code in numbered]
    present = set(numbers)
    if len(present) < len(numbers):
        repeated = next(code for code in numbered if numbers.count(_PARSED[code][1]) > 1)
        return _invalid("repeated_number", tile=repeated)
    if len(numbered) + jokers > HIGHEST:
        return _invalid("run_too_long")
    low, high = min(numbers), max(numbers)
    spare = jokers - ((high - low + 1) - len(numbers))
    if spare < 0:
        return _invalid("wrap" if _wraps(numbers, jokers) else "not_consecutive")
    # Spare jokers extend the run upwards first: the highest-scoring reading.
    up = min(spare, HIGHEST - high)
    high += up
    low -= spare - up
    c = numbered[0][0]
    arranged = tuple(f"{c}{n}" if n in present else JOKER for n in range(low, high + 1))
    stands_for = tuple(f"{c}{n}" for n in range(low, high + 1) if n not in present)
    return SetCheck(
        valid=True,
        kind="run",
        value=sum(range(low, high + 1)),
        arranged=arranged,
        stands_for=stands_for,
    )


def check_set(tiles: Sequence[str]) -> SetCheck:
    """Judge one set: a group, a run, or why neither (see the module docstring).

    The verdict depends only on the multiset of tiles, so it is cached: treat the
    returned SetCheck (params included) as read-only.
    """
    for code in tiles:
        if not is_tile(code):
            return _invalid("unknown_tile", tile=str(code)[:10])
    return _check_sorted(tuple(sorted(tiles)))


@memoized("tiles.sets.check_sorted", 1 << 16)
def _check_sorted(tiles: tuple[str, ...]) -> SetCheck:
    if len(tiles) < 3:
        return _invalid("too_short")
    numbered = [code for code in tiles if code != JOKER]
    jokers = len(tiles) - len(numbered)
    if not numbered:
        return _invalid("only_jokers")
    numbers = {_PARSED[code][1] for code in numbered}
    colours = {_PARSED[code][0] for code in numbered}
    group = _group_reading(numbered, jokers) if len(numbers) == 1 else None
    run = _run_reading(numbered, jokers) if len(colours) == 1 else None
    if group and group.valid and run and run.valid:
        return run if run.value > group.value else group
    for reading in (group, run):
        if reading and reading.valid:
            return reading
    # Neither: explain against what the tiles look like they were meant to be.
    if group or run:
        return group or run  # type: ignore[return-value]
    if len(numbers) == len(numbered):
        return _invalid("mixed_colours")  # distinct numbers: meant as a run
    return _invalid("mixed_numbers")


def arrange_set(tiles: Sequence[str]) -> list[str]:
    """Canonical display order of a set.

    Runs ascend with jokers where they stand; groups go K B O R with jokers last. An
    invalid set is returned unchanged (the player's order), since it has no reading.
    """
    check = check_set(tiles)
    return list(check.arranged) if check.valid else list(tiles)


def set_value(tiles: Sequence[str]) -> int:
    """Points of a valid set (jokers as what they stand for); 0 for an invalid one."""
    return check_set(tiles).value


# --- Tables ---------------------------------------------------------------------------


def parse_table(raw: object) -> list[list[str]]:
    """A table from an action or a save: a list of lists of tile codes, or 'malformed'."""
    if not isinstance(raw, list) or len(raw) > MAX_SETS:
        raise IllegalAction("malformed", gettext_noop("The table must be a list of sets."))
    sets: list[list[str]] = []
    count = 0
    for tiles in raw:
        if not isinstance(tiles, list) or len(tiles) > len(ALL_TILES):
            raise IllegalAction("malformed", gettext_noop("Each set must be a list of tiles."))
        # The whole table, not only each set, holds at most the game's 106 tiles (a
        # bigger one would be refused anyway, but with a message listing all of it).
        count += len(tiles)
        if count > len(ALL_TILES):
            raise IllegalAction("malformed", gettext_noop("The table must be a list of sets."))
        for code in tiles:
            if not is_tile(code):
                raise IllegalAction(
                    "malformed", gettext_noop("%(tile)s is not a tile."), tile=str(code)[:10]
                )
        sets.append(list(tiles))
    return sets


def tiles_of(table: Iterable[Iterable[str]]) -> Counter[str]:
    return Counter(code for tiles in table for code in tiles)


def listing(tiles: Counter[str]) -> str:
    return " ".join(sort_tiles(tiles.elements()))


def set_key(tiles: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(tiles))


def table_changes(
    old_table: Sequence[Sequence[str]], new_table: Sequence[Sequence[str]]
) -> tuple[list[int], list[Counter[str]]]:
    """The indexes of the sets of `new_table` that were not on `old_table` as they are
    (new sets, sets added to or rearranged), and the old sets that are not on the new
    table as they were."""
    old = Counter(set_key(tiles) for tiles in old_table)
    changed = []
    for index, tiles in enumerate(new_table):
        key = set_key(tiles)
        if old[key] > 0:
            old[key] -= 1
        else:
            changed.append(index)
    broken = []
    for tiles in old_table:
        key = set_key(tiles)
        if old[key] > 0:
            old[key] -= 1
            broken.append(Counter(tiles))
    return changed, broken
