"""The turn in progress ("draft"): a list of edits replayed from the start of the turn.

The page keeps the edits; the server replays them after each one to say what the table
looks like and whether "End turn" could succeed. Replaying changes no game state.

Indices in an edit refer to the draft table as it was after the previous edit (0-based
sets and positions), which is what the page shows. After every edit, empty sets
disappear and every valid set is put in canonical order (tiles.sets.arrange_set), so a run
reads in order as soon as it is one; an invalid set keeps the order the player gave it.

Edits:
    {"type": "new_set", "tiles": [codes from the rack]}
    {"type": "add", "set": i, "tiles": [codes from the rack]}
    {"type": "move", "from": i, "index": k, "to": j | "new"}
    {"type": "split", "set": i, "at": k}           tiles[:k] stay, tiles[k:] follow as a new set
    {"type": "take_back", "set": i, "index": k}    only a tile placed this turn
    {"type": "arrange", "table": [[codes], ...]}   the whole table at once (the Hint button):
                                                   the start table's tiles plus some rack
                                                   tiles; before the initial meld the old
                                                   sets unchanged (they go back to the head)
    {"type": "undo"}                               drops the previous edit (a reset too)
    {"type": "reset"}                              back to the start of the turn
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.engine import IllegalAction, Seat, gettext_noop
from tiles.sets import (
    ALL_TILES,
    arrange_set,
    check_set,
    is_tile,
    parse_table,
    set_value,
    sort_tiles,
)
from tiles.state import OPENING_MINIMUM, State
from tiles.turns import (
    check_play,
    nothing_placed,
    opening_sets,
    opening_too_low,
    opening_touches_table,
    placed_tiles,
    take_from_rack,
)

# A turn never needs this many edits; a longer list is an attack, not a player.
MAX_EDITS = 1000

Problem = dict[str, Any]


@dataclass(frozen=True)
class Draft:
    """The table and rack after the edits, and what stands between them and "End turn"."""

    table: list[list[str]]
    rack: list[str]
    placed: list[str]  # the seat's tiles placed this turn (a multiset, sorted)
    problems: list[Problem]  # {"code", "message", "params", "set": 0-based index | None}
    valid: bool  # "End turn" with {"type": "play", "table": table} would succeed
    changed: bool  # the table differs from the start of the turn (then no drawing)
    opening_total: int | None = None  # before the initial meld: points of the new sets
    edits: int = 0  # edits in effect after undos and resets


@dataclass(frozen=True)
class _Turn:
    """What the edits work on: the start of the turn, fixed for the whole replay."""

    table: list[list[str]]
    rack: list[str]
    opened: bool

    def touches_old_set(self, index: int) -> bool:
        # Before the initial meld the old sets stay untouched, so they keep their places
        # at the head of the table and any index below their count is an old set.
        return not self.opened and index < len(self.table)


@dataclass
class _Desk:
    """The draft being edited (mutable, private to one replay)."""

    table: list[list[str]]
    rack: list[str]

    def copy(self) -> _Desk:
        return _Desk([list(tiles) for tiles in self.table], list(self.rack))

    def tidy(self) -> None:
        self.table = [arrange_set(tiles) for tiles in self.table if tiles]


def _malformed() -> IllegalAction:
    return IllegalAction("malformed", gettext_noop("This change of the table is not understood."))


def _index(edit: dict[str, Any], key: str) -> int:
    item = edit.get(key)
    if not isinstance(item, int) or isinstance(item, bool):
        raise _malformed()
    return item


def _set_index(desk: _Desk, edit: dict[str, Any], key: str) -> int:
    index = _index(edit, key)
    if not 0 <= index < len(desk.table):
        raise IllegalAction("no_such_set", gettext_noop("There is no set %(set)s."), set=index + 1)
    return index


def _tile_index(desk: _Desk, set_index: int, edit: dict[str, Any], key: str) -> int:
    index = _index(edit, key)
    if not 0 <= index < len(desk.table[set_index]):
        raise IllegalAction(
            "no_such_tile",
            gettext_noop("Set %(set)s has no tile at position %(position)s."),
            set=set_index + 1,
            position=index + 1,
        )
    return index


def _from_rack(desk: _Desk, edit: dict[str, Any]) -> list[str]:
    """The selected rack tiles of a new_set or add edit, taken off the rack."""
    tiles = edit.get("tiles")
    if not isinstance(tiles, list) or len(tiles) > len(ALL_TILES):
        raise _malformed()  # more than the whole game: an attack, not a selection
    if not all(is_tile(code) for code in tiles):
        raise _malformed()
    if not tiles:
        raise IllegalAction(
            "empty_selection", gettext_noop("Select at least one tile from your rack.")
        )
    missing = Counter(tiles) - Counter(desk.rack)
    if missing:
        raise IllegalAction(
            "not_in_rack",
            gettext_noop("You do not have these tiles: %(tiles)s."),
            tiles=" ".join(sort_tiles(missing.elements())),
        )
    desk.rack = list(take_from_rack(desk.rack, Counter(tiles)))
    return list(tiles)


def _new_set(turn: _Turn, desk: _Desk, edit: dict[str, Any]) -> None:
    desk.table.append(_from_rack(desk, edit))


def _add(turn: _Turn, desk: _Desk, edit: dict[str, Any]) -> None:
    target = _set_index(desk, edit, "set")
    if turn.touches_old_set(target):
        raise opening_touches_table()
    desk.table[target].extend(_from_rack(desk, edit))


def _move(turn: _Turn, desk: _Desk, edit: dict[str, Any]) -> None:
    source = _set_index(desk, edit, "from")
    position = _tile_index(desk, source, edit, "index")
    target = edit.get("to")
    if target != "new":
        target = _set_index(desk, edit, "to")
    if turn.touches_old_set(source) or (target != "new" and turn.touches_old_set(target)):
        raise opening_touches_table()
    code = desk.table[source].pop(position)
    if target == "new":
        desk.table.append([code])
    else:
        desk.table[target].append(code)


def _split(turn: _Turn, desk: _Desk, edit: dict[str, Any]) -> None:
    target = _set_index(desk, edit, "set")
    at = _index(edit, "at")
    tiles = desk.table[target]
    if not 0 < at < len(tiles):
        raise IllegalAction(
            "bad_split", gettext_noop("A set can only be split between two of its tiles.")
        )
    if turn.touches_old_set(target):
        raise opening_touches_table()
    desk.table[target : target + 1] = [tiles[:at], tiles[at:]]


def _take_back(turn: _Turn, desk: _Desk, edit: dict[str, Any]) -> None:
    source = _set_index(desk, edit, "set")
    position = _tile_index(desk, source, edit, "index")
    if turn.touches_old_set(source):
        raise opening_touches_table()
    code = desk.table[source][position]
    # Tiles are fungible: a code may go back while the table holds more of it than at
    # the start of the turn, whichever copy the player points at.
    on_table = sum(tiles.count(code) for tiles in desk.table)
    at_start = sum(tiles.count(code) for tiles in turn.table)
    if on_table <= at_start:
        raise IllegalAction(
            "table_tile_removed",
            gettext_noop(
                "Tiles from the table cannot go back to your rack; "
                "only your own tiles placed this turn can."
            ),
        )
    desk.table[source].pop(position)
    desk.rack.append(code)


def _arrange(turn: _Turn, desk: _Desk, edit: dict[str, Any]) -> None:
    """Replace the whole draft table: the start table's tiles plus some rack tiles."""
    table = [tiles for tiles in parse_table(edit.get("table")) if tiles]
    placed = placed_tiles(turn.table, turn.rack, table)
    if not turn.opened:
        old_sets = [list(tiles) for tiles in turn.table if tiles]
        fresh = opening_sets(old_sets, table)
        if fresh is None:
            raise opening_touches_table()
        # The old sets keep their places at the head of the table (see touches_old_set).
        table = old_sets + fresh
    desk.table = table
    desk.rack = list(take_from_rack(turn.rack, placed))


EDITS: dict[str, Callable[[_Turn, _Desk, dict[str, Any]], None]] = {
    "new_set": _new_set,
    "add": _add,
    "move": _move,
    "split": _split,
    "take_back": _take_back,
    "arrange": _arrange,
}


def _apply_edits(turn: _Turn, edits: object) -> list[_Desk]:
    """The draft after each edit in effect (index 0: the start of the turn)."""
    if not isinstance(edits, list) or len(edits) > MAX_EDITS:
        raise _malformed()
    start = _Desk([list(tiles) for tiles in turn.table], list(turn.rack))
    start.tidy()
    history = [start]
    for number, edit in enumerate(edits, start=1):
        if not isinstance(edit, dict):
            raise _malformed()
        kind = edit.get("type")
        kind = kind if isinstance(kind, str) else ""  # a list would not even hash
        try:
            if kind == "undo":
                if len(history) == 1:
                    raise IllegalAction(
                        "nothing_to_undo", gettext_noop("There is nothing to undo.")
                    )
                history.pop()
            elif kind == "reset":
                history.append(start.copy())
            elif kind in EDITS:
                desk = history[-1].copy()
                EDITS[kind](turn, desk, edit)
                desk.tidy()
                history.append(desk)
            else:
                raise _malformed()
        except IllegalAction as error:
            error.params.setdefault("edit", number)  # which edit, for logs and the page
            raise
    return history


def _set_key_multiset(table: Sequence[Sequence[str]]) -> Counter[tuple[str, ...]]:
    return Counter(tuple(sorted(tiles)) for tiles in table)


def _problem(error: IllegalAction, set_index: int | None = None) -> Problem:
    return {
        "code": error.code,
        "message": error.message,
        "params": dict(error.params),
        "set": set_index,
    }


def _problems(turn: _Turn, desk: _Desk, placed: Counter[str]) -> tuple[list[Problem], int | None]:
    """Everything that would make "End turn" fail, and the opening total so far."""
    problems = []
    for index, tiles in enumerate(desk.table):
        check = check_set(tiles)
        if not check.valid:
            problems.append(_problem(check.error(index + 1), index))
    if not placed:
        problems.append(_problem(nothing_placed()))
    opening_total = None
    if not turn.opened:
        fresh = opening_sets(turn.table, desk.table) or []
        opening_total = sum(set_value(tiles) for tiles in fresh)
        if opening_total < OPENING_MINIMUM:
            problems.append(_problem(opening_too_low(opening_total)))
    if not problems:
        # The engine has the last word: whatever the draft allows, apply must accept.
        try:
            check_play(turn.table, turn.rack, turn.opened, desk.table)
        except IllegalAction as error:
            problems.append(_problem(error))
    return problems, opening_total


def replay(
    table: Sequence[Sequence[str]],
    rack: Sequence[str],
    opened: bool,
    edits: list[dict[str, Any]],
) -> Draft:
    """Replay a turn's edits from the start of the turn (`table`, `rack`, `opened`).

    Raises IllegalAction for the first edit that cannot be made (its params carry the
    1-based number of that edit as "edit"); otherwise returns the Draft.
    """
    turn = _Turn([list(tiles) for tiles in table], list(rack), opened)
    history = _apply_edits(turn, edits)
    desk = history[-1]
    placed = Counter(code for tiles in desk.table for code in tiles) - Counter(
        code for tiles in turn.table for code in tiles
    )
    problems, opening_total = _problems(turn, desk, placed)
    return Draft(
        table=desk.table,
        rack=desk.rack,
        placed=sort_tiles(placed.elements()),
        problems=problems,
        valid=not problems,
        changed=_set_key_multiset(desk.table) != _set_key_multiset(turn.table),
        opening_total=opening_total,
        edits=len(history) - 1,
    )


def table_after(
    table: Sequence[Sequence[str]],
    rack: Sequence[str],
    opened: bool,
    edits: list[dict[str, Any]],
) -> tuple[list[list[str]], list[str]]:
    """The draft's table and rack after `edits`, unchecked (what tiles.draft_words says
    of an edit); IllegalAction as replay() for an edit that cannot be made."""
    turn = _Turn([list(tiles) for tiles in table], list(rack), opened)
    desk = _apply_edits(turn, edits)[-1]
    return desk.table, desk.rack


def replay_state(state: State, seat: Seat, edits: list[dict[str, Any]]) -> Draft:
    """replay() for `seat` at the start of its turn in `state`."""
    return replay(state.table, state.racks[seat], state.opened[seat], edits)
