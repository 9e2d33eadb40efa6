"""The draft endpoint: what the table of a turn in progress looks like, and whether
"End turn" would succeed. Stateless: it only replays what the page sends (its own view
and its own edits) and changes nothing; the real check happens when the turn is sent.

The hint endpoint, as stateless: the solver's best placement from the start of the turn
the page sends, as one draft edit ("arrange") for the page to append."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from django.http import HttpRequest, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from rooms.engine import IllegalAction, gettext_noop
from rooms.throttle import game_throttle
from tiles.draft import MAX_EDITS, replay
from tiles.engine import ALL_TILES, check_set, is_tile, parse_table, sort_tiles
from tiles.solver import SearchTooLong, best_placement
from tiles.templatetags.tiles_board import draft_context

# A draft of 1000 edits with a full table is far below this; anything bigger is not a page.
MAX_BODY = 256 * 1024
# The hint's search stops after this many states (about 4 microseconds each, so well
# under a second); real positions of 25-40 rack tiles and 40-60 table tiles need at most
# about 115,000 (measured on dealt games).
HINT_MAX_STATES = 200_000


def _translated(message: str, params: dict[str, Any]) -> str:
    text = gettext(message)
    return text % params if params else text


def _refuse(error: IllegalAction) -> JsonResponse:
    body: dict[str, Any] = {
        "code": error.code,
        "message": _translated(error.message, error.params),
    }
    if "edit" in error.params:
        body["edit"] = error.params["edit"]
    return JsonResponse(body, status=400)


def _bad(message: str) -> IllegalAction:
    return IllegalAction("malformed", message)


def _turn_start(request: HttpRequest) -> tuple[list[list[str]], list[str], bool, dict[str, Any]]:
    """The start of the turn {table, rack, opened} (and the whole JSON object), checked
    strictly; IllegalAction otherwise. Shared by the draft and the hint endpoints."""
    if len(request.body) > MAX_BODY:
        raise _bad(gettext_noop("This draft is too large."))
    try:
        data = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        raise _bad(gettext_noop("The draft must be sent as JSON.")) from None
    if not isinstance(data, dict):
        raise _bad(gettext_noop("The draft must be sent as JSON."))
    table = parse_table(data.get("table"))
    rack = data.get("rack")
    if not isinstance(rack, list) or not all(is_tile(code) for code in rack):
        raise _bad(gettext_noop("The rack must be a list of tiles."))
    opened = data.get("opened")
    if not isinstance(opened, bool):
        raise _bad(gettext_noop("Say whether the initial meld has been made (true or false)."))
    # The page's own table and rack can never hold more of a tile than the game has.
    extra = Counter(rack) + Counter(code for tiles in table for code in tiles) - Counter(ALL_TILES)
    if extra:
        raise _bad(gettext_noop("There are more tiles here than in the game."))
    return table, rack, opened, data


def _read(request: HttpRequest) -> tuple[list[list[str]], list[str], bool, list[Any]]:
    """The start of the turn and the edits, checked strictly; IllegalAction otherwise."""
    table, rack, opened, data = _turn_start(request)
    edits = data.get("edits")
    if not isinstance(edits, list) or len(edits) > MAX_EDITS:
        raise _bad(gettext_noop("The edits must be a list."))
    return table, rack, opened, edits


@csrf_exempt  # changes nothing and answers only with what the request itself holds
@require_POST
@game_throttle("tiles", "draft")
def draft(request: HttpRequest) -> JsonResponse:
    """POST {table, rack, opened, edits} -> the draft's HTML and verdict (docs/games.md)."""
    try:
        table, rack, opened, edits = _read(request)
        result = replay(table, rack, opened, edits)
    except IllegalAction as error:
        return _refuse(error)
    problems = [
        {
            "code": problem["code"],
            "message": _translated(problem["message"], problem["params"]),
            "set": problem["set"],
        }
        for problem in result.problems
    ]
    context = draft_context(
        result.table,
        result.rack,
        placed=result.placed,
        problems=problems,
        editable=True,
        changed=result.changed,
        opened=opened,
        opening_total=result.opening_total,
    )
    return JsonResponse(
        {
            "html": render_to_string("tiles/draft.html", {"draft": context}, request),
            "table": result.table,
            "rack": result.rack,
            "placed": result.placed,
            "valid": result.valid,
            "changed": result.changed,
            "problems": problems,
            "opening_total": result.opening_total,
            "opening_minimum": result.as_json()["opening_minimum"],
            "edits": result.edits,
        }
    )


@csrf_exempt  # changes nothing and answers only with what the request itself holds
@require_POST
@game_throttle("tiles", "hint")
def hint(request: HttpRequest) -> JsonResponse:
    """POST {table, rack, opened} (the start of the turn) -> the best placement as a draft
    edit, {"edit": {"type": "arrange", "table"}, "placed"}, or {"edit": null, "message"}.

    The solver is exact but its work is capped (HINT_MAX_STATES): a position crafted to
    be slow is answered "no hint found in time" rather than tying up a worker, and one
    client gets at most the registered rate of hints (rooms.throttle: a 429 beyond).
    """
    try:
        table, rack, opened, data = _turn_start(request)
        for index, tiles in enumerate(table):
            check = check_set(tiles)
            if not check.valid:  # the solver takes the start table for valid sets
                raise check.error(index + 1)
    except IllegalAction as error:
        return _refuse(error)
    try:
        found = best_placement(table, rack, opened, max_states=HINT_MAX_STATES)
    except SearchTooLong:
        message = gettext_noop("No placement was found in time. Try it yourself!")
        return JsonResponse({"edit": None, "code": "too_long", "message": gettext(message)})
    if found is None:
        message = (
            gettext_noop("No tile can be placed this turn: pass.")
            if data.get("pool_empty") is True
            else gettext_noop("No tile can be placed this turn: draw a tile.")
        )
        return JsonResponse({"edit": None, "code": "nothing_to_place", "message": gettext(message)})
    return JsonResponse(
        {"edit": {"type": "arrange", "table": found.table}, "placed": sort_tiles(found.placed)}
    )
