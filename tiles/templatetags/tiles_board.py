"""What the board templates need to draw tiles, sets and the draft area."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, pgettext_lazy

from rooms.templatetags.seats import by_seat
from tiles.engine import JOKER, OPENING_MINIMUM, check_set

register = template.Library()

# Each colour also has its own mark under the number, so that it never depends on hue.
COLOURS: dict[str, tuple[str, Any, str]] = {
    "K": ("black", pgettext_lazy("tile colour", "black"), "●"),
    "B": ("blue", pgettext_lazy("tile colour", "blue"), "▲"),
    "O": ("orange", pgettext_lazy("tile colour", "orange"), "■"),
    "R": ("red", pgettext_lazy("tile colour", "red"), "◆"),
}


@lru_cache(maxsize=1024)
def _label(code: str, language: str | None) -> str:
    """A tile's spoken label in `language` (the current one): the same for every copy
    of the tile, and asked for by every tile of every board rendered."""
    if code == JOKER:
        return gettext("joker")
    _name, spoken, _mark = COLOURS[code[0]]
    return gettext("%(colour)s %(number)s") % {"colour": spoken, "number": code[1:]}


def tile_face(code: str, placed: bool = False, fresh: bool = False) -> dict[str, Any]:
    """A tile as the templates draw it: colour class, number, mark, spoken label."""
    label = _label(code, get_language())
    if code == JOKER:
        return {
            "code": code,
            "joker": True,
            "colour": "joker",
            "number": "",
            "mark": "",
            "label": label,
            "placed": placed,
            "fresh": fresh,
        }
    name, _spoken, mark = COLOURS[code[0]]
    return {
        "code": code,
        "joker": False,
        "colour": name,
        "number": code[1:],
        "mark": mark,
        "label": label,
        "placed": placed,
        "fresh": fresh,
    }


@register.simple_tag
def tile_markup(
    tile: dict[str, Any],
    button: bool = False,
    small: bool = False,
    set_index: int | None = None,
    tile_index: int | None = None,
) -> SafeString:
    """One tile, from tile_face: a focusable button with data for board.js (`button`,
    with `set_index`/`tile_index` for a table tile), else a picture. Built here rather
    than by an include per tile: a late-game board has a hundred tiles, and the includes
    took most of its render time, on every push to every seat (issue 12)."""
    # The stdlib's escape, which Django's wraps for lazy strings at a cost per call.
    label = escape(str(tile["label"]))
    if tile["joker"]:
        face = '<span class="tile-joker" aria-hidden="true">☺</span>'
    else:
        face = (
            f'<span class="tile-number" aria-hidden="true">{escape(tile["number"])}'
            f'</span><span class="tile-mark" aria-hidden="true">{escape(tile["mark"])}'
            "</span>"
        )
    classes = f"tile tile-{escape(tile['colour'])}"
    if button:
        if tile["placed"]:
            classes += " is-placed"
        if tile["fresh"]:
            classes += " is-fresh"
        data = f' data-code="{escape(tile["code"])}"'
        if set_index is not None:
            data += f' data-set="{int(set_index)}" data-index="{int(tile_index or 0)}"'
        if tile["placed"]:
            data += " data-placed"
        # Every value above is escaped or an int.
        return mark_safe(
            f'<button type="button" class="{classes}"{data} aria-pressed="false" '
            f'aria-label="{label}">{face}</button>'
        )
    if small:
        classes += " tile-small"
    if tile["fresh"]:
        classes += " is-fresh"
    # Every value above is escaped.
    return mark_safe(f'<span class="{classes}" role="img" aria-label="{label}">{face}</span>')


@register.filter
def tiles(codes: Iterable[str] | str | None) -> list[dict[str, Any]]:
    """{% for tile in codes|tiles %}: faces for a list of codes (e.g. a revealed rack),
    or for a space-separated string of codes ("R7 B7 K7", for the rules pages)."""
    if isinstance(codes, str):
        codes = codes.split()
    return [tile_face(code) for code in codes or ()]


def _placed_marks(table: Sequence[Sequence[str]], placed: Iterable[str]) -> list[list[bool]]:
    """Which table tiles to show as placed this turn. Copies of a tile are alike, so the
    placed copies are taken from the newest sets first (new sets go at the end)."""
    left = Counter(placed)
    marks = [[False] * len(tiles) for tiles in table]
    for set_index in range(len(table) - 1, -1, -1):
        for tile_index in range(len(table[set_index]) - 1, -1, -1):
            code = table[set_index][tile_index]
            if left[code] > 0:
                left[code] -= 1
                marks[set_index][tile_index] = True
    return marks


def _rack_faces(rack: Sequence[str], drawn: str | None) -> list[dict[str, Any]]:
    """The rack's tiles, the last copy of the tile just drawn marked (it went last)."""
    at = max((i for i, code in enumerate(rack) if code == drawn), default=None)
    return [tile_face(code, fresh=index == at) for index, code in enumerate(rack)]


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
    """The context of tiles/draft.html: the table's sets, the rack, what is wrong; and
    what the last move changed (`fresh_sets`, the `fresh_tiles` placed in them, the tile
    `drawn` into this rack), marked until the player acts."""
    quiet = {"opening_too_low"} if changed else {"opening_too_low", "nothing_placed"}
    by_set = {
        problem["set"]: problem["message"] for problem in problems if problem["set"] is not None
    }
    marks = _placed_marks(table, placed)
    fresh_sets = set(fresh_sets)
    fresh = _placed_marks(
        [codes if index in fresh_sets else () for index, codes in enumerate(table)], fresh_tiles
    )
    sets = []
    for index, codes in enumerate(table):
        check = check_set(codes)
        sets.append(
            {
                "index": index,
                "number": index + 1,
                "tiles": [
                    tile_face(code, mark, new)
                    for code, mark, new in zip(
                        codes, marks[index], fresh[index] or [False] * len(codes), strict=True
                    )
                ],
                "fresh": index in fresh_sets,
                "problem": by_set.get(index),
                "kind": check.kind,
                "value": check.value,
            }
        )
    return {
        "sets": sets,
        "rack": None if rack is None else _rack_faces(rack, drawn),
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


@register.simple_tag
def board_draft(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The draft area at the start of a turn, straight from the view (the page then
    restores a saved draft, if any, through the draft endpoint)."""
    editable = seat is not None and not view.get("over") and view.get("turn") == seat
    opened = bool(by_seat(view.get("opened"), seat)) if seat is not None else True
    # Once the game is over the result shows both racks; the own rack is not repeated.
    rack = None if view.get("over") else view.get("rack")
    # The other player's last move is marked on the table; a tile this seat drew, in
    # its rack (the engine's view tells the drawn tile to the drawer only).
    last = view.get("last") or {}
    theirs = seat is not None and last.get("seat") not in (None, seat) and not view.get("over")
    return draft_context(
        view.get("table") or [],
        rack,
        editable=editable,
        opened=opened,
        fresh_sets=last.get("changed") or () if theirs else (),
        fresh_tiles=last.get("placed") or () if theirs else (),
        drawn=last.get("tile") if seat is not None and last.get("seat") == seat else None,
    )


@register.filter
def to_json(value: Any) -> str:
    """A value as JSON text, for a form field (the template escapes it for the attribute)."""
    return json.dumps(value)


@register.simple_tag
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


@register.simple_tag
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
