"""The review of a Tarot duel round (gamekit/review.py): at each card played, the strong
level's card from what the player could see, and what the difference is worth.

The strong card is ``bots.choose(state, seat, "strong", rng)`` with the rng of the
player's view (gamekit.advice, the hint's too, so that a hint followed is the strong
card): the bot reads only ``engine.view(state, seat)``. When the
player played another card, both cards are weighed by the strong level's own evaluation
from the same view (tarot/bots.py `_strong_world`: the same sampled worlds of the
unseen cards, weighted by tarot.inference, each card played out to the end of the round
by the rules of thumb of tarot.playout, or searched exactly over the last tricks), with
the same rng, so over the very worlds the strong level chose in.

The figure a note gives ("points") is the difference between the two cards in the card
points the player would take by the end of the round, on average over those worlds
(rounded to whole points); "swing" is the difference in the chance of winning the round,
in points of percentage, and "chances" the two chances themselves (after the card
played, after the strong level's), which is what a note says. It is the strong level's
estimate, not a fact: the other hand is never looked at.
"""

from __future__ import annotations

from typing import Any

from gamekit.advice import rng_for
from gamekit.engine import gettext_noop
from gamekit.replay import Record
from gamekit.review import (
    LEVEL,
    Message,
    Note,
    judge_steps,
    message,
    ngettext_noop,
    note,
    tally,
)
from tarot import bots, endgame, engine, inference
from tarot.cards import INDEX

# A card worse by this many points, or this many percent of the round's result, is a
# miss; a smaller difference is within the estimate's noise ("ok").
MISS_POINTS = 2
MISS_SWING = 10

ONLY = gettext_noop("The only card that could be played.")
SAME = gettext_noop("The strong level would have played the same card.")
CLOSE = gettext_noop("The strong level would have played %(card)s, for about the same.")
# A miss by its chance to win the round alone (under a point by the end of the round).
OTHER = gettext_noop("The strong level would have played %(card)s.")
MORE = ngettext_noop(
    "The strong level would have played %(card)s: about %(count)d more point by the "
    "end of the round.",
    "The strong level would have played %(card)s: about %(count)d more points by the "
    "end of the round.",
)
CHANCES = gettext_noop(
    "Chance to win the round after this card: %(played)d%%; after the strong level's: %(best)d%%."
)
# The chance line of a review computed before issue 58 (its notes are kept): still
# translated when shown.
OLD_SWING = gettext_noop("Its chance to win the round: %(swing)d%% better.")
# The summary of a seat: its cards played, each counted once (issue 58).
PLAYED = ngettext_noop("%(count)d card played:", "%(count)d cards played:")
MISSES = ngettext_noop(
    "%(count)d that cost points or chances to win",
    "%(count)d that cost points or chances to win",
)
CLOSE_COUNT = ngettext_noop(
    "%(count)d unlike the strong level's, for about the same",
    "%(count)d unlike the strong level's, for about the same",
)
SAME_COUNT = ngettext_noop(
    "%(count)d the strong level would have played too",
    "%(count)d the strong level would have played too",
)
ONLY_COUNT = ngettext_noop(
    "%(count)d forced: the only card that could be played",
    "%(count)d forced: each the only card that could be played",
)


def decisions(record: Record) -> list[int]:
    return [i for i, step in enumerate(record.steps) if step.action.get("type") == "play"]


def judge(record: Record, steps: list[int]) -> list[Note]:
    return judge_steps(engine, judge_at, record, steps)


def judge_at(state: Any, record: Record, step: int, key: str) -> Note:
    seat, action = record.steps[step].seat, record.steps[step].action
    return judge_state(state, step, seat, action["card"])


def judge_state(state: Any, step: int, seat: int, played: str) -> Note:
    """The note of `played` by `seat`, from view(state, seat) only."""
    view = engine.view(state, seat)
    if len(view["legal"]) == 1:
        return note(step, seat, "best", message(ONLY))
    best = bots.choose(state, seat, LEVEL, rng_for(view))["card"]
    if best == played:
        return note(step, seat, "best", message(SAME))
    points, swing, chances = difference(view, best, played)
    if points < MISS_POINTS and swing < MISS_SWING:
        return note(step, seat, "ok", message(CLOSE, card=best), card=best)
    text = [message(MORE, points, card=best) if points >= 1 else message(OTHER, card=best)]
    if swing >= MISS_SWING:
        text.append(message(CHANCES, **chances))
    return note(step, seat, "miss", *text, card=best, points=points, swing=swing)


def difference(view: dict[str, Any], best: str, played: str) -> tuple[int, int, dict[str, int]]:
    """(points, swing, chances) of `best` over `played` by the strong level's evaluation,
    over the worlds it sampled for its own choice (the same rng); chances: {"played",
    "best"}, each the chance to win the round after that card, in percent."""
    rng = rng_for(view)
    me = view["seat"]
    my_hand = sum(1 << INDEX[c] for c in view["hand"])
    taken = round(2 * view["points"][str(me)]) + endgame.OUDLER_UNIT * view["oudlers"][str(me)]
    lacked = inference.masks(view, bots.opponent(view)) if bots.INFER_EPS < 1 else []
    moves = [INDEX[best], INDEX[played]]
    weights, won, rest = 0.0, [0.0, 0.0], 0.0
    for _ in range(bots.SAMPLES):
        w, values = bots._strong_world(view, rng, moves, my_hand, taken, lacked)
        # A value is the round's result (ROUND_WON won, -ROUND_WON lost, 0 neither)
        # plus the difference of the half-points taken, far under ROUND_WON / 2.
        results = [round(values[m] / endgame.ROUND_WON) for m in moves]
        gained = values[moves[0]] - values[moves[1]]
        weights += w
        won = [won[k] + w * (results[k] == 1) for k in (0, 1)]
        rest += w * (gained - (results[0] - results[1]) * endgame.ROUND_WON)
    weights = max(weights, 1e-9)
    # `rest` counts the difference between the two sides' half-points: one point more
    # taken is 2 half-points more for one side and 2 fewer for the other.
    points = round(rest / weights / 4)
    # The chance to win the round, in points of percentage (at most 100).
    swing = round(100 * (won[0] - won[1]) / weights)
    chances = {"best": round(100 * won[0] / weights), "played": round(100 * won[1] / weights)}
    return points, swing, chances


def summary(notes: list[Note]) -> dict[str, list[Message]]:
    groups = [
        (MISSES, lambda n: n["kind"] == "miss"),
        (CLOSE_COUNT, lambda n: n["kind"] == "ok"),
        (ONLY_COUNT, lambda n: n["text"][0]["id"] == ONLY),
        (SAME_COUNT, lambda n: True),  # "best": the same card
    ]
    return {str(seat): tally(notes, seat, PLAYED, groups) for seat in (1, 2)}
