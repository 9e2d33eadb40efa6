"""The chart under a replay (issue 58): each seat's chance to win the round at every step,
as the game's estimator gives it (Game.chances, gamekit/chances.py, both hands known),
drawn by the server as an SVG (rooms/partials/replay_chart.html), with its text twin:
the three largest swings, each with its step, the move in words and the change.

Generic: a game gives only its estimator. The curve of a replay is computed once and
kept (a replay never changes); the swings' words once per mode and language. The
decisions the review marked are dots on the curve of the seat that made them, sized by
what the step cost that seat's chance (the estimator's, before and after it).
"""

from __future__ import annotations

import re
from typing import Any

from django.core.cache import cache
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from gamekit.chances import curve
from gamekit.engine import IllegalAction
from gamekit.replay import Record, states
from rooms import registry, replays
from rooms.errors import RoomError
from rooms.models import Replay
from rooms.render import render_board
from rooms.templatetags.seats import plain_seat_name

WIDTH, HEIGHT, PAD = 600, 160, 8  # the SVG's own units (it scales to the page's width)
SWINGS = 3
KEEP_SECONDS = 3600
MARKED = ("ok", "miss")  # the review's marks (rooms.local.tries.MARKED)
# A dot's radius: from a small one (no cost seen) to a large one (a quarter of the
# round's chance lost, or more).
DOT_SMALL, DOT_LARGE, DOT_FULL_COST = 3.5, 9.0, 0.25


def chances_of(game: registry.Game, replay: Replay) -> list[dict[int, float]]:
    """Each step's chances {1: p, 2: p}: computed once per replay, then kept."""
    key = f"chart:{replay.code}"
    kept = cache.get(key)
    if kept is None:
        record = replays.record_of_replay(replay)
        try:
            found = curve(game.engine, game.chances, record)  # type: ignore[arg-type]
        except IllegalAction:
            raise RoomError("bad_replay") from None
        kept = [[round(each[1], 4), round(each[2], 4)] for each in found]
        cache.set(key, kept, KEEP_SECONDS)
    return [{1: p1, 2: p2} for p1, p2 in kept]


def _x(step: int, last: int) -> float:
    return PAD + (WIDTH - 2 * PAD) * step / max(1, last)


def _y(chance: float) -> float:
    return PAD + (HEIGHT - 2 * PAD) * (1 - chance)


def _n(value: float) -> str:
    """A coordinate as the SVG reads it: a template would write 12,5 in Russian."""
    return f"{value:.1f}"


def _line(found: list[dict[int, float]], seat: int, last: int) -> str:
    return " ".join(f"{_n(_x(i, last))},{_n(_y(c[seat]))}" for i, c in enumerate(found))


def dots(found: list[dict[int, float]], notes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The review's marked decisions as dots: at the step after the decision, on the
    curve of the seat that made it, sized by that seat's chance lost at that step."""
    last = len(found) - 1
    made = []
    for note in notes:
        after = note["step"] + 1
        if note["kind"] not in MARKED or after > last:
            continue
        seat = note["seat"]
        cost = max(0.0, found[after - 1][seat] - found[after][seat])
        radius = DOT_SMALL + (DOT_LARGE - DOT_SMALL) * min(1.0, cost / DOT_FULL_COST)
        made.append(
            {
                "step": after,
                "kind": note["kind"],
                "seat": seat,
                "cost": round(100 * cost),
                # In percent of the chart's box, the radius in pixels: round dots
                # over the stretched lines (rooms/partials/replay_chart.html).
                "cx": _n(100 * _x(after, last) / WIDTH),
                "cy": _n(100 * _y(found[after][seat]) / HEIGHT),
                "r": _n(radius),
            }
        )
    return made


def largest_swings(found: list[dict[int, float]], record: Record) -> list[tuple[int, int]]:
    """The `SWINGS` steps whose chances moved most (either seat's), in step order, each
    with the seat that moved then: [(step, seat)]."""
    moved = [
        (max(abs(found[i][s] - found[i - 1][s]) for s in (1, 2)), i) for i in range(1, len(found))
    ]
    largest = sorted(moved, key=lambda each: (-each[0], each[1]))[:SWINGS]
    return sorted((i, record.steps[i - 1].seat) for size, i in largest if size > 0)


def swings(
    game: registry.Game, replay: Replay, found: list[dict[int, float]], mode: str
) -> list[dict[str, Any]]:
    """The text twin: the largest swings, each {"step", "text"}, in the active language
    and as the replay names seats for its viewer (`mode`); kept per mode and language."""
    key = f"chart-swings:{replay.code}:{mode}:{get_language() or ''}"
    kept = cache.get(key)
    if kept is not None:
        return kept
    record = replays.record_of_replay(replay)
    chosen = largest_swings(found, record)
    every = states(game.engine, record) if chosen else []
    kept = []
    for step, seat in chosen:
        move = move_words(game, every, step, mode)
        said = {
            "step": step,
            "move": move,
            "seat": plain_seat_name(seat, replays.SHOWN_SEAT, mode),
            "before": round(100 * found[step - 1][seat]),
            "after": round(100 * found[step][seat]),
        }
        # Translators: a swing of the chart under a replay: "Step 14: You discarded
        # the queen of clubs. You: chance to win 61% → 38%."
        text = gettext(
            "Step %(step)d: %(move)s %(seat)s: chance to win %(before)d%% → %(after)d%%."
        )
        kept.append({"step": step, "text": text % said})
    cache.set(key, kept, KEEP_SECONDS)
    return kept


def move_words(game: registry.Game, every: list[Any], step: int, mode: str) -> str:
    """Step `step`'s move in words: the board's spoken line of its last move, from the
    first state from `step` on that says a new one (rummy says a turn once it ends, its
    draw with its discard), without its "Last move:" and with a capital."""
    before, _ = replays.spoken_move(game, every[step - 1], mode)
    words = ""
    for state in every[step:]:
        said, words = replays.spoken_move(game, state, mode)
        if said != before:
            break
    if not words:  # the round's last move: its board says the result instead
        words = result_words(game, every[-1], mode)
    head, colon, rest = words.partition(": ")
    if colon and len(head) <= 30:  # "Last move: ", in any language
        words = rest
    if words and not words.endswith((".", "!", "?", "…")):  # a list of tiles ends it
        words = f"{words}."
    return words[:1].upper() + words[1:]


RESULT = re.compile(r'<(\w+)[^>]*data-speak="result(?:-reason)?"[^>]*>(.*?)</\1>', re.S)


def result_words(game: registry.Game, state: Any, mode: str) -> str:
    """The result of a finished round as its board says it ("Player 2 won the deal.
    Player 2 went out.")."""
    board = render_board(game, replays.replay_view(game, state), game.engine.status(state), 1, mode)
    said = []
    for match in RESULT.finditer(board):
        spoken = replays._Spoken()
        spoken.feed(match.group(2))
        text = spoken.text()
        said.append(text if text.endswith((".", "!")) else f"{text}.")
    return " ".join(said)


def _columns(last: int, column: float) -> SafeString:
    """A transparent column per step, the target of a click: written here in one join
    (numbers only), a template's loop over a hundred and more steps costs more."""
    height = HEIGHT
    return mark_safe(  # numbers this module formats, nothing else
        "".join(
            f'<rect data-chart-step="{i}" x="{_n(_x(i, last) - column / 2)}" y="0" '
            f'width="{_n(column)}" height="{height}"/>'
            for i in range(last + 1)
        )
    )


def build(
    game: registry.Game,
    replay: Replay,
    mode: str,
    step: int,
    notes: list[dict[str, Any]] | None = None,
) -> dict[str, Any] | None:
    """What rooms/partials/replay_chart.html draws; None for a game with no estimator."""
    if game.chances is None:
        return None
    found = chances_of(game, replay)
    last = len(found) - 1
    column = (WIDTH - 2 * PAD) / max(1, last)
    seats = [
        {
            "seat": seat,
            "name": plain_seat_name(seat, replays.SHOWN_SEAT, mode),
            "points": _line(found, seat, last),
        }
        for seat in (1, 2)
    ]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "top": _n(_y(1.0)),
        "middle": _n(_y(0.5)),
        "bottom": _n(_y(0.0)),
        "last": last,
        "step": step,
        "marker": _n(_x(step, last)),
        "seats": seats,
        "columns": _columns(last, column),
        "dots": dots(found, notes or []),
        "swings": swings(game, replay, found, mode),
        "final": {seat: round(100 * found[-1][seat]) for seat in (1, 2)},
    }


def review_notes(replay: Replay) -> list[dict[str, Any]]:
    """The notes of the replay's review once it is done ([] before): its marked
    decisions are the chart's dots from the page's first drawing."""
    from rooms.reviews import Review  # the review's runner: its model and workers

    record = replays.record_of_replay(replay)
    review = Review.objects.filter(key=record.key(), status=Review.DONE).first()
    return list(review.notes) if review is not None else []
