"""Tile rummy for two: the rules as pure Python (no Django), see RULES.md.

Tiles are codes: a colour letter (K black, B blue, O orange, R red) and a number,
`R7`, `K13`, or `J` for a joker. The two copies of a tile share a code: racks, sets and
the pool are lists of codes compared as multisets.

Design choices worth knowing before reading the code:
- A set is judged as a multiset; a joker is never pinned to a position. Each time a set
  is checked it gets the reading that scores most: in a run, jokers first fill the
  gaps, then extend the run upwards (up to 13), then downwards. A lone number with
  jokers (`J J R5`) may read as a group or a run; the higher value wins, a group on a
  tie. Only jokers (`J J J`) is not a set: it would say nothing about what it stands for.
- Valid sets are stored on the table in canonical order (`arrange_set`), so that the
  table always reads naturally; the player's order is kept only for invalid sets,
  which exist only in a draft (see tiles/draft.py).
- `State` is immutable: tuples for sequences; its dicts are never mutated (every change
  builds a new State with dataclasses.replace).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise
from typing import Any, Literal

from rooms.engine import Action, IllegalAction, Seat, View, gettext_noop

SCHEMA = 1
COLOURS = "KBOR"
JOKER = "J"
JOKER_VALUE = 30
OPENING_MINIMUM = 30
RACK_SIZE = 14
PASSES_TO_END = 2  # two passes in a row end the game
HIGHEST = 13
SEATS: tuple[Seat, Seat] = (1, 2)

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


@lru_cache(maxsize=1 << 16)
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


# --- State ----------------------------------------------------------------------------


@dataclass(frozen=True)
class State:
    """One game of tile rummy. Immutable: never mutate the dicts either."""

    seed: int
    first: Seat  # who starts this game
    game_no: int
    pool: tuple[str, ...]  # draws come from the end
    racks: dict[Seat, tuple[str, ...]]
    table: tuple[tuple[str, ...], ...]
    opened: dict[Seat, bool]
    turn: Seat | None  # None once the game is over
    passes: int = 0  # consecutive passes
    # {"winner": 1|2|None, "scores": {1: n, 2: n}, "reason": "out"|"blocked",
    #  "rack_sums": {1: n, 2: n}}
    result: dict[str, Any] | None = None
    # Public summary of the previous move: {"seat", "type", "placed"?}; never the drawn tile.
    last: dict[str, Any] | None = None
    turns: int = 0  # completed turns


def other(seat: Seat) -> Seat:
    return 2 if seat == 1 else 1


def next_first_seat(previous: State | None) -> Seat:
    """Player 1 starts game 1; then the starting player alternates."""
    return 1 if previous is None else other(previous.first)


def new_round(seed: int, first_seat: Seat, previous: State | None = None) -> State:
    """A fresh game, deterministic from the seed: 14 tiles each, the rest the pool."""
    if first_seat not in SEATS:
        raise ValueError(f"first_seat must be 1 or 2, not {first_seat!r}")
    tiles = list(ALL_TILES)
    random.Random(seed).shuffle(tiles)
    racks = {
        seat: tuple(sort_tiles(tiles[-RACK_SIZE * (i + 1) : len(tiles) - RACK_SIZE * i]))
        for i, seat in enumerate((first_seat, other(first_seat)))
    }
    return State(
        seed=seed,
        first=first_seat,
        game_no=1 if previous is None else previous.game_no + 1,
        pool=tuple(tiles[: -2 * RACK_SIZE]),
        racks=racks,
        table=(),
        opened={1: False, 2: False},
        turn=first_seat,
    )


def state_from_position(
    racks: dict[Seat, Sequence[str]],
    table: Sequence[Sequence[str]] = (),
    *,
    pool: Sequence[str] | None = None,
    opened: dict[Seat, bool] | None = None,
    turn: Seat = 1,
    seed: int = 0,
) -> State:
    """A game set up at a chosen position (tests, bots' tests, tutorials).

    `pool` defaults to every tile not in the racks or on the table, shuffled by `seed`
    (a sorted pool would deal the jokers first); the 106 tiles must add up either way.
    """
    used = _tiles_of(racks.values()) + _tiles_of(table)
    if pool is None:
        pool = sort_tiles((Counter(ALL_TILES) - used).elements())
        random.Random(seed).shuffle(pool)
    if used + Counter(pool) != Counter(ALL_TILES):
        raise ValueError("the racks, table and pool must hold exactly the 106 tiles")
    return State(
        seed=seed,
        first=turn,
        game_no=1,
        pool=tuple(pool),
        racks={seat: tuple(racks[seat]) for seat in SEATS},
        table=tuple(tuple(arrange_set(tiles)) for tiles in table),
        opened=dict(opened or {1: bool(table), 2: bool(table)}),
        turn=turn,
    )


# --- Actions --------------------------------------------------------------------------


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


def _tiles_of(table: Iterable[Iterable[str]]) -> Counter[str]:
    return Counter(code for tiles in table for code in tiles)


def _listing(tiles: Counter[str]) -> str:
    return " ".join(sort_tiles(tiles.elements()))


def _set_key(tiles: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(tiles))


def take_from_rack(rack: Sequence[str], tiles: Counter[str]) -> tuple[str, ...]:
    """The rack without `tiles` (a multiset it contains), keeping the rack's order."""
    left = Counter(tiles)
    kept = []
    for code in rack:
        if left[code] > 0:
            left[code] -= 1
        else:
            kept.append(code)
    return tuple(kept)


def opening_sets(
    old_table: Sequence[Sequence[str]], new_table: Sequence[Sequence[str]]
) -> list[list[str]] | None:
    """The sets of `new_table` that are not old sets, or None if an old set was touched."""
    old = Counter(_set_key(tiles) for tiles in old_table)
    fresh = []
    for tiles in new_table:
        key = _set_key(tiles)
        if old[key] > 0:
            old[key] -= 1
        else:
            fresh.append(list(tiles))
    return fresh if not +old else None


def check_play(
    old_table: Sequence[Sequence[str]],
    rack: Sequence[str],
    opened: bool,
    new_table: Sequence[Sequence[str]],
) -> Counter[str]:
    """Check that `new_table` ends a turn legally; returns the rack tiles placed.

    Raises IllegalAction saying precisely why not. Shared by apply and the draft.
    """
    before, after = _tiles_of(old_table), _tiles_of(new_table)
    removed = before - after
    if removed:
        raise IllegalAction(
            "table_tile_removed",
            gettext_noop("Tiles from the table cannot go back to your rack (%(tiles)s)."),
            tiles=_listing(removed),
        )
    placed = after - before
    missing = placed - Counter(rack)
    if missing:
        raise IllegalAction(
            "not_in_rack",
            gettext_noop("You do not have these tiles: %(tiles)s."),
            tiles=_listing(missing),
        )
    fresh = new_table if opened else opening_sets(old_table, new_table)
    if fresh is None:
        raise opening_touches_table()
    for index, tiles in enumerate(new_table):
        check = check_set(tiles)
        if not check.valid:
            raise check.error(index + 1)
    if not placed:
        raise nothing_placed()
    if not opened:
        total = sum(set_value(tiles) for tiles in fresh)
        if total < OPENING_MINIMUM:
            raise opening_too_low(total)
    return placed


def nothing_placed() -> IllegalAction:
    return IllegalAction("nothing_placed", gettext_noop("Add at least one tile from your rack."))


def opening_touches_table() -> IllegalAction:
    return IllegalAction(
        "opening_touches_table",
        gettext_noop(
            "Before your initial meld you may not change the sets on the table; "
            "only add new sets from your rack."
        ),
    )


def opening_too_low(total: int) -> IllegalAction:
    return IllegalAction(
        "opening_too_low",
        gettext_noop("Your initial meld totals %(total)s points; it needs at least %(minimum)s."),
        total=total,
        minimum=OPENING_MINIMUM,
    )


def _finish(state: State, winner: Seat | None, reason: str, **changes: Any) -> State:
    racks: dict[Seat, tuple[str, ...]] = changes.get("racks", state.racks)
    sums = {seat: rack_sum(racks[seat]) for seat in SEATS}
    if reason == "out":
        assert winner is not None
        points = sums[other(winner)]
    else:
        points = abs(sums[1] - sums[2])
    scores = dict.fromkeys(SEATS, 0)
    if winner is not None:
        scores = {winner: points, other(winner): -points}
    result = {"winner": winner, "scores": scores, "reason": reason, "rack_sums": sums}
    return replace(state, turn=None, result=result, **changes)


def _play(state: State, seat: Seat, action: Action) -> State:
    new_table = parse_table(action.get("table"))
    rack = state.racks[seat]
    placed = check_play(state.table, rack, state.opened[seat], new_table)
    left = take_from_rack(rack, placed)
    changes: dict[str, Any] = {
        "table": tuple(tuple(arrange_set(tiles)) for tiles in new_table),
        "racks": {**state.racks, seat: left},
        "opened": {**state.opened, seat: True},
        "passes": 0,
        "turns": state.turns + 1,
        "last": {"seat": seat, "type": "play", "placed": sort_tiles(placed.elements())},
    }
    if not left:
        return _finish(state, seat, "out", **changes)
    return replace(state, turn=other(seat), **changes)


def _draw(state: State, seat: Seat, action: Action) -> State:
    if "table" in action:
        # The action needs no table; a client that sends one must send it unchanged.
        sent = parse_table(action["table"])
        if Counter(map(_set_key, sent)) != Counter(map(_set_key, state.table)):
            raise IllegalAction(
                "table_changed",
                gettext_noop("Reset the table before drawing: drawing ends the turn."),
            )
    if not state.pool:
        raise IllegalAction(
            "pool_empty", gettext_noop("The pool is empty: pass instead of drawing.")
        )
    return replace(
        state,
        pool=state.pool[:-1],
        racks={**state.racks, seat: (*state.racks[seat], state.pool[-1])},
        turn=other(seat),
        passes=0,
        turns=state.turns + 1,
        last={"seat": seat, "type": "draw"},
    )


def _pass(state: State, seat: Seat, action: Action) -> State:
    if state.pool:
        raise IllegalAction(
            "pool_not_empty",
            gettext_noop("You may pass only when the pool is empty; draw a tile instead."),
        )
    changes: dict[str, Any] = {
        "passes": state.passes + 1,
        "turns": state.turns + 1,
        "last": {"seat": seat, "type": "pass"},
    }
    if state.passes + 1 >= PASSES_TO_END:
        sums = {s: rack_sum(state.racks[s]) for s in SEATS}
        winner = None if sums[1] == sums[2] else min(SEATS, key=sums.__getitem__)
        return _finish(state, winner, "blocked", **changes)
    return replace(state, turn=other(seat), **changes)


ACTIONS = {"play": _play, "draw": _draw, "pass": _pass}


def _kind(action: dict[str, Any]) -> str:
    """The action's type, or "" when it is not a string (a list would not even hash)."""
    kind = action.get("type")
    return kind if isinstance(kind, str) else ""


def apply(state: State, seat: Seat, action: Action) -> State:
    """The state after `seat` takes `action`, or IllegalAction (and nothing changes)."""
    if seat not in SEATS or isinstance(seat, bool):
        raise IllegalAction("malformed", gettext_noop("Unknown seat."))
    if not isinstance(action, dict) or _kind(action) not in ACTIONS:
        raise IllegalAction(
            "malformed", gettext_noop("Unknown action: play, draw or pass were expected.")
        )
    if state.result is not None:
        raise IllegalAction("game_over", gettext_noop("The game is over."))
    if state.turn != seat:
        raise IllegalAction("not_your_turn", gettext_noop("It is not your turn."))
    return ACTIONS[action["type"]](state, seat, action)


# --- What is shown --------------------------------------------------------------------


def _by_seat(values: dict[Seat, Any]) -> dict[str, Any]:
    return {str(seat): values[seat] for seat in SEATS}


def _result_json(result: dict[str, Any] | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "winner": result["winner"],
        "scores": _by_seat(result["scores"]),
        "reason": result["reason"],
        "rack_sums": _by_seat(result["rack_sums"]),
    }


def _last_json(last: dict[str, Any] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {**last, **({"placed": list(last["placed"])} if "placed" in last else {})}


def view(state: State, seat: Seat | None) -> View:
    """What `seat` may see (None: a spectator). Never the pool or the opponent's rack,
    except that both racks are shown once the game is over (the score screen)."""
    if seat is not None and (seat not in SEATS or isinstance(seat, bool)):
        raise ValueError(f"seat must be 1, 2 or None, not {seat!r}")
    over = state.result is not None
    result = _result_json(state.result)
    if result is not None:
        result["racks"] = _by_seat({s: list(state.racks[s]) for s in SEATS})
    return {
        "game": "tiles",
        "seat": seat,
        "rack": None if seat is None else list(state.racks[seat]),
        "rack_sum": None if seat is None else rack_sum(state.racks[seat]),
        "table": [list(tiles) for tiles in state.table],
        "pool_count": len(state.pool),
        "rack_counts": _by_seat({s: len(state.racks[s]) for s in SEATS}),
        "opened": _by_seat(state.opened),
        "opening_minimum": OPENING_MINIMUM,
        "turn": state.turn,
        "over": over,
        "result": result,
        "last": _last_json(state.last),
        "passes": state.passes,
        "turns": state.turns,
        "game_no": state.game_no,
        "first": state.first,
    }


def status(state: State) -> dict[str, Any]:
    result = state.result
    return {
        "turn": state.turn,
        "over": result is not None,
        "scores": None if result is None else dict(result["scores"]),
        "winner": None if result is None else result["winner"],
        "reason": None if result is None else result["reason"],
        "pool_count": len(state.pool),
        "rack_counts": {seat: len(state.racks[seat]) for seat in SEATS},
        "opened": dict(state.opened),
        "passes": state.passes,
        "turns": state.turns,
        "game_no": state.game_no,
        "first": state.first,
    }


# --- Saving ---------------------------------------------------------------------------


def to_json(state: State) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "seed": state.seed,
        "first": state.first,
        "game_no": state.game_no,
        "pool": list(state.pool),
        "racks": _by_seat({seat: list(state.racks[seat]) for seat in SEATS}),
        "table": [list(tiles) for tiles in state.table],
        "opened": _by_seat(state.opened),
        "turn": state.turn,
        "passes": state.passes,
        "result": _result_json(state.result),
        "last": _last_json(state.last),
        "turns": state.turns,
    }


def _bad_state(what: str) -> IllegalAction:
    return IllegalAction(
        "bad_state", gettext_noop("This saved game is damaged (%(what)s)."), what=what
    )


def _int(data: dict[str, Any], key: str, low: int, high: int | None = None) -> int:
    item = data.get(key)
    if not isinstance(item, int) or isinstance(item, bool) or item < low:
        raise _bad_state(key)
    if high is not None and item > high:
        raise _bad_state(key)
    return item


def _seat_or_none(item: object, what: str) -> Seat | None:
    if item is None:
        return None
    if type(item) is not int or item not in SEATS:  # not True, not 1.0
        raise _bad_state(what)
    return item  # type: ignore[return-value]


def _per_seat(item: object, what: str, kind: type) -> dict[Seat, Any]:
    if not isinstance(item, dict) or set(item) != {"1", "2"}:
        raise _bad_state(what)
    values = {seat: item[str(seat)] for seat in SEATS}
    for entry in values.values():
        if not isinstance(entry, kind) or (kind is int and isinstance(entry, bool)):
            raise _bad_state(what)
    return values


def _codes(item: object, what: str) -> tuple[str, ...]:
    if not isinstance(item, list) or not all(is_tile(code) for code in item):
        raise _bad_state(what)
    return tuple(item)


def _result_from_json(item: object) -> dict[str, Any] | None:
    if item is None:
        return None
    if not isinstance(item, dict) or item.get("reason") not in ("out", "blocked"):
        raise _bad_state("result")
    return {
        "winner": _seat_or_none(item.get("winner"), "result"),
        "scores": _per_seat(item.get("scores"), "result", int),
        "reason": item["reason"],
        "rack_sums": _per_seat(item.get("rack_sums"), "result", int),
    }


def _last_from_json(item: object) -> dict[str, Any] | None:
    if item is None:
        return None
    if not isinstance(item, dict) or _kind(item) not in ACTIONS:
        raise _bad_state("last")
    if _seat_or_none(item.get("seat"), "last") is None:
        raise _bad_state("last")
    last = {"seat": item["seat"], "type": item["type"]}
    if item["type"] == "play":
        last["placed"] = list(_codes(item.get("placed"), "last"))
    return last


def from_json(data: dict[str, Any]) -> State:
    """A State from to_json's output; IllegalAction('bad_state') for anything else."""
    if not isinstance(data, dict):
        raise _bad_state("not an object")
    if type(data.get("schema")) is not int or data["schema"] != SCHEMA:
        raise _bad_state("schema")
    try:
        table = tuple(tuple(tiles) for tiles in parse_table(data.get("table")))
    except IllegalAction:
        raise _bad_state("table") from None
    raw_racks = _per_seat(data.get("racks"), "racks", list)
    racks = {seat: _codes(rack, "racks") for seat, rack in raw_racks.items()}
    state = State(
        seed=_int(data, "seed", -(2**63)),
        first=_int(data, "first", 1, 2),
        game_no=_int(data, "game_no", 1),
        pool=_codes(data.get("pool"), "pool"),
        racks=racks,
        table=table,
        opened=_per_seat(data.get("opened"), "opened", bool),
        turn=_seat_or_none(data.get("turn"), "turn"),
        passes=_int(data, "passes", 0, 2),
        result=_result_from_json(data.get("result")),
        last=_last_from_json(data.get("last")),
        turns=_int(data, "turns", 0),
    )
    everything = Counter(state.pool) + _tiles_of(state.table) + _tiles_of(racks.values())
    if everything != Counter(ALL_TILES):
        raise _bad_state("tiles")
    if not all(check_set(tiles).valid for tiles in table):
        raise _bad_state("table")
    if (state.turn is None) != (state.result is not None):
        raise _bad_state("turn")
    if state.passes >= PASSES_TO_END and state.result is None:
        raise _bad_state("passes")
    if state.result is None and not all(racks.values()):
        raise _bad_state("racks")  # an empty rack wins at once
    if state.result is not None and state.result != _result_of(state):
        raise _bad_state("result")
    return state


def _result_of(state: State) -> dict[str, Any] | None:
    """The result the rules give a finished game, from its racks (None: none can)."""
    reason = state.result["reason"] if state.result else None
    if reason == "out":
        winner = state.result["winner"] if state.result else None
        if winner is None or state.racks[winner]:
            return None
        return _finish(state, winner, "out").result
    if reason == "blocked" and not state.pool:
        sums = {seat: rack_sum(state.racks[seat]) for seat in SEATS}
        winner = None if sums[1] == sums[2] else min(SEATS, key=sums.__getitem__)
        return _finish(state, winner, "blocked").result
    return None
