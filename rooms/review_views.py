"""The review panel of a replay (issue 25): GET /reviews/<replay code>/ answers the panel
as it stands (and takes up a review abandoned by a dead server process); POST starts
the review. Thin: rooms.reviews computes, the game's template says each note."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from gamekit.engine import IllegalAction
from gamekit.replay import Record
from rooms import chart, registry, replays
from rooms.errors import RoomError
from rooms.local.tries import MARKED, offered
from rooms.models import Replay
from rooms.replay_views import played
from rooms.replays import SHOWN_SEAT
from rooms.review_text import note_html
from rooms.reviews import Review
from rooms.throttle import PLAY_RATE, throttle

STATUS = {"unknown_replay": 404, "no_review": 404, "round_not_over": 409}
KINDS = {
    "best": ("✓", _("Best")),
    "ok": ("≈", _("Good")),  # about as good as the strong level's choice
    "miss": ("!", _("Could be better")),
    "none": ("?", _("Not judged")),
}


@require_http_methods(["GET", "POST"])
@throttle("review", *PLAY_RATE)  # a page asks every second while it runs
def review_panel(request: HttpRequest, code: str) -> HttpResponse:
    try:
        replay = Replay.objects.filter(code=code).first()
        game = registry.get(replay.game) if replay is not None else None
        if game is None:
            raise RoomError("unknown_replay")
        if game.review is None:
            raise RoomError("no_review")
        try:
            record = Record.from_json(replay.record)
        except IllegalAction:
            raise RoomError("bad_replay") from None
        review = Review.objects.filter(key=record.key()).first()
        # A look takes up a review abandoned by a dead process (a no-op while it runs);
        # only the button tries a failed one again.
        waiting = review is not None and review.status in (Review.PENDING, Review.RUNNING)
        if request.method == "POST" or waiting:
            review = Review.objects.start(game, record)
    except RoomError as error:
        status = STATUS.get(error.code, 400)
        answer = f'<p class="review-failed" role="alert">{escape(error.message)}</p>'
        return HttpResponse(answer, status=status)
    shown = replays.seen_as(replay, played(request, replay))
    return render(request, "rooms/review.html", context(game, review, replay, shown))


def context(
    game: registry.Game, review: Review | None, replay: Replay, mode: str
) -> dict[str, Any]:
    if review is None or review.status != Review.DONE:
        return {"review": review}
    code = replay.code
    notes = []
    for note in review.notes:
        mark, label = KINDS.get(note["kind"], KINDS["none"])
        html = note_html(game, note)
        shown = {**note, "shown_at": note["step"] + 1, "mark": mark, "label": label, "html": html}
        if note["kind"] in MARKED and offered(replay.mode, note["seat"]):  # rooms.local.tries
            shown["try_url"] = reverse("try_from", args=[game.slug, code, note["step"]])
        notes.append(shown)
    # From the notes, not the row's stored summary: a review done before the summary's
    # wording changed reads as a new one.
    summary = sorted(game.review.summary(review.notes).items())
    # The seats named as the replay's board names them for this viewer (`mode`,
    # rooms.replays.seen_as: "You" and "The computer" to the player of a round against
    # the computer, else "Player 1" and "Player 2").
    named = {"shown_seat": SHOWN_SEAT, "mode": mode}
    # The marked decisions, as marks on the replay's slider (review.js puts them there).
    marks = [n for n in notes if n["kind"] in MARKED]
    shown = {"notes": notes, "summary": summary, "marks": marks, "last": replays.step_count(replay)}
    if game.chances is not None:  # the marks as dots on the chart too (review.js)
        shown["chart_dots"] = chart.dots(chart.chances_of(game, replay), review.notes)
    return {"review": review, **shown, **named}
