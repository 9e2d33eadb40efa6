"""Per-client limits on the HTTP endpoints that cost CPU (the hint's solver, the draft's
replay, the sealed-token play, the seat claim), so that a flood from one address cannot
tie up a server process.

A fixed window per (endpoint kind, client address), counted in Django's cache: Redis
when REDIS_URL is set, so that the limit holds across all daphne processes, the
process's own memory otherwise. The client address is REMOTE_ADDR: behind nginx, daphne
runs with --proxy-headers and puts the client's address there (docs/deploy.md).

The limits are far above what a player ever does; they only stop scripts.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

from rooms.endpoints import refusal
from rooms.errors import RoomError

# (requests, seconds) per client address and endpoint kind. A game's own endpoints
# have their limits in its registry entry (Game.rates, see game_throttle).
PLAY_RATE = (240, 60)  # /play/<slug>/<mode>/new|act|show and the computer's level
CLAIM_RATE = (30, 60)  # the guest seat of an online room
MOVE_RATE = (20, 60)  # links and uses of a seat's move to another device

KEY_PREFIX = "throttle"
# The refusal's code where an endpoint kind has words of its own (rooms.errors): a
# player who asked for a hint is told about hints, not about "messages".
CODES = {"hint": "too_many_hints"}

# Wall-clock seconds, shared by all processes (a monotonic clock is per process).
# Tests replace it.
clock: Callable[[], float] = time.time


def client_address(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR") or "unknown"


def hit(kind: str, address: str, rate: int, per: int) -> int:
    """Count one request of `kind` from `address`; 0 if it may pass, otherwise the
    seconds until the window ends (for Retry-After)."""
    now = clock()
    window = int(now // per)
    key = f"{KEY_PREFIX}:{kind}:{address}:{window}"
    # The key outlives its window a little, so that a late incr never finds it gone.
    if cache.add(key, 1, timeout=per + 5):
        count = 1
    else:
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr: a fresh window
            cache.add(key, 1, timeout=per + 5)
            count = 1
    if count <= rate:
        return 0
    return max(1, math.ceil((window + 1) * per - now))


def throttle(
    kind: str, rate: int, per: int, code: str = "rate_limited"
) -> Callable[[Callable[..., HttpResponse]], Any]:
    """At most `rate` requests of `kind` per `per` seconds from one client address;
    beyond that HTTP 429 `{code, message}` (`code` "rate_limited" unless given) with a
    Retry-After header."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            wait = hit(kind, client_address(request), rate, per)
            if wait:
                response = refusal(RoomError(code), status=429)
                response["Retry-After"] = str(wait)
                return response
            return view(request, *args, **kwargs)

        return limited

    return decorator


def game_throttle(slug: str | None, kind: str) -> Callable[[Callable[..., HttpResponse]], Any]:
    """`throttle` at the rate the game `slug` registered for `kind` (Game.rates), read
    when a request comes (the registry is filled after the views are imported). With
    `slug` None, the game is the view's own `slug` argument (one view for every game);
    a game with no such rate is left to the view, which refuses it."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            from rooms import registry

            name = slug if slug is not None else kwargs["slug"]
            game = registry.get(name)
            assert slug is None or game is not None, f"{slug} is not registered"
            if game is None or kind not in game.rates:
                return view(request, *args, **kwargs)
            rate, per = game.rates[kind]
            code = CODES.get(kind, "rate_limited")
            return throttle(f"{name}:{kind}", rate, per, code)(view)(request, *args, **kwargs)

        return limited

    return decorator
