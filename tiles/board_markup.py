"""The tile board of one seat without the template engine: tiles/board.html, built in
Python, byte for byte.

Every action online renders two boards (one per seat, issue 12), and after tiles/markup.py
and {% fixedtext %} what was left of a render was Django's template machinery itself:
some fifty nodes, each resolving variables through the context. This module writes the
same markup with f-strings and the same gettext calls (so the same msgids and catalogue
entries); the template stays the reference for it: tests/tiles/test_board_markup.py
compares both over whole games, seats, modes and languages. The end of a game
(tiles/result.html, once a game) is still rendered by its template.
"""

from __future__ import annotations

import html
import json
from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.utils.html import conditional_escape
from django.utils.translation import get_language, gettext, gettext_noop, ngettext

from gamekit.seats import other
from rooms.phrases import SeatPhrase
from rooms.templatetags.seats import by_seat, seat_name
from tiles import phrases
from tiles.markup import rack_html, small_tiles_html, table_sets_html
from tiles.templatetags.tiles_board import (
    _turn_tools,
    board_data,
    board_draft,
    board_url,
    last_play_sets,
    to_json,
)

# The board's fixed words, looked up once per language (a gettext call goes through the
# active translation each time: 14 of them took a third of a render).
FIXED = tuple(
    gettext_noop(msgid)
    for msgid in (
        "Table and rack",
        "The server could not be reached. Try again.",
        "Pool",
        "Table",
        "The table is empty.",
        "Drop a tile here to start a new set",
        "Your rack",
        "Sort the rack",
        "By colour",
        "By number",
        "Your rack is empty.",
    )
)


@lru_cache(maxsize=16)
def _fixed(language: str | None) -> dict[str, str]:
    """The fixed words in `language`, the active one (the cache key)."""
    return {msgid: gettext(msgid) for msgid in FIXED}


@lru_cache(maxsize=1024)
def _seat_name(who: int | str | None, seat: int | None, mode: str, language: str | None) -> str:
    return seat_name(who, seat, mode)


@lru_cache(maxsize=1024)
def _count_words(count: Any, language: str | None) -> str:
    return ngettext("%(counter)s tile", "%(counter)s tiles", count) % {"counter": count}


def _value(value: Any) -> str:
    """A value as {{ value }} renders it (ints as they are, text escaped): Django's
    conditional_escape, without its lazy-text wrapper around every call."""
    if type(value) is int:
        return str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return html.escape(str(value))


# Django's json_script escapes, for the board's data (its own json_script adds a
# lazy-text wrapper and format_html around the same text).
_SCRIPT_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}


def _data_script(data: dict[str, Any]) -> str:
    return (
        '<script id="tiles-data" type="application/json">'
        f"{json.dumps(data).translate(_SCRIPT_ESCAPES)}</script>"
    )


@lru_cache(maxsize=1024)
def _last_words(
    phrase: SeatPhrase, who: int, seat: int | None, mode: str, language: str | None, **values: Any
) -> str:
    return phrase.tag(who, seat, mode, **values)


def _last_line(view: dict[str, Any], seat: int | None, mode: str, language: str | None) -> str:
    last = view["last"]
    who = last.get("seat")
    theirs = " is-theirs" if last.get("seat") != seat else ""
    kind = last.get("type")
    if kind == "play":
        sets = last_play_sets(view)
        placed, made, changed = len(last.get("placed") or ()), sets["made"], sets["changed"]
        words = _last_words(phrases.PLACED, who, seat, mode, language, counter=placed)
        if made:
            words += ngettext(", made %(counter)s new set", ", made %(counter)s new sets", made) % {
                "counter": made
            }
        if changed:
            words += ngettext(
                ", changed %(counter)s set", ", changed %(counter)s sets", changed
            ) % {"counter": changed}
        inner = (
            f'{words}:\n        <span class="tile-list">'
            f"{small_tiles_html(last.get('placed'))}</span>\n      "
        )
    elif kind == "draw":
        inner = _last_words(phrases.DREW, who, seat, mode, language)
        if last.get("tile"):
            inner += f'\n        <span class="tile-list">{small_tiles_html(last["tile"])}</span>'
        inner += "\n      "
    else:
        inner = _last_words(phrases.PASSED, who, seat, mode, language)
    return f'\n    <p class="tiles-last{theirs}">\n      {inner}\n    </p>\n    '


def _draft(draft: dict[str, Any], words: dict[str, str]) -> str:
    """tiles/draft.html without a verdict (the board's; the draft endpoint renders the
    template)."""
    editable = draft["editable"]
    if draft["sets"]:
        table = (
            f'\n  <ol class="tile-sets" role="list">\n'
            f"    {table_sets_html(draft['sets'], editable)}\n  </ol>\n  "
        )
    else:
        table = f'\n  <p class="tiles-empty">{words["The table is empty."]}</p>\n  '
    zone = (
        f'<div class="new-set-zone" data-drop="new">'
        f"{words['Drop a tile here to start a new set']}</div>"
        if editable
        else ""
    )
    status = ""
    if editable:
        opening = ""
        if not draft["opened"]:
            total, minimum = draft["opening_total"], draft["opening_minimum"]
            if total is not None and total >= minimum:
                level = " is-enough"
            elif total:
                level = " is-short"
            else:
                level = ""
            meld = gettext(
                "Initial meld: %(total)s of at least %(minimum)s points, only new sets "
                "from your rack."
            ) % {"total": _value(total), "minimum": _value(minimum)}
            opening = f'<p class="opening-total{level}">{meld}</p>'
        problems = "".join(
            f'<p class="draft-problem">{_value(message)}</p>'
            for message in draft["general_problems"]
        )
        status = (
            f'\n<div class="draft-status" aria-live="polite">\n  {opening}\n  {problems}\n</div>\n'
        )
    rack = ""
    if draft["rack"] is not None:
        tiles = (
            rack_html(draft["rack"])
            if draft["rack"]
            else f'<p class="tiles-empty">{words["Your rack is empty."]}</p>'
        )
        rack = (
            f'\n<div class="tiles-rack-area">\n  <div class="rack-head">\n'
            f'    <h2 class="rack-title">{words["Your rack"]} <span class="rack-count">'
            f"({len(draft['rack'])})</span></h2>\n"
            f'    <div class="rack-sort" role="group" aria-label="{words["Sort the rack"]}">\n'
            f'      <button type="button" class="button button-small" data-action="sort-colour">'
            f"{words['By colour']}</button>\n"
            f'      <button type="button" class="button button-small" data-action="sort-number">'
            f"{words['By number']}</button>\n"
            f"    </div>\n  </div>\n"
            f'  <div class="tiles-rack" data-drop="rack" data-own-hand role="group" '
            f'aria-label="{words["Your rack"]}">\n'
            f"    {tiles}\n  </div>\n</div>\n"
        )
    return (
        f'\n\n<div class="tiles-table board-felt" data-drop="table">\n'
        f'  <h2 class="visually-hidden">{words["Table"]}</h2>\n'
        f"  {table}\n  {zone}\n</div>\n\n{status}\n\n{rack}\n"
    )


def board_html(view: dict[str, Any], status: dict[str, Any], seat: int | None, mode: str) -> str:
    """tiles/board.html for `seat` (None: a spectator) in `mode`."""
    language = get_language()
    words = _fixed(language)
    draft = board_draft(view, seat)
    editable = draft["editable"]
    data = board_data(view, seat, editable)
    classes = (" is-editable" if editable else "") + (" is-over" if view.get("over") else "")
    if seat is None:
        counts = (
            f"\n        <div><dt>{_seat_name(1, seat, mode, language)}</dt>"
            f"<dd>{_value(by_seat(view.get('rack_counts'), 1))}</dd></div>\n"
            f"        <div><dt>{_seat_name(2, seat, mode, language)}</dt>"
            f"<dd>{_value(by_seat(view.get('rack_counts'), 2))}</dd></div>\n      "
        )
    else:
        opponent = other(int(seat))
        tiles = by_seat(view.get("rack_counts"), opponent)
        counts = (
            f"\n        <div><dt>{_seat_name(opponent, seat, mode, language)}</dt>"
            f'<dd data-count="opponent">{_count_words(tiles, language)}</dd></div>\n      '
        )
    last = _last_line(view, seat, mode, language) if view.get("last") else ""
    result = ""
    if view.get("over"):
        result = render_to_string(
            "tiles/result.html", {"view": view, "status": status, "seat": seat, "mode": mode}
        )
    form = ""
    tools = ""
    if editable:
        draft_url = conditional_escape(board_url("tiles:draft"))
        form = (
            f'\n  <form id="tiles-draft-form" hidden hx-post="{draft_url}" '
            f'hx-trigger="tiles:edit" hx-target="#tiles-draft" hx-swap="innerHTML">\n'
            f'    <input type="hidden" name="table" value="{_value(to_json(data["table"]))}">\n'
            f'    <input type="hidden" name="rack" value="{_value(to_json(data["rack"]))}">\n'
            f'    <input type="hidden" name="opened" value="{_value(to_json(data["opened"]))}">\n'
            f'    <input type="hidden" name="edits" value="[]">\n  </form>\n  '
        )
        tools = _turn_tools(language, mode, bool(view.get("pool_count")))
    return (
        f'\n\n<section class="tiles-board{classes}" aria-label="{words["Table and rack"]}"\n'
        f'         data-hint-url="{conditional_escape(board_url("hint", "tiles"))}"\n'
        f'         data-msg-offline="{words["The server could not be reached. Try again."]}">\n'
        f'  <div class="tiles-info">\n    <dl class="tiles-counts board-counts">\n'
        f'      <div><dt>{words["Pool"]}</dt><dd data-count="pool">'
        f"{_value(view.get('pool_count'))}</dd></div>\n"
        f"      {counts}\n    </dl>\n    {last}\n  </div>\n\n"
        f"  {result}\n\n"
        f'  <p class="tiles-message board-message" role="alert" hidden></p>\n'
        f'  <div class="tiles-draft" id="tiles-draft">{_draft(draft, words)}</div>\n'
        f"  {form}\n\n"
        f"  {tools}\n"
        f"  {_data_script(data)}\n"
        f"</section>\n\n"
    )
