"""The replay's pages (issue 25): a finished round's replay at /replays/<code>/, its steps
as fragments, and the ways to it: an online room's round (/r/<code>/replay/...) and a
sealed game's finished round (POST /play/<slug>/replay). Thin: rooms.replays does the work.
A refusal (unfinished round, unknown code, step out of range, damaged record, tampered
token) is a page, or for a step a fragment, with the translated message and a 4xx."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from gamekit.replay import MAX_STEPS
from rooms import chart, registry, replays
from rooms.errors import RoomError
from rooms.models import Replay, Room
from rooms.throttle import PLAY_RATE, throttle

# How each refusal answers: a replay that is not there, a round not over yet, the rest.
STATUS = {
    "unknown_room": 404,
    "unknown_replay": 404,
    "replay_step": 404,
    "replay_unfinished": 409,
    "replay_abandoned": 404,
    "no_replay": 404,
}


# The replays this browser's session made from its own sealed game (a round it played):
# they say "You" to it, and "Player 1" to whoever else opens the link.
SESSION_PLAYED = "rooms_played_replays"
MAX_PLAYED = 50


def played(request: HttpRequest, replay: Replay) -> bool:
    """Whether this browser played the replay's round against the computer (its session
    made the replay from the round's sealed token)."""
    return replay.code in request.session.get(SESSION_PLAYED, [])


def _remember_played(request: HttpRequest, replay: Replay) -> None:
    kept = [code for code in request.session.get(SESSION_PLAYED, []) if code != replay.code]
    request.session[SESSION_PLAYED] = [*kept, replay.code][-MAX_PLAYED:]


def _refused(request: HttpRequest, error: RoomError) -> HttpResponse:
    context = {"code": error.code, "message": error.message}
    return render(request, "rooms/replay_refused.html", context, status=STATUS.get(error.code, 400))


@require_GET
def room_replay(request: HttpRequest, code: str, number: int | None = None) -> HttpResponse:
    """Round `number` of an online room (the last finished round without it), once it
    is finished: to its replay's page (made on the first request)."""
    room = Room.objects.filter(code=code).first()
    try:
        if room is None or registry.get(room.game) is None:
            raise RoomError("unknown_room")
        if number is None:
            number = replays.last_finished_round(room)
            if number is None:
                raise RoomError("unknown_replay")
        replay = replays.for_room(room, number)
    except RoomError as error:
        return _refused(request, error)
    # Back to the room by the browser's history: the page names no room, so that a
    # shared replay never gives away the room's code (its round in progress).
    return redirect(f"{reverse('replay', args=[replay.code])}?from=room")


@require_POST
@throttle("play", *PLAY_RATE)
def local_replay(request: HttpRequest, slug: str) -> HttpResponse:
    """The finished round of the sealed game posted (one device, against the computer):
    to its replay's page; the same token always leads to the same replay."""
    try:
        replay = replays.for_token(slug, request.POST.get("token"))
    except RoomError as error:
        return _refused(request, error)
    _remember_played(request, replay)
    return redirect("replay", code=replay.code)


def opening_step(asked: str | None, last: int) -> tuple[int, str]:
    """The step a replay's link opens at (`?step=14`, replay.js keeps it up to date) and
    what to say when the link asks for one the replay does not have: the nearest of the
    first and the last step, never an error."""
    if asked is None or asked == "":
        return 0, ""
    if asked.isdigit() and int(asked) <= last:
        return int(asked), ""
    shown = last if asked.isdigit() else 0
    said = gettext("This replay has no step “%(asked)s”: it opens at step %(shown)d of %(last)d.")
    return shown, said % {"asked": asked[:12], "shown": shown, "last": last}


@require_GET
def replay_page(request: HttpRequest, code: str) -> HttpResponse:
    """A finished round, step by step (rooms/static/rooms/replay.js asks for the steps),
    opened at the step of its link's `?step=` (0, as dealt, without one)."""
    try:
        replay = replays.by_code(code)
        last = replays.step_count(replay)
        step, odd = opening_step(request.GET.get("step"), last)
        first = replays.frame(replay, step, replays.seen_as(replay, played(request, replay)))
    except RoomError as error:
        return _refused(request, error)
    replays.seen(replay)
    game = registry.get(replay.game)
    mode = replays.seen_as(replay, played(request, replay))
    try:
        drawn = chart.build(game, replay, mode, step, chart.review_notes(replay))
    except RoomError:  # a damaged record: the frame said so already
        drawn = None
    context = {
        "game": game,
        "replay": replay,
        "mode": replay.mode,
        "step": step,
        "odd_step": odd,
        "last": last,
        "cut": bool(replay.record.get("cut")),
        "max_steps": MAX_STEPS,
        "frame": first,
        "chart": drawn,
        "link": request.build_absolute_uri(reverse("replay", args=[replay.code])),
        "from_room": replay.room_id is not None and request.GET.get("from") == "room",
    }
    return render(request, "rooms/replay.html", context)


@require_GET
def replay_step(request: HttpRequest, code: str, step: int) -> HttpResponse:
    """One step's board, a fragment (the same in every browser: cached by the server
    and, for an hour, by the browser)."""
    try:
        replay = replays.by_code(code)
        html = replays.frame(replay, step, replays.seen_as(replay, played(request, replay)))
    except RoomError as error:
        return render(
            request,
            "rooms/partials/replay_refusal.html",
            {"message": error.message},
            status=STATUS.get(error.code, 400),
        )
    response = HttpResponse(html)
    response["Cache-Control"] = "public, max-age=3600"
    response["Vary"] = "Accept-Language, Cookie"
    return response
