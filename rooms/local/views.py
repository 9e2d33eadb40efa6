"""The endpoints of local play (one device and against the computer): a sealed token
and an action in, the next token and the board out (rooms.local.play)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

from gamekit.engine import IllegalAction
from rooms.endpoints import HtmxRequest, JsonRequest, json_endpoint, read_form, refusal
from rooms.errors import RoomError
from rooms.local import play
from rooms.render import render_board
from rooms.throttle import PLAY_RATE, throttle


def _answer(request: HttpRequest, outcome: play.Outcome) -> JsonResponse:
    html = render_board(
        outcome.game, outcome.view, outcome.status, outcome.seat, outcome.mode, request
    )
    return JsonResponse(
        {
            "token": outcome.token,
            "view": outcome.view,
            "status": outcome.status,
            "seat": outcome.seat,
            "level": outcome.level,
            "html": html,
            "lesson": outcome.lesson,
            "tried": outcome.tried,
        }
    )


def _play_endpoint(step: Callable[..., play.Outcome]) -> Callable[..., HttpResponse]:
    """A sealed-token endpoint: a JSON body in, the new token and board out. A refusal is
    a 400 with a stable code and a translated message, and changes nothing. Throttled
    per client address (rooms.throttle): a 429 past PLAY_RATE."""

    @json_endpoint(limit=throttle("play", *PLAY_RATE))
    @wraps(step)
    def endpoint(request: JsonRequest, **route: str) -> JsonResponse:
        return _answer(request, step(request.json, **route))

    return endpoint


@_play_endpoint
def play_new(data: dict[str, Any], slug: str, mode: str) -> play.Outcome:
    return play.new_game(
        slug,
        mode,
        data.get("level"),
        data.get("token"),
        lesson=data.get("lesson") is True,
        start=data.get("from"),
    )


@_play_endpoint
def play_act(data: dict[str, Any], slug: str, mode: str) -> play.Outcome:
    return play.act(slug, mode, data.get("token"), data.get("action"))


@_play_endpoint
def play_show(data: dict[str, Any], slug: str, mode: str) -> play.Outcome:
    """The board of a saved game, unchanged (the page restores a game on reload)."""
    return play.show(slug, mode, data.get("token"))


@require_POST
@throttle("play", *PLAY_RATE)
def play_level(request: HtmxRequest, slug: str) -> HttpResponse:
    """The level form (htmx): the same game against a computer of another level. The
    answer, the partial rooms/partials/level_token.html, holds the new sealed token."""
    try:
        form = read_form(request, ("token", "level"))
        outcome = play.change_level(slug, form["token"], form["level"])
    except (IllegalAction, RoomError) as error:
        return refusal(error)
    return render(request, "rooms/partials/level_token.html", {"token": outcome.token})
