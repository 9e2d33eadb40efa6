"""The markup of tiles, built from cached strings with plain joins.

A late-game board has a hundred tiles, and every push to every seat renders one (issue
12). A tile's markup depends only on its code, how it is shown (placed, fresh, as a
button or a small picture, its place on the table) and the language of its spoken
label, so each is built once per language and then joined: no template loop, no tag
call and no escaping per tile.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from django.utils.translation import get_language, gettext, pgettext_lazy

from gamekit.memo import memoized
from rooms.errors import each
from tiles.sets import JOKER, is_tile

# Each colour also has its own mark under the number, so that it never depends on hue.
COLOURS: dict[str, tuple[str, Any, str]] = {
    "K": ("black", pgettext_lazy("tile colour", "black"), "●"),
    "B": ("blue", pgettext_lazy("tile colour", "blue"), "▲"),
    "O": ("orange", pgettext_lazy("tile colour", "orange"), "■"),
    "R": ("red", pgettext_lazy("tile colour", "red"), "◆"),
}

# A tile's number as its label says it: Russian says "красная семёрка" ("red seven"), not
# "красная семь"; English and Portuguese keep the figure, read aloud as a word.
NUMBER_WORDS: dict[str, Any] = {
    "1": pgettext_lazy("tile number", "1"),
    "2": pgettext_lazy("tile number", "2"),
    "3": pgettext_lazy("tile number", "3"),
    "4": pgettext_lazy("tile number", "4"),
    "5": pgettext_lazy("tile number", "5"),
    "6": pgettext_lazy("tile number", "6"),
    "7": pgettext_lazy("tile number", "7"),
    "8": pgettext_lazy("tile number", "8"),
    "9": pgettext_lazy("tile number", "9"),
    "10": pgettext_lazy("tile number", "10"),
    "11": pgettext_lazy("tile number", "11"),
    "12": pgettext_lazy("tile number", "12"),
    "13": pgettext_lazy("tile number", "13"),
}

JOKER_FACE = '<span class="tile-joker" aria-hidden="true">☺</span>'


@memoized("tiles.markup.label", 1024)
def label(code: str, language: str | None) -> str:
    """A tile's spoken label in `language` (the current one): the same for every copy
    of the tile, and asked for by every tile of every board rendered."""
    if code == JOKER:
        return gettext("joker")
    _name, spoken, _mark = COLOURS[code[0]]
    number = NUMBER_WORDS.get(code[1:], code[1:])
    return gettext("%(colour)s %(number)s") % {"colour": spoken, "number": number}


def tile_name(code: str) -> str:
    """A tile in words, as its spoken label says it ("red 7", "красная семёрка"); what
    is not a tile's code (a hand-made message's) as it is."""
    return label(code, get_language()) if is_tile(code) else code


# The params of the refusals that name tiles (tiles/turns.py, sets.py, draft.py), said in
# words as the board says them, not by their codes ("R7") (Game.names).
NAMES = {"tile": tile_name, "tiles": each(tile_name), "pieces": each(tile_name)}


def face(code: str) -> tuple[str, str]:
    """The tile's colour class and the inside of its markup (number and mark)."""
    if code == JOKER:
        return "joker", JOKER_FACE
    name, _spoken, mark = COLOURS[code[0]]
    return name, (
        f'<span class="tile-number" aria-hidden="true">{escape(code[1:])}</span>'
        f'<span class="tile-mark" aria-hidden="true">{escape(mark)}</span>'
    )


@memoized("tiles.markup.tile_html", 8192)
def tile_html(
    code: str,
    language: str | None,
    *,
    placed: bool = False,
    fresh: bool = False,
    button: bool = False,
    small: bool = False,
    set_index: int | None = None,
    tile_index: int | None = None,
    piece: bool = True,
) -> str:
    """One tile: a focusable button with data for board.js (`button`, with
    `set_index`/`tile_index` for a table tile), else a picture. Every value in it is
    escaped or an int. Called with the language (get_language()) so that the cache
    keeps each language's label apart. `piece` marks it `data-piece` (motion.js follows
    it from one board to the next): every tile of the table and a rack; of the small
    pictures only a replay's racks, never the last move's line, which repeats the
    table's tiles."""
    spoken = escape(str(label(code, language)))
    colour, inside = face(code)
    classes = f"tile tile-{colour}"
    marked = f' data-piece="{escape(code)}"' if piece else ""
    if button:
        if placed:
            classes += " is-placed"
        if fresh:
            classes += " is-fresh"
        data = f' data-code="{escape(code)}"{marked}'
        if set_index is not None:
            data += f' data-set="{int(set_index)}" data-index="{int(tile_index or 0)}"'
        if placed:
            data += " data-placed"
        return (
            f'<button type="button" class="{classes}"{data} aria-pressed="false" '
            f'aria-label="{spoken}">{inside}</button>'
        )
    if small:
        classes += " tile-small"
    if fresh:
        classes += " is-fresh"
    return f'<span class="{classes}"{marked} role="img" aria-label="{spoken}">{inside}</span>'


def set_row_html(
    index: int, tiles: Sequence[tuple[str, bool, bool]], editable: bool, language: str | None
) -> str:
    """The tiles of table set `index`, each (code, placed, fresh): buttons when the seat
    may edit the table, pictures otherwise."""
    return "".join(
        tile_html(
            code,
            language,
            placed=placed,
            fresh=fresh,
            button=editable,
            set_index=index,
            tile_index=position,
        )
        for position, (code, placed, fresh) in enumerate(tiles)
    )


def rack_html(rack: Iterable[tuple[str, bool]]) -> str:
    """The rack's tiles, each (code, fresh), as buttons."""
    language = get_language()
    return "".join(tile_html(code, language, fresh=fresh, button=True) for code, fresh in rack)


def small_tiles_html(codes: Iterable[str] | str | None, piece: bool = False) -> str:
    """Small pictures of tiles: a list of codes, or a space-separated string of them;
    `piece`, each marked as a piece on the board (a replay's racks)."""
    if isinstance(codes, str):
        codes = codes.split()
    language = get_language()
    return "".join(tile_html(code, language, small=True, piece=piece) for code in codes or ())


def table_sets_html(sets: Sequence[dict[str, Any]], editable: bool) -> str:
    """The `<li>` of each set of draft_context's `sets` (the draft area's list)."""
    language = get_language()
    return "".join(
        _set_item(
            int(tile_set["index"]),
            tuple(tile_set["tiles"]),
            str(tile_set["problem"]) if tile_set["problem"] else "",
            bool(tile_set["fresh"]),
            editable,
            language,
        )
        for tile_set in sets
    )


# A set's item depends only on these values, and most sets of a table are the same from
# one action to the next: so each is built once (a late board has twenty of them).
@memoized("tiles.markup.set_item", 4096)
def _set_item(
    index: int,
    tiles: tuple[tuple[str, bool, bool], ...],
    problem: str,
    fresh: bool,
    editable: bool,
    language: str | None,
) -> str:
    number = {"number": index + 1}
    problem = escape(problem)
    classes = "tile-set"
    if problem:
        classes += " is-invalid"
    if fresh:
        classes += " is-last-move"
    plus = ""
    if editable:
        add = escape(gettext("Add the selected tiles to set %(number)s") % number)
        plus = (
            f'<button type="button" class="set-plus" data-action="add" data-set="{index}" '
            f'data-key="a" aria-keyshortcuts="A" '
            f'disabled\n                aria-label="{add}">+</button>'
        )
    note = (
        f'<p class="set-problem" role="note"><span aria-hidden="true">⚠</span> {problem}</p>'
        if problem
        else ""
    )
    label = escape(gettext("Set %(number)s") % number)  # outside the f-string: xgettext
    row = set_row_html(index, tiles, editable, language)
    return (
        f'\n    <li class="{classes}" data-drop="set" data-set="{index}"'
        f' data-place="set-{index + 1}" data-roving="set-{index}"\n'
        f'        aria-label="{label}'
        f'{": " + problem if problem else ""}">\n'
        f'      <div class="tile-row">\n'
        f"        {row}\n"
        f"        {plus}\n"
        f"      </div>\n"
        f"      {note}\n"
        f"    </li>\n    "
    )
