"""What a tile board shows, from the engine's view of one seat: the draft area's sets
and rack with their marks (draft_context, also the draft endpoint's), the data board.js
replays, and how the last play touched the table. tiles/board.py draws them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from rooms.templatetags.seats import by_seat
from tiles.state import OPENING_MINIMUM


def _placed_marks(
    table: Sequence[Sequence[str]], placed: Iterable[str]
) -> list[tuple[bool, ...]] | None:
    """Which table tiles to show as placed this turn (None: none). Copies of a tile are
    alike, so the placed copies are taken from the newest sets first (new sets go at the
    end)."""
    left = Counter(placed)
    if not left:
        return None
    marks = [[False] * len(tiles) for tiles in table]
    for set_index in range(len(table) - 1, -1, -1):
        for tile_index in range(len(table[set_index]) - 1, -1, -1):
            code = table[set_index][tile_index]
            if left[code] > 0:
                left[code] -= 1
                marks[set_index][tile_index] = True
    return [tuple(row) for row in marks]


def _rack_tiles(rack: Sequence[str], drawn: str | None) -> list[tuple[str, bool]]:
    """The rack's tiles as (code, fresh), the last copy of the tile just drawn marked
    (it went last)."""
    at = max((i for i, code in enumerate(rack) if code == drawn), default=None)
    return [(code, index == at) for index, code in enumerate(rack)]


def draft_context(
    table: Sequence[Sequence[str]],
    rack: Sequence[str] | None,
    *,
    placed: Iterable[str] = (),
    problems: Sequence[dict[str, Any]] = (),
    editable: bool = False,
    changed: bool = False,
    opened: bool = True,
    opening_total: int | None = None,
    fresh_sets: Iterable[int] = (),
    fresh_tiles: Iterable[str] = (),
    drawn: str | None = None,
) -> dict[str, Any]:
    """What the draft area shows (board.draft_html): the table's sets, the rack,
    what is wrong; and what the last move changed (`fresh_sets`, the `fresh_tiles` placed
    in them, the tile `drawn` into this rack), marked until the player acts."""
    quiet = {"opening_too_low"} if changed else {"opening_too_low", "nothing_placed"}
    by_set = {
        problem["set"]: problem["message"] for problem in problems if problem["set"] is not None
    }
    marks = _placed_marks(table, placed)
    fresh_sets = set(fresh_sets)
    fresh = (
        _placed_marks(
            [codes if index in fresh_sets else () for index, codes in enumerate(table)],
            fresh_tiles,
        )
        if fresh_sets
        else None
    )
    sets = []
    for index, codes in enumerate(table):
        unmarked = (False,) * len(codes)
        sets.append(
            {
                "index": index,
                "number": index + 1,
                # (code, placed, fresh) for set_tiles; a tuple, the key of its markup
                "tiles": tuple(
                    zip(
                        codes,
                        marks[index] if marks else unmarked,
                        fresh[index] if fresh and fresh[index] else unmarked,
                        strict=True,
                    )
                ),
                "fresh": index in fresh_sets,
                "problem": by_set.get(index),
            }
        )
    return {
        "sets": sets,
        "rack": None if rack is None else _rack_tiles(rack, drawn),
        # The opening total has its own line; "add a tile" goes without saying on an
        # untouched table; the other problems concern the whole table.
        "general_problems": [
            p["message"] for p in problems if p["set"] is None and p["code"] not in quiet
        ],
        "editable": editable,
        "opened": opened,
        "opening_total": opening_total if opening_total is not None else (None if opened else 0),
        "opening_minimum": OPENING_MINIMUM,
    }


def board_draft(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The draft area at the start of a turn, straight from the view (the page then
    restores a saved draft, if any, through the draft endpoint)."""
    # A replay (rooms.replays) edits nothing and shows both racks above the table.
    replay = bool(view.get("replay"))
    editable = seat is not None and not view.get("over") and view.get("turn") == seat
    editable = editable and not replay
    opened = bool(by_seat(view.get("opened"), seat)) if seat is not None else True
    # Once the game is over the result shows both racks; the own rack is not repeated.
    rack = None if view.get("over") or replay else view.get("rack")
    # The other player's last move is marked on the table (in a replay, every last
    # move); a tile this seat drew, in its rack (the view tells the drawer only).
    last = view.get("last") or {}
    theirs = seat is not None and last.get("seat") not in (None, seat) and not view.get("over")
    theirs = theirs or (replay and last.get("seat") is not None and not view.get("over"))
    return draft_context(
        view.get("table") or [],
        rack,
        editable=editable,
        opened=opened,
        fresh_sets=last.get("changed") or () if theirs else (),
        fresh_tiles=last.get("placed") or () if theirs else (),
        drawn=last.get("tile") if seat is not None and last.get("seat") == seat else None,
    )


def last_play_sets(view: dict[str, Any]) -> dict[str, int]:
    """How the last play touched the table, for its line in words: `made`, the sets it
    laid down new (only tiles it placed), and `changed`, the sets already there that it
    extended or rearranged."""
    last = view.get("last") or {}
    table = view.get("table") or []
    placed = Counter(last.get("placed") or ())
    made = 0
    for index in last.get("changed") or ():
        tiles = Counter(table[index]) if 0 <= index < len(table) else None
        if tiles is not None and not tiles - placed:
            made += 1
            placed -= tiles
    return {"made": made, "changed": len(last.get("changed") or ()) - made}


def board_data(view: dict[str, Any], seat: int | None, editable: bool) -> dict[str, Any]:
    """What board.js needs to replay the draft (json_script): the start of the turn and
    the turn's identity, so that a saved draft of another turn is dropped."""
    return {
        "table": view.get("table") or [],
        "rack": view.get("rack") or [],
        "opened": bool(by_seat(view.get("opened"), seat)) if seat is not None else True,
        "seat": seat,
        "turn_id": f"{view.get('game_no')}:{view.get('turns')}:{seat}",
        "editable": editable,
        "pool_count": view.get("pool_count", 0),
    }
