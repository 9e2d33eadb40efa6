"""The hint endpoint of every game that has one: `POST /<slug>/hint/` `{token}`.

A hint is for one device and against the computer only, and for real: the request
carries the game's sealed token (rooms.local.play), which only those two modes have, so
the position, the seat to advise and the mode come from it, never from what the page
says; an online game has no token and gets nothing. A hint changes nothing (the token
is not renewed). What a hint is belongs to the game: `Game.hint` is a function
`hint(state, seat) -> dict` (the answer's JSON), and its rate is `Game.rates["hint"]`.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.views.decorators.csrf import csrf_exempt

from gamekit.engine import IllegalAction, gettext_noop
from rooms import registry
from rooms.endpoints import JsonRequest, json_endpoint
from rooms.errors import RoomError
from rooms.local.play import open_sealed
from rooms.throttle import game_throttle

# A sealed game is at most rooms.local.sealing.MAX_TOKEN_CHARS; a little room for the JSON.
MAX_BODY = 64 * 1024


@csrf_exempt  # changes nothing: it only reads the sealed game the request carries
@json_endpoint(MAX_BODY, limit=game_throttle(None, "hint"))
def hint(request: JsonRequest, slug: str) -> dict[str, Any]:
    game = registry.get(slug)
    if game is None or game.hint is None:
        raise Http404
    token = request.json.get("token")
    if not isinstance(token, str) or not token:
        raise IllegalAction(
            "online",
            gettext_noop("The hint is for games on one device or against the computer."),
        )
    try:
        _mode, seat, state = open_sealed(slug, token)
    except RoomError as error:
        if error.code == "unknown_game":  # a token of another game or of no mode of play
            raise RoomError("wrong_game") from None
        raise
    return game.hint(state, seat)
