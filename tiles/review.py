"""The review of a tile rummy round (gamekit/review.py): at each turn, the exact
solver's best placement (the most rack tiles, then the most points) from what the player
saw, against what was played; the better table is kept to be shown on demand.

More tiles that only a joker would have put down, while the player kept its jokers and
tiles were left to draw, are "ok", not a miss: the strong level keeps its jokers until
it can go out (tiles/strong.py). The solver sees the player's view only (the table and
the player's own rack): a review reveals nothing the player did not have. It is the
solver the strong level and the hint use, with a larger cap on its work
(REVIEW_MAX_STATES); a turn it cannot settle within it is noted "none" (not judged).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gamekit.engine import gettext_noop
from gamekit.replay import Record
from gamekit.review import Message, Note, judge_steps, message, ngettext_noop, note, tally
from tiles import engine
from tiles.sets import JOKER, sort_tiles, value
from tiles.solver import SearchTooLong, best_placement
from tiles.turns import check_play

# About 4 microseconds a state: a few seconds at most for one turn (the hint stops at
# 200,000; dealt positions need at most about 115,000).
REVIEW_MAX_STATES = 2_000_000

MORE_TILES = ngettext_noop(
    "%(count)d more tile could have gone down: %(placed)d in all, worth %(points)d points.",
    "%(count)d more tiles could have gone down: %(placed)d in all, worth %(points)d points.",
)
MORE_POINTS = ngettext_noop(
    "As many tiles could have gone down for %(count)d more point.",
    "As many tiles could have gone down for %(count)d more points.",
)
JOKER_KEPT = ngettext_noop(
    "%(count)d more tile could have gone down with a joker; the strong level keeps its "
    "jokers until it can go out.",
    "%(count)d more tiles could have gone down with a joker; the strong level keeps its "
    "jokers until it can go out.",
)
BEST = gettext_noop("No placement puts down more tiles.")
NOTHING = gettext_noop("No tile could go down this turn.")
TOO_LONG = gettext_noop("The computer found no answer in time for this turn.")
# The summary of a seat: its turns, each counted once (issue 58).
TURNS = ngettext_noop("%(count)d turn played:", "%(count)d turns played:")
TURNS_MISSED = ngettext_noop(
    "%(count)d where more tiles could have gone down",
    "%(count)d where more tiles could have gone down",
)
TURNS_CLOSE = ngettext_noop(
    "%(count)d with as many tiles down for fewer points, or a joker kept",
    "%(count)d with as many tiles down for fewer points, or a joker kept",
)
TURNS_NOTHING = ngettext_noop(
    "%(count)d where no tile could go down",
    "%(count)d where no tile could go down",
)
TURNS_NONE = ngettext_noop(
    "%(count)d not judged in time",
    "%(count)d not judged in time",
)
TURNS_BEST = ngettext_noop(
    "%(count)d with the best placement",
    "%(count)d with the best placement",
)


def decisions(record: Record) -> list[int]:
    """Every action of tile rummy is a turn: each is judged."""
    return list(range(len(record.steps)))


def judge(record: Record, steps: list[int]) -> list[Note]:
    return judge_steps(engine, judge_at, record, steps)


def judge_at(state: Any, record: Record, step: int, key: str) -> Note:
    seat, action = record.steps[step].seat, record.steps[step].action
    return judge_view(engine.view(state, seat), step, seat, action)


def judge_view(view: dict[str, Any], step: int, seat: int, action: dict[str, Any]) -> Note:
    """The note of `action`, judged from `view` (the deciding seat's) alone."""
    table, rack = view["table"], view["rack"]
    opened = bool(view["opened"][str(seat)])
    played: Counter[str] = Counter()
    if action.get("type") == "play":
        played = check_play(table, rack, opened, action["table"])
    count, points = sum(played.values()), sum(value(t) * n for t, n in played.items())
    try:
        best = best_placement(table, rack, opened, max_states=REVIEW_MAX_STATES)
    except SearchTooLong:
        return note(step, seat, "none", message(TOO_LONG))
    if best is None:
        return note(step, seat, "best", message(NOTHING))
    best_count, best_points = len(best.placed), sum(map(value, best.placed))
    better = {"table": best.table, "placed": sort_tiles(best.placed)}
    if best_count > count:
        if kept_jokers(view, table, rack, opened, count):
            return note(step, seat, "ok", message(JOKER_KEPT, best_count - count), **better)
        more = message(MORE_TILES, best_count - count, placed=best_count, points=best_points)
        return note(step, seat, "miss", more, **better)
    if best_count == count and best_points > points:
        return note(step, seat, "ok", message(MORE_POINTS, best_points - points), **better)
    return note(step, seat, "best", message(BEST))


def kept_jokers(
    view: dict[str, Any], table: list[list[str]], rack: list[str], opened: bool, count: int
) -> bool:
    """Whether the tiles not put down needed a joker the player kept while tiles are
    left to draw: what the strong level does (tiles/strong.py), not a mistake."""
    if JOKER not in rack or not view["pool_count"]:
        return False
    numbered = [code for code in rack if code != JOKER]
    try:
        found = best_placement(table, numbered, opened, max_states=REVIEW_MAX_STATES)
    except SearchTooLong:
        return False
    return found is None or len(found.placed) <= count


def summary(notes: list[Note]) -> dict[str, list[Message]]:
    groups = [
        (TURNS_MISSED, lambda n: n["kind"] == "miss"),
        (TURNS_CLOSE, lambda n: n["kind"] == "ok"),
        (TURNS_NONE, lambda n: n["kind"] == "none"),
        (TURNS_NOTHING, lambda n: n["text"][0]["id"] == NOTHING),
        (TURNS_BEST, lambda n: True),  # "best"
    ]
    return {str(seat): tally(notes, seat, TURNS, groups) for seat in (1, 2)}
