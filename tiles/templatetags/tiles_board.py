"""Tiles in templates: the end of a game (tiles/result.html), the keyboard help of the
turn's tools (tiles/turn_tools.html) and the rules pages' examples (the board itself is
drawn by tiles/board.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rooms.templatetags.phrase_tags import phrase_tags
from tiles import phrases
from tiles.markup import (
    COLOURS,
    label,
    small_tiles_html,
    tile_html,
)
from tiles.sets import JOKER

# The sentences that name a seat (tiles/phrases.py): {% won who seat mode %}.
register = phrase_tags(phrases)

# The arrow keys of the board, as board.js has them: lines of the play page's Keys panel
# (tiles/keys.html).
KEYS = (
    _("Arrow keys: move between the tiles of the rack and of the sets."),
    _("Enter or Space: select a tile, or add the selected tiles with +."),
    _("Shift with Left or Right: move a tile within the rack."),
)


def tile_face(code: str, placed: bool = False, fresh: bool = False) -> dict[str, Any]:
    """A tile as the templates draw it: colour class, number, mark, spoken label."""
    spoken = label(code, get_language())
    if code == JOKER:
        name, number, mark = "joker", "", ""
    else:
        name, _spoken, mark = COLOURS[code[0]]
        number = code[1:]
    return {
        "code": code,
        "joker": code == JOKER,
        "colour": name,
        "number": number,
        "mark": mark,
        "label": spoken,
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
    """One tile, from tile_face (tiles/markup.py builds it)."""
    return mark_safe(  # tile_html escapes every value or makes it an int
        tile_html(
            tile["code"],
            get_language(),
            placed=bool(tile["placed"]),
            fresh=bool(tile["fresh"]),
            button=button,
            small=small,
            set_index=set_index,
            tile_index=tile_index,
        )
    )


@register.simple_tag
def small_tiles(codes: Iterable[str] | str | None) -> SafeString:
    """Small pictures of a list of codes, or of a space-separated string of codes."""
    return mark_safe(small_tiles_html(codes))


@register.filter
def tiles(codes: Iterable[str] | str | None) -> list[dict[str, Any]]:
    """{% for tile in codes|tiles %}: faces for a list of codes (e.g. a revealed rack),
    or for a space-separated string of codes ("R7 B7 K7", for the rules pages)."""
    if isinstance(codes, str):
        codes = codes.split()
    return [tile_face(code) for code in codes or ()]


@register.simple_tag
def keyboard_lines() -> tuple[Any, ...]:
    """The arrow and Enter keys of this board, for the play page's Keys panel
    (rooms/partials/keys_panel.html)."""
    return KEYS
