"""The site's pages: home, each game's ways to play and rules, an online room's page
and its seat claim. Thin: the rules are in the engines, the rooms' logic on the models;
local play's endpoints are rooms.local.views."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import select_template
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from django_htmx.http import replace_url, trigger_client_event

from gamekit.seats import json_by_seat
from rooms import browser_games, presence, registry, replays
from rooms.endpoints import HtmxRequest, JsonRequest, json_endpoint, refusal
from rooms.errors import RoomError
from rooms.local import lessons, tries
from rooms.local.sealing import MAX_TOKEN_CHARS
from rooms.models import Room, idle_limit
from rooms.online import protocol, seat_moves
from rooms.seats import COLOURS
from rooms.throttle import CLAIM_RATE, MOVE_RATE, PLAY_RATE, throttle

# The host's seat key travels from the "create" POST to the room page in the session,
# once, so that it never appears in a URL.
SESSION_FRESH_KEYS = "rooms_fresh_keys"


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The site's 404 page (handler404): a room link says the room is gone and why."""
    context = {
        "room_link": request.path.startswith("/r/"),
        "idle_days": idle_limit().days,
    }
    return render(request, "404.html", context, status=404)


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"games": registry.all_games()})


# What a browser posts of the games it keeps (rooms.browser_games): a few sealed games.
YOUR_GAMES_BODY = browser_games.MAX_SAVES * MAX_TOKEN_CHARS // 2


@json_endpoint(YOUR_GAMES_BODY, limit=throttle("your_games", *PLAY_RATE))
def your_games(request: JsonRequest) -> HttpResponse:
    """The list of the games this browser keeps (the partial rooms/partials/your_games.html),
    from the seat keys and sealed games its page posts: nothing of another browser."""
    lines = browser_games.listed(request.json)
    finished = any(line.finished for line in lines)
    return render(request, "rooms/partials/your_games.html", {"lines": lines, "finished": finished})


@json_endpoint(limit=throttle("your_games", *PLAY_RATE))
def forget_game(request: JsonRequest) -> dict[str, Any]:
    """Forget one of this browser's games (rooms.browser_games.forget); the page then
    removes it from its storage. A room or save it does not hold: 400, nothing changes."""
    browser_games.forget(request.json)
    return {"forgotten": True}


def _game_or_404(slug: str) -> registry.Game:
    game = registry.get(slug)
    if game is None:
        raise Http404
    return game


def _play_page(request: HttpRequest, game: registry.Game, mode: str, **extra: Any) -> HttpResponse:
    context = {"game": game, "mode": mode, "colours": json_by_seat(COLOURS), **extra}
    context["ping_seconds"] = presence.PING_SECONDS
    return render(request, "rooms/play.html", context)


def game_page(request: HttpRequest, slug: str, mode: str) -> HttpResponse:
    """One of the three ways to play a game; "coming soon" until the game has landed.
    For a friend game, GET shows the "create a room" button and POST creates the room."""
    game = _game_or_404(slug)
    if mode not in registry.MODES:
        raise Http404
    if not game.available:
        return render(request, "coming_soon.html", {"game": game, "mode": mode})
    if mode != "friend":
        return _play_page(request, game, mode)
    if request.method == "POST":
        room = Room.objects.create_for(game.slug)
        _hand_key(request, room.code, 1, room.claim_host_seat())
        return redirect("room", code=room.code)
    return render(request, "rooms/friend.html", {"game": game})


def learn(request: HttpRequest, slug: str) -> HttpResponse:
    """The "Learn to play" page: the guided first round (issue 46), a game against the
    computer that begins with the game's lesson (rooms.local.lessons)."""
    game = _game_or_404(slug)
    if game.lesson is None:
        raise Http404
    if not game.available:
        return render(request, "coming_soon.html", {"game": game, "mode": "computer"})
    # The first step's line is in the page (no shift when the script fills it in).
    return _play_page(request, game, "computer", lesson=lessons.progress(game, 0))


def try_from(request: HttpRequest, slug: str, code: str, step: int) -> HttpResponse:
    """The "Try again from here" page: a game against the computer from a decision the
    review of a finished round marked (rooms.local.tries); the page's script starts it."""
    game = _game_or_404(slug)
    if game.review is None or not game.available:
        raise Http404
    replay = reverse("replay", args=[code])
    try:  # a step the review did not mark (or out of range): no board, no controls
        tries.begin(game, f"{code}:{step}")
    except RoomError as error:
        shown = replay if error.code not in ("unknown_replay", "bad_replay") else None
        context = {"code": error.code, "message": error.message, "replay": shown}
        return render(request, "rooms/try_refused.html", context, status=404)
    return _play_page(request, game, "computer", trying=f"{code}:{step}", try_replay=replay)


def rules(request: HttpRequest, slug: str) -> HttpResponse:
    """The rules page in the reader's language (each game writes one per language)."""
    game = _game_or_404(slug)
    language = (get_language() or "en").split("-")[0]
    try:
        template = select_template(game.rules_templates(language))
    except TemplateDoesNotExist:
        return render(request, "coming_soon.html", {"game": game, "mode": "rules"})
    return HttpResponse(template.render({"game": game}, request))


# --- Online rooms ---------------------------------------------------------------------


def _room_or_404(code: str) -> Room:
    room = get_object_or_404(Room, code=code)
    if registry.get(room.game) is None:
        raise Http404
    return room


@never_cache  # no-store: the host's first visit carries the seat key in the page
def room_page(request: HttpRequest, code: str) -> HttpResponse:
    """The play page of an online room. The browser's script finds its seat key in
    localStorage, or claims the guest seat (POST), and then opens the WebSocket."""
    room = _room_or_404(code)
    fresh = request.session.get(SESSION_FRESH_KEYS, {})
    host = fresh.pop(code, None)
    if host is not None:
        request.session[SESSION_FRESH_KEYS] = fresh
    # The invite only while seat 2 is free: once taken, the link leads to "room is full".
    invite = None
    if not room.seat(2).claimed:
        invite = request.build_absolute_uri(reverse("room", args=[code]))
    # When the room goes unless someone plays: in UTC here, in the player's time zone
    # once play.js has it (each `state` message moves it on).
    deletes_at = room.deletes_at()
    expiry = {"at": deletes_at, "iso": protocol.moment(deletes_at)}
    return _play_page(
        request,
        registry.get(room.game),
        "friend",
        room=room,
        invite=invite,
        fresh_key=host,
        expiry=expiry,
        finished_rounds=replays.finished_rounds(room),
    )


def _hand_key(request: HttpRequest, code: str, seat: int, key: str) -> None:
    """Give the room page this seat's key once, through the session (never a URL)."""
    fresh = request.session.get(SESSION_FRESH_KEYS, {})
    fresh[code] = {"seat": seat, "key": key}
    request.session[SESSION_FRESH_KEYS] = fresh


@require_POST
@throttle("claim", *CLAIM_RATE)
def claim_seat(request: HtmxRequest, code: str) -> HttpResponse:
    """A free seat (the guest's; the host's once the admin freed it) for the first
    browser without a key, claimed by the room page's htmx element: a 204 whose event
    `rooms:seat` (HX-Trigger) carries `{seat, key}` for room.js to keep. Once the room
    is full, a 409 with the partial rooms/partials/full.html, which takes the play
    area's place; the address becomes the full page's. No body."""
    room = _room_or_404(code)
    claimed = room.claim_free_seat()
    if claimed is None:
        context = {"room": room, "game": registry.get(room.game)}
        response = render(request, "rooms/partials/full.html", context, status=409)
        return replace_url(response, reverse("room_full", args=[code]))
    seat, key = claimed
    return trigger_client_event(HttpResponse(status=204), "rooms:seat", {"seat": seat, "key": key})


def room_full(request: HttpRequest, code: str) -> HttpResponse:
    """The "room is full" page, only while it is: while a seat is free the visitor is
    sent to the room, where they take it."""
    room = _room_or_404(code)
    if not room.is_full():
        return redirect("room", code=code)
    return render(request, "rooms/full.html", {"room": room, "game": registry.get(room.game)})


def watch_room(request: HttpRequest, code: str) -> HttpResponse:
    """The room's page for a watcher (rooms.online.watchers): the same socket, greeted
    without a key; the public board only, no seat, no controls. Only a full room is
    watched: while a seat is free the visitor is sent to the room, whose invite seats
    the first guest."""
    room = _room_or_404(code)
    if not room.is_full():
        return redirect("room", code=code)
    deletes_at = room.deletes_at()
    expiry = {"at": deletes_at, "iso": protocol.moment(deletes_at)}
    game = registry.get(room.game)
    # A finished round's replay is open to whoever has the room's code, as to the players.
    finished_rounds = replays.finished_rounds(room)
    return _play_page(
        request,
        game,
        "friend",
        room=room,
        watching=True,
        expiry=expiry,
        finished_rounds=finished_rounds,
    )


@require_POST
@throttle("move", *MOVE_RATE)
def start_move(request: HttpRequest, code: str) -> HttpResponse:
    """A one-time link, with its QR code, that moves the seat whose key is posted to
    another browser (rooms.online.seat_moves): the partial rooms/partials/move.html. A key
    that is not this room's: 403 `bad_key`."""
    room = _room_or_404(code)
    seat = room.seat_for_key(request.POST.get("key"))
    if seat is None:
        return refusal(RoomError("bad_key"), status=403)
    token = seat_moves.start(seat)
    link = request.build_absolute_uri(reverse("room_move", args=[code, token]))
    context = {"link": link, "qr": seat_moves.qr_svg(link), "minutes": seat_moves.MOVE_MINUTES}
    return render(request, "rooms/partials/move.html", context)


@never_cache
@throttle("move", *MOVE_RATE)
def take_move(request: HttpRequest, code: str, token: str) -> HttpResponse:
    """The link of a seat's move. GET asks to confirm (a link preview of a messenger
    must not take the seat); POST takes it: the seat's new key reaches the room page
    through the session, and the old browser loses the seat. A used, expired or wrong
    link: 410 and nothing changes."""
    room = _room_or_404(code)
    context = {"room": room, "game": registry.get(room.game)}
    if request.method == "POST":
        moved = seat_moves.complete(code, token)
        if moved is not None:
            seat, key = moved
            _hand_key(request, code, seat.number, key)
            return redirect("room", code=code)
    elif seat_moves.is_open(code, token):
        return render(request, "rooms/move.html", context | {"open": True})
    return render(request, "rooms/move.html", context | {"open": False}, status=410)


def bad_move_link(request: HttpRequest, code: str, rest: str) -> HttpResponse:
    """A seat-move link of an existing room whose token is out of shape (cut short,
    mangled): the link is wrong, not the room, so the move page says so with a way on
    (404); nothing is looked up by the token."""
    room = _room_or_404(code)
    context = {"room": room, "game": registry.get(room.game), "open": False, "malformed": True}
    return render(request, "rooms/move.html", context, status=404)
