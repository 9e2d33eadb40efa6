"""The tile board of one seat, and the draft area the draft endpoint answers with: the
one source of their markup (no template; the end of a game, tiles/result.html, and the
buttons of the seat to move, tiles/turn_tools.html, are templates it renders).

Every action online renders two boards (one per seat, issue 12). As a template the board
cost about twice this builder even with every cache the render could keep (per action,
both seats, `python bench/board_render.py`: 390 us against 212, issue 24): some fifty
template nodes, each resolving variables through the context. So it is written here
with f-strings, its fixed words looked up once per language, its tiles and sets from
tiles/markup.py's cached strings (gamekit.memo); tests/tiles/test_board.py and
test_board_games.py say what it shows. Measured again in issue 47: a median of 141 to
144 us an action for both seats (`python bench/board_render.py --games 4`, en and ru),
against 1,209 to 1,352 for the two template boards, rummy's and Tarot's, in the same
run.
"""

from __future__ import annotations

import html
import json
import secrets
from typing import Any

from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_noop, ngettext

from gamekit.memo import memoized
from gamekit.seats import other
from rooms.templatetags.seats import by_seat, seat_name_in
from tiles import phrases
from tiles.board_view import board_data, board_draft, last_play_sets
from tiles.markup import label, rack_html, small_tiles_html, table_sets_html


@memoized("tiles.board.reverse", 64)
def _reverse(name: str, prefix: str, args: tuple[str, ...]) -> str:
    return reverse(name, args=args)


def board_url(name: str, *args: str) -> str:
    """{% url name args %}, reversed once per script prefix: the board asks for two on
    every render."""
    return _reverse(name, get_script_prefix(), args)


@memoized("tiles.board.turn_tools", 64)
def _turn_tools(language: str | None, mode: str, can_draw: bool) -> str:
    """The buttons of the seat to move (tiles/turn_tools.html), the same on every board
    of one language, mode and whether tiles are left to draw: so rendered once for
    each, with the boards' shared Hint button."""
    context = {"mode": mode, "can_draw": can_draw}
    return render_to_string("tiles/turn_tools.html", context)


def to_json(value: Any) -> str:
    """A value as JSON text, for a form field (escaped for the attribute by its caller)."""
    return json.dumps(value)


# The board's fixed words, looked up once per language (a gettext call goes through the
# active translation each time: 14 of them took a third of a render).
FIXED = (  # each a literal: makemessages finds them here
    gettext_noop("Table and rack"),
    gettext_noop("The server could not be reached. Try again."),
    gettext_noop("Pool"),
    gettext_noop("Table"),
    gettext_noop("The table is empty."),
    gettext_noop("Drop a tile here to start a new set"),
    gettext_noop("Your rack"),
    gettext_noop("Sort the rack"),
    gettext_noop("By colour"),
    gettext_noop("By number"),
    gettext_noop("Your rack is empty."),
    gettext_noop("Set %(number)s"),
)


@memoized("tiles.board.fixed", 16)
def _fixed(language: str | None) -> dict[str, str]:
    """The fixed words in `language`, the active one (the cache key)."""
    return {msgid: gettext(msgid) for msgid in FIXED}


@memoized("tiles.board.count_words", 1024)
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


def _last_line(view: dict[str, Any], seat: int | None, mode: str, language: str | None) -> str:
    last = view["last"]
    who = last.get("seat")
    theirs = " is-theirs" if last.get("seat") != seat else ""
    kind = last.get("type")
    if kind == "play":
        sets = last_play_sets(view)
        placed, made, changed = len(last.get("placed") or ()), sets["made"], sets["changed"]
        words = phrases.PLACED.drawn(who, seat, mode, language, counter=placed)
        if made:
            words += ngettext(", made %(counter)s new set", ", made %(counter)s new sets", made) % {
                "counter": made
            }
        if changed:
            words += ngettext(
                ", changed %(counter)s set", ", changed %(counter)s sets", changed
            ) % {"counter": changed}
        inner = (
            f'{words}<span class="tiles-last-colon">:</span>\n        <span class="tile-list">'
            f"{small_tiles_html(last.get('placed'))}</span>\n      "
        )
    elif kind == "draw":
        inner = phrases.DREW.drawn(who, seat, mode, language)
        if last.get("tile"):
            inner += f'\n        <span class="tile-list">{small_tiles_html(last["tile"])}</span>'
        inner += "\n      "
    else:
        inner = phrases.PASSED.drawn(who, seat, mode, language)
    # announce.js speaks it once per move (rooms/static/rooms/announce.js).
    move_id = f"{_value(view.get('game_no'))}:{_value(view.get('turns'))}"
    return (
        f'\n    <p class="tiles-last{theirs}" data-speak="move" data-speak-id="{move_id}">'
        f"\n      {inner}\n    </p>\n    "
    )


@memoized("tiles.board.spoken_tiles", 4096)
def _spoken_tiles(codes: tuple[str, ...], language: str | None) -> str:
    """Tiles by their names, escaped: a set or a rack, mostly the same from one action
    to the next, so each is joined once."""
    return html.escape(", ".join(label(code, language) for code in codes))


@memoized("tiles.board.spoken_set", 4096)
def _spoken_set(index: int, codes: tuple[str, ...], language: str | None) -> str:
    number = _fixed(language)["Set %(number)s"] % {"number": index + 1}
    return f"{number}: {_spoken_tiles(codes, language)}"


def _position(view: dict[str, Any], seat: int | None, mode: str, language: str | None) -> str:
    """The position in words, hidden: announce.js reads it aloud at the `p` key (issue 45).
    Only what this board shows: the table's sets, this seat's rack (a replay's both), the
    other racks' sizes, the pool. Built from cached pieces: every push renders it."""
    words = _fixed(language)
    sets = "; ".join(
        _spoken_set(index, tuple(tiles), language)
        for index, tiles in enumerate(view.get("table") or ())
    )
    lines = [f"{words['Table']}: {sets}." if sets else words["The table is empty."]]
    replay = view.get("replay") if not view.get("over") else None
    for who in (1, 2):
        if replay:
            rack = tuple(by_seat(replay["hands"], who) or ())
            name = seat_name_in(who, seat, mode, language)
            lines.append(f"{name}: {_spoken_tiles(rack, language)}.")
        elif who == seat and view.get("rack") is not None and not view.get("over"):
            rack = tuple(view["rack"])
            lines.append(f"{words['Your rack']}: {_spoken_tiles(rack, language)}.")
        elif who != seat:
            count = _count_words(by_seat(view.get("rack_counts"), who), language)
            lines.append(f"{seat_name_in(who, seat, mode, language)}: {count}.")
    lines.append(f"{words['Pool']}: {_value(view.get('pool_count'))}.")
    return "".join(f"<p>{line}</p>" for line in lines)


def draft_html(draft: dict[str, Any], verdict: dict[str, Any] | None = None, said: str = "") -> str:
    """The table and the rack of a turn in progress (tiles_board.draft_context): in the
    board, and after every edit the draft endpoint's answer to the board's htmx form
    (tiles/views.py), with the `verdict` board.js reads: a div, not a json_script, for
    htmx drops every script tag of an answer (allowScriptTags is off). `said`: what the
    edit did, in words (tiles.draft_words), for screen readers only; announce.js says
    it once, by its id, new in every answer."""
    marker = (
        f'<div id="tiles-verdict" hidden data-verdict="{_value(to_json(verdict))}"></div>'
        if verdict
        else ""
    )
    if said:
        marker += (
            f'<p class="visually-hidden" data-speak="draft-edit" '
            f'data-speak-id="{secrets.token_hex(6)}">{_value(said)}</p>'
        )
    return f"\n{marker}{_draft(draft, _fixed(get_language()))[1:]}"


def _draft(draft: dict[str, Any], words: dict[str, str]) -> str:
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
                level, state = " is-enough", "enough"
            elif total:
                level, state = " is-short", "short"
            else:
                level, state = "", "none"
            meld = gettext(
                "Initial meld: %(total)s of at least %(minimum)s points, only new sets "
                "from your rack."
            ) % {"total": _value(total), "minimum": _value(minimum)}
            # Said when the opening is started, reached or lost (its id), not at every
            # tile that changes the total: that was heard after each edit (issue 45).
            opening = (
                f'<p class="opening-total{level}" data-speak="opening" '
                f'data-speak-id="{state}">{meld}</p>'
            )
        problems = "".join(
            f'<p class="draft-problem">{_value(message)}</p>'
            for message in draft["general_problems"]
        )
        status = (
            f'\n<div class="draft-status">\n  {opening}\n'
            f'  <div class="draft-problems" data-speak="draft">{problems}</div>\n</div>\n'
        )
    rack = ""
    # The rack's place for motion.js; the draft endpoint's answer does not know the seat.
    rack_place = f' data-place="hand-{draft["seat"]}"' if draft.get("seat") else ""
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
            f'    <div class="rack-sort" data-roving="sort" role="group" '
            f'aria-label="{words["Sort the rack"]}">\n'
            f'      <button type="button" class="button button-small" data-action="sort-colour">'
            f"{words['By colour']}</button>\n"
            f'      <button type="button" class="button button-small" data-action="sort-number">'
            f"{words['By number']}</button>\n"
            f"    </div>\n  </div>\n"
            f'  <div class="tiles-rack" data-drop="rack"{rack_place} data-own-hand '
            f'data-roving="rack" role="group" '
            f'aria-label="{words["Your rack"]}">\n'
            f"    {tiles}\n  </div>\n</div>\n"
        )
    return (
        f'\n\n<div class="tiles-table board-felt" data-drop="table" data-place="table" '
        "data-invite-spot>\n"
        f'  <h2 class="visually-hidden">{words["Table"]}</h2>\n'
        f"  {table}\n  {zone}\n</div>\n\n{status}\n\n{rack}\n"
    )


def _replay_racks(view: dict[str, Any], seat: int | None, mode: str, language: str | None) -> str:
    """A replay's racks, both face up (the round is over: nothing is secret any more)."""
    hands = view["replay"]["hands"]
    rows = "".join(
        f'<div class="replay-hand" data-place="hand-{who}">'
        f"<dt>{seat_name_in(who, seat, mode, language)}</dt>"
        f'<dd><span class="tile-list">{small_tiles_html(by_seat(hands, who), piece=True) or "—"}'
        "</span></dd></div>"
        for who in (1, 2)
    )
    return f'</dl>\n    <dl class="replay-hands">{rows}'


def board_html(view: dict[str, Any], status: dict[str, Any], seat: int | None, mode: str) -> str:
    """The board of `seat` (None: a spectator) in `mode`: only this seat's rack, both
    racks only once the game is over."""
    language = get_language()
    words = _fixed(language)
    draft = board_draft(view, seat) | {"seat": seat}
    editable = draft["editable"]
    data = board_data(view, seat, editable)
    classes = (" is-editable" if editable else "") + (" is-over" if view.get("over") else "")
    if seat is None:
        counts = (
            f'\n        <div data-place="hand-1"><dt>{seat_name_in(1, seat, mode, language)}</dt>'
            f"<dd>{_value(by_seat(view.get('rack_counts'), 1))}</dd></div>\n"
            f'        <div data-place="hand-2"><dt>{seat_name_in(2, seat, mode, language)}</dt>'
            f"<dd>{_value(by_seat(view.get('rack_counts'), 2))}</dd></div>\n      "
        )
    else:
        opponent = other(int(seat))
        tiles = by_seat(view.get("rack_counts"), opponent)
        counts = (
            f'\n        <div data-place="hand-{opponent}">'
            f"<dt>{seat_name_in(opponent, seat, mode, language)}</dt>"
            f'<dd data-count="opponent">{_count_words(tiles, language)}</dd></div>\n      '
        )
    if view.get("replay") and not view.get("over"):  # both racks instead of a count
        counts = _replay_racks(view, seat, mode, language)
    last = _last_line(view, seat, mode, language) if view.get("last") else ""
    result = ""
    if view.get("over"):
        result = render_to_string(
            "tiles/result.html", {"view": view, "status": status, "seat": seat, "mode": mode}
        )
    form = ""
    tools = ""
    if editable:
        # After each edit board.js fills in the edits and fires tiles:edit; htmx posts the
        # form and puts the answer (draft_html, by tiles/views.py) in #tiles-draft.
        draft_url = conditional_escape(board_url("tiles:draft"))
        form = (
            f'\n  <form id="tiles-draft-form" hidden hx-post="{draft_url}" '
            f'hx-trigger="tiles:edit" hx-target="#tiles-draft" hx-swap="innerHTML">\n'
            f'    <input type="hidden" name="table" value="{_value(to_json(data["table"]))}">\n'
            f'    <input type="hidden" name="rack" value="{_value(to_json(data["rack"]))}">\n'
            f'    <input type="hidden" name="opened" value="{_value(to_json(data["opened"]))}">\n'
            f'    <input type="hidden" name="edits" value="[]">\n'
            f'    <input type="hidden" name="said" value="0">\n  </form>\n  '
        )
        tools = _turn_tools(language, mode, bool(view.get("pool_count")))
    return (
        f'\n\n<section class="tiles-board{classes}" aria-label="{words["Table and rack"]}"\n'
        f'         data-hint-url="{conditional_escape(board_url("hint", "tiles"))}"\n'
        f'         data-msg-offline="{words["The server could not be reached. Try again."]}">\n'
        f'  <div class="tiles-info">\n    <dl class="tiles-counts board-counts">\n'
        f'      <div data-place="pool"><dt>{words["Pool"]}</dt><dd data-count="pool">'
        f"{_value(view.get('pool_count'))}</dd></div>\n"
        f"      {counts}\n    </dl>\n    {last}\n  </div>\n\n"
        f"  {result}\n\n"
        '  <p class="tiles-message board-message" data-speak="board-message" data-speak-repeat'
        " hidden></p>\n"
        f'  <div class="tiles-draft" id="tiles-draft">{_draft(draft, words)}</div>\n'
        f"  {form}\n\n"
        f"  {tools}\n"
        '  <div class="tiles-position" hidden data-position>'
        f"{_position(view, seat, mode, language)}</div>\n"
        f"  {_data_script(data)}\n"
        f"</section>\n\n"
    )


class TileBoard:
    """Tile rummy's Game.board (rooms.registry.Board): board_html, which needs neither
    the game nor the request."""

    available = True

    def render(
        self,
        game: Any,
        view: dict[str, Any],
        status: dict[str, Any],
        seat: int | None,
        mode: str,
        request: Any = None,
    ) -> SafeString:
        return mark_safe(board_html(view, status, seat, mode))  # board_html escapes every value


BOARD = TileBoard()
