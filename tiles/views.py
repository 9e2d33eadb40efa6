"""The draft endpoint: what the table of a turn in progress looks like, and whether
"End turn" would succeed. Stateless: it only replays what the page sends (its own view
and its own edits) and changes nothing; the real check happens when the turn is sent.
It answers the board's htmx form with the draft area (tiles.board.draft_html)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.http import HttpResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from gamekit.engine import IllegalAction, gettext_noop
from rooms.endpoints import HtmxRequest, read_form_json, refusal
from rooms.errors import RoomError, describe
from rooms.throttle import game_throttle
from tiles.board import draft_html
from tiles.board_view import draft_context
from tiles.draft import MAX_EDITS, replay
from tiles.draft_words import edit_words
from tiles.markup import NAMES
from tiles.sets import ALL_TILES, is_tile, parse_table

# A draft of 1000 edits with a full table is far below this; anything bigger is not a page.
MAX_BODY = 256 * 1024


def _bad(message: str) -> IllegalAction:
    return IllegalAction("malformed", message)


def _turn_start(data: dict[str, Any]) -> tuple[list[list[str]], list[str], bool]:
    """The start of the turn {table, rack, opened}, checked strictly; IllegalAction
    otherwise."""
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
    return table, rack, opened


# The draft form's fields (tiles.board), each a JSON value: the start of the turn, which
# the board rendered, and the turn's edits, which board.js keeps.
DRAFT_FIELDS = ("table", "rack", "opened", "edits")


def _said(request: HtmxRequest, edits: list[Any]) -> int:
    """How many of the last edits the answer says in words (the form's `said`: those of
    the player's latest press; 0, or missing, for a draft restored from storage)."""
    text = request.POST.get("said") or ""
    return min(int(text), len(edits)) if text.isdigit() and len(text) < 5 else 0


@csrf_exempt  # changes nothing and answers only with what the request itself holds
@require_POST
@game_throttle("tiles", "draft")
def draft(request: HtmxRequest) -> HttpResponse:
    """POST the draft form (htmx) -> the draft area (draft_html): the table and the rack
    as the edits leave them, and in it the verdict board.js reads (`tiles-verdict`: the
    table, whether End turn would succeed, whether anything changed, how many edits
    count). A refusal is a 400 `{code, message}` (and `edit`, the edit that failed)."""
    try:
        data = read_form_json(request, DRAFT_FIELDS, MAX_BODY)
        table, rack, opened = _turn_start(data)
        edits = data["edits"]
        if not isinstance(edits, list) or len(edits) > MAX_EDITS:
            raise _bad(gettext_noop("The edits must be a list."))
        result = replay(table, rack, opened, edits)
    except (IllegalAction, RoomError) as error:
        return refusal(error, names=NAMES)
    problems = [
        {
            **describe(
                IllegalAction(problem["code"], problem["message"], **problem["params"]), NAMES
            ),
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
    verdict = {
        "table": result.table,
        "valid": result.valid,
        "changed": result.changed,
        "edits": result.edits,
    }
    said = edit_words(table, rack, opened, edits, _said(request, edits))
    return HttpResponse(draft_html(context, verdict, said))
