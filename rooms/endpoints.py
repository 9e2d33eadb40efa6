"""One way to write a JSON endpoint, for the rooms app and every game's own endpoints
(after healthchecks' hc/api/decorators.py): POST only, the body capped and parsed into
`request.json`, and every refusal the same HTTP 400 `{code, message}`, translated.

    @json_endpoint()
    def my_endpoint(request: JsonRequest) -> dict[str, Any]:
        ...  # raise RoomError or IllegalAction to refuse; return the answer's JSON

The codes of a body that cannot be read: `too_large` (past `max_bytes`) and
`bad_request` (not a JSON object); the others are the view's own (rooms.errors).

An htmx form posts form fields instead (`read_form_json`: the fields that hold JSON,
with the same cap and the same codes) and is answered with a partial template; its
refusals are the same 4xx `{code, message}`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate, ParamSpec

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_POST
from django_htmx.middleware import HtmxDetails

from gamekit.engine import IllegalAction
from rooms import registry
from rooms.errors import Names, RoomError, describe

MAX_BODY_BYTES = 64 * 1024

P = ParamSpec("P")


class JsonRequest(HttpRequest):
    """The request a JSON endpoint gets: its body already read as a JSON object."""

    json: dict[str, Any]


class HtmxRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (the typing its example project
    uses): `request.htmx` is true for a request htmx made."""

    htmx: HtmxDetails


def reject_constant(name: str) -> None:
    """json.loads's parse_constant: NaN and Infinity are not JSON (no database keeps them)."""
    raise ValueError(f"{name} is not JSON")


def read_json(request: HttpRequest, max_bytes: int = MAX_BODY_BYTES) -> dict[str, Any]:
    """The body as a JSON object; RoomError("too_large") or RoomError("bad_request")."""
    if len(request.body) > max_bytes:
        raise RoomError("too_large")
    data = _loads(request.body or b"{}")
    if not isinstance(data, dict):
        raise RoomError("bad_request")
    return data


def _loads(text: str | bytes) -> Any:
    try:
        return json.loads(text, parse_constant=reject_constant)
    except (ValueError, RecursionError):  # RecursionError: thousands of nested brackets
        raise RoomError("bad_request") from None


def read_form(
    request: HttpRequest, names: tuple[str, ...], max_bytes: int = MAX_BODY_BYTES
) -> dict[str, str | None]:
    """The form fields `names` of an htmx form (None where missing), the body capped:
    RoomError("too_large") as read_json."""
    if len(request.body) > max_bytes:
        raise RoomError("too_large")
    return {name: request.POST.get(name) for name in names}


def read_form_json(
    request: HttpRequest, names: tuple[str, ...], max_bytes: int = MAX_BODY_BYTES
) -> dict[str, Any]:
    """The form fields `names`, each holding one JSON value (an htmx form's hidden
    inputs); RoomError("too_large") or RoomError("bad_request") as read_json."""
    fields = read_form(request, names, max_bytes)
    return {name: _loads(text or "") for name, text in fields.items()}


def refusal(
    error: RoomError | IllegalAction, status: int = 400, names: Names | None = None
) -> JsonResponse:
    """The refusal as JSON, the pieces it names said with `names` (Game.names)."""
    return JsonResponse(describe(error, names), status=status)


Endpoint = Callable[Concatenate[JsonRequest, P], "dict[str, Any] | HttpResponse"]


def _names_of(slug: Any) -> Names | None:
    """The game's way of saying the pieces a refusal names (Game.names), when the route
    names a game."""
    game = registry.get(slug) if isinstance(slug, str) else None
    return game.names if game else None


def json_endpoint(
    max_bytes: int = MAX_BODY_BYTES, limit: Callable[[Any], Any] | None = None
) -> Callable[[Endpoint[P]], Callable[Concatenate[HttpRequest, P], HttpResponse]]:
    """The decorator; `limit` (a rooms.throttle decorator) counts only POST requests."""

    def decorator(view: Endpoint[P]) -> Callable[Concatenate[HttpRequest, P], HttpResponse]:
        @wraps(view)
        def endpoint(request: HttpRequest, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
            try:
                request.json = read_json(request, max_bytes)  # type: ignore[attr-defined]
                answer = view(request, *args, **kwargs)  # type: ignore[arg-type]
            except (RoomError, IllegalAction) as error:
                return refusal(error, names=_names_of(kwargs.get("slug")))
            return answer if isinstance(answer, HttpResponse) else JsonResponse(answer)

        return require_POST(limit(endpoint) if limit else endpoint)

    return decorator
