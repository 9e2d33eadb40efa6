"""The draft endpoint: what the table of a turn in progress looks like, and whether
"End turn" would succeed. Stateless: it only replays what the page sends (its own view
and its own edits) and changes nothing; the real check happens when the turn is sent.
It answers the board's htmx form with the partial tiles/draft.html.

The hint endpoint: the solver's best placement from the start of the turn, as one draft
edit ("arrange") for the page to append. It works from the sealed token of a game on one
device or against the computer (rooms.local_play), never from what the page says, so an
online game, which has no such token, gets no hint."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from rooms.endpoints import HtmxRequest, JsonRequest, json_endpoint, read_form_json, refusal
from rooms.engine import IllegalAction, gettext_noop
from rooms.errors import RoomError, describe
from rooms.local_play import open_sealed
from rooms.throttle import game_throttle
from tiles import engine
from tiles.draft import MAX_EDITS, replay
from tiles.engine import ALL_TILES, is_tile, parse_table, sort_tiles
from tiles.solver import SearchTooLong, best_placement
from tiles.templatetags.tiles_board import draft_context

# A draft of 1000 edits with a full table is far below this; anything bigger is not a page.
MAX_BODY = 256 * 1024
# The hint's search stops after this many states (about 4 microseconds each, so well
# under a second); real positions of 25-40 rack tiles and 40-60 table tiles need at most
# about 115,000 (measured on dealt games).
HINT_MAX_STATES = 200_000


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


# The draft form's fields (board.html), each a JSON value: the start of the turn, which
# the board rendered, and the turn's edits, which board.js keeps.
DRAFT_FIELDS = ("table", "rack", "opened", "edits")


@csrf_exempt  # changes nothing and answers only with what the request itself holds
@require_POST
@game_throttle("tiles", "draft")
def draft(request: HtmxRequest) -> HttpResponse:
    """POST the draft form (htmx) -> the partial tiles/draft.html: the table and the rack
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
        return refusal(error)
    problems = [
        {
            **describe(IllegalAction(problem["code"], problem["message"], **problem["params"])),
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
    return render(request, "tiles/draft.html", {"draft": context, "verdict": verdict})


@csrf_exempt  # changes nothing: it only reads the sealed game the request carries
@json_endpoint(MAX_BODY, limit=game_throttle("tiles", "hint"))
def hint(request: JsonRequest) -> dict[str, Any]:
    """POST {token} (the sealed game of the page) -> the best placement from the start of
    the turn as a draft edit, {"edit": {"type": "arrange", "table"}, "placed"}, or
    {"edit": null, "message"}.

    The hint is for one device and against the computer: the position, the rack and the
    mode come from the token (rooms.local_play.open_sealed), so a request without one, as
    an online game's would be, is refused, and a hand-made table or rack is never read.
    The solver is exact but its work is capped (HINT_MAX_STATES): a position too slow to
    solve is answered "no hint found in time" rather than tying up a worker, and one
    client gets at most the registered rate of hints (rooms.throttle: a 429 beyond).
    """
    token = request.json.get("token")
    if not isinstance(token, str) or not token:
        raise IllegalAction(
            "online",
            gettext_noop("The hint is for games on one device or against the computer."),
        )
    try:
        _mode, seat, state = open_sealed("tiles", token)
    except RoomError as error:
        if error.code == "unknown_game":  # a token of another game or of no mode of play
            raise RoomError("wrong_game") from None
        raise
    view = engine.view(state, seat)
    table, rack, opened = view["table"], view["rack"], view["opened"][str(seat)]
    try:
        found = best_placement(table, rack, opened, max_states=HINT_MAX_STATES)
    except SearchTooLong:
        message = gettext_noop("No placement was found in time. Try it yourself!")
        return {"edit": None, "code": "too_long", "message": gettext(message)}
    if found is None:
        message = (
            gettext_noop("No tile can be placed this turn: draw a tile.")
            if view["pool_count"]
            else gettext_noop("No tile can be placed this turn: pass.")
        )
        return {"edit": None, "code": "nothing_to_place", "message": gettext(message)}
    return {"edit": {"type": "arrange", "table": found.table}, "placed": sort_tiles(found.placed)}
