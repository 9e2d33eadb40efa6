"""The review of a rummy deal (gamekit/review.py): at each draw, meld and discard, the
strong level's choice from the player's view, and whether a discard was taken from the
discard pile by the other player at once. A meld is judged against the melds the strong
level would lay down in that turn (in any order), or its keeping them in hand; a
discard also says what the strong level would have laid down before it (to go out, or
to cut the points it could be caught with).

The strong level reads only ``engine.view(state, seat)`` (cards/bots.py), with the rng
of that view (gamekit.advice, the hint's too): the note of a decision is the one the
hint gave on that position, and the same on any deal the player could not tell from the
real one. Whether the other player then took
the card is what the player saw happen next, not a hidden card.
"""

from __future__ import annotations

from typing import Any

from cards import engine
from cards.bots import DRAWERS, choose_from_view
from cards.judge import Seen
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
from gamekit.seats import other

JUDGED = ("draw", "meld", "discard")

DRAW_SAME = gettext_noop("The strong level would have drawn the same way.")
DRAW_STOCK = gettext_noop("The strong level would have drawn from the stock.")
DRAW_PILE = gettext_noop("The strong level would have taken the %(card)s from the discard pile.")
DISCARD_SAME = gettext_noop("The strong level would have discarded the same card.")
DISCARD_OTHER = gettext_noop("The strong level would have discarded the %(card)s.")
MELD_SAME = gettext_noop("The strong level would have made the same meld.")
MELD_OTHER = gettext_noop("The strong level would have melded %(cards)s instead.")
MELD_KEPT = gettext_noop(
    "The strong level would have kept these cards in hand: a meld on the table gives the "
    "other player places to lay off."
)
MELD_FIRST = gettext_noop("The strong level would have melded %(cards)s before discarding.")
LAY_OFF_FIRST = gettext_noop("The strong level would have laid off %(cards)s before discarding.")
OUT = gettext_noop("The strong level would have gone out in this turn.")
TAKEN = gettext_noop("The other player took this card from the discard pile.")
# The summary of a seat: its draws, melds and discards, each counted once (issue 58).
DECIDED = ngettext_noop("%(count)d draw, meld or discard:", "%(count)d draws, melds and discards:")
MISSES = ngettext_noop(
    "%(count)d that cost: a discard the other player took, or going out missed",
    "%(count)d that cost: a discard the other player took, or going out missed",
)
DIFFERENT_COUNT = ngettext_noop(
    "%(count)d unlike the strong level's, without a cost seen",
    "%(count)d unlike the strong level's, without a cost seen",
)
SAME_COUNT = ngettext_noop(
    "%(count)d the same as the strong level's",
    "%(count)d the same as the strong level's",
)


def decisions(record: Record) -> list[int]:
    return [i for i, step in enumerate(record.steps) if step.action.get("type") in JUDGED]


def judge(record: Record, steps: list[int]) -> list[Note]:
    return judge_steps(engine, judge_at, record, steps)


def judge_at(state: Any, record: Record, step: int, key: str) -> Note:
    seat, action = record.steps[step].seat, record.steps[step].action
    return judge_state(state, step, seat, action, taken_next(record, step))


def answers(tried: str, action: dict[str, Any]) -> bool:
    """Whether `action`, in a try of a decision of type `tried` (rooms/local/tries.py), is
    the one whose judgement is the try's verdict: a draw by a draw, a discard by the
    discard (melds and lay-offs before it are the way to it, as the review's note of a
    discard says what to lay down first), a meld by a meld or, without one, the discard."""
    if tried == "meld":
        return action.get("type") in ("meld", "discard")
    return action.get("type") == tried


def taken_next(record: Record, step: int) -> bool:
    """Whether the action after `step` (a discard) is the other player taking it."""
    if step + 1 >= len(record.steps):
        return False
    after = record.steps[step + 1]
    seat = record.steps[step].seat
    return after.seat == other(seat) and after.action == {"type": "draw", "source": "discard"}


def judge_state(
    state: Any, step: int, seat: int, action: dict[str, Any], taken: bool = False
) -> Note:
    """The note of `action` by `seat`; the strong level sees view(state, seat) only."""
    view = engine.view(state, seat)
    if action["type"] == "draw":
        seen = Seen(view)
        pile = DRAWERS[LEVEL](seen, rng_for(view))
        if pile == (action["source"] == "discard"):
            return note(step, seat, "best", message(DRAW_SAME))
        said = message(DRAW_PILE, card=seen.top) if pile else message(DRAW_STOCK)
        return note(step, seat, "ok", said)
    plays, best, out = strong_turn(state, seat)
    melds = [play["cards"] for play in plays if play["type"] == "meld"]
    if action["type"] == "meld":
        if sorted(action["cards"]) in [sorted(meld) for meld in melds]:
            return note(step, seat, "best", message(MELD_SAME))
        if not melds:
            return note(step, seat, "ok", message(MELD_KEPT))
        return note(step, seat, "ok", message(MELD_OTHER, cards=" ".join(melds[0])))
    if out and len(view["hand"]) > 1:  # the player kept cards the strong level would not
        text = [message(OUT)] + ([message(TAKEN)] if taken else [])
        return note(step, seat, "miss", *text, card=best, taken=taken)
    same = best == action["card"] and not plays
    if melds:
        text = [message(MELD_FIRST, cards=" ".join(melds[0]))]
    elif plays:
        laid = " ".join(play["card"] for play in plays)
        text = [message(LAY_OFF_FIRST, cards=laid)]
    else:
        text = [message(DISCARD_SAME) if same else message(DISCARD_OTHER, card=best)]
    if taken:
        text.append(message(TAKEN))
    kind = "best" if same and not taken else "miss" if taken and not same else "ok"
    return note(step, seat, kind, *text, card=best, taken=taken)


def strong_turn(state: Any, seat: int) -> tuple[list[dict[str, Any]], str | None, bool]:
    """The strong level's rest of the turn from `state` (after the draw): its melds and
    lay-offs in order, each chosen from the seat's view as the hint chooses it, its
    discard (None: its hand is empty before one) and whether it empties its hand in this
    turn. Melds and lay-offs reveal nothing hidden, so the turn depends on the seat's
    view only."""
    plays = []
    while True:
        view = engine.view(state, seat)
        choice = choose_from_view(view, LEVEL, rng_for(view))
        if choice["type"] == "discard":
            return plays, choice["card"], len(view["hand"]) == 1
        plays.append(choice)
        state = engine.apply(state, seat, choice)
        if engine.status(state)["over"]:
            return plays, None, True


def summary(notes: list[Note]) -> dict[str, list[Message]]:
    groups = [
        (MISSES, lambda n: n["kind"] == "miss"),
        (DIFFERENT_COUNT, lambda n: n["kind"] == "ok"),
        (SAME_COUNT, lambda n: True),  # "best"
    ]
    return {str(seat): tally(notes, seat, DECIDED, groups) for seat in (1, 2)}
