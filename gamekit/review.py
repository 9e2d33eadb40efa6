"""The review by the computer (issue 25): each decision of a finished round judged by
the strong level, from what the deciding seat could see at that moment.

A game's review module (<app>/review.py, pure Python like its engine) offers:
- ``decisions(record) -> list[int]``: the indices in ``record.steps`` of the actions it
  judges (the replay numbers states from 0 = as dealt, so the state before step i is
  state i and the one after it state i + 1);
- ``judge(record, steps) -> list[Note]``: the notes of those decisions, in order (the
  runner hands out a few at a time to its worker process, rooms/reviews.py), each
  ``judge_at(state, record, step, key)`` of the state before it (`judge_steps`);
- ``summary(notes) -> {"1": [Message], "2": [Message]}``: per seat, the count of its
  decisions judged, then the count of each kind of them (`tally`): every decision is
  in exactly one, so that the counts add up to what the seat played (issue 58).
- optionally ``answers(tried, action) -> bool``: in a try of a decision whose action
  type is `tried` (rooms/local/tries.py), whether `action` is the one the try's verdict
  is about (without it, the first decision the review judges).

A note is plain JSON: {"step": i, "seat": s, "kind": "best" | "ok" | "miss", "text":
[Message, ...]} plus what the game adds (tile rummy: "table", the better table). A
Message is {"id": English msgid, "params": {...}} and, for a count, "plural" and "n":
translated when shown (rooms/review_text.py), never here.

Each decision's bot gets its rng from gamekit.advice.rng_for, seeded by the position as
the deciding seat saw it: the one the hint uses, so that a hint followed is never judged
unlike the strong level's choice (issue 43); a review is the same each time it is
computed, and the same on any state the seat cannot tell from the real one
(engine.redeal_hidden).
"""

from __future__ import annotations

from typing import Any

from gamekit.replay import Record

Message = dict[str, Any]
Note = dict[str, Any]
KINDS = ("best", "ok", "miss", "none")  # none: not judged (no answer in time)
# The level whose judgement the review gives.
LEVEL = "strong"


def ngettext_noop(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a count for translation without translating it here
    (rooms' makemessages extracts calls of this name with both forms)."""
    return singular, plural


def message(msgid: str | tuple[str, str], n: int | None = None, **params: Any) -> Message:
    """A message to translate when shown: `msgid` from gettext_noop, or the pair from
    ngettext_noop with its count `n` (also a param "count")."""
    if isinstance(msgid, tuple):
        singular, plural = msgid
        return {"id": singular, "plural": plural, "n": n, "params": {"count": n, **params}}
    return {"id": msgid, "params": params}


def note(step: int, seat: int, kind: str, *text: Message, **extra: Any) -> Note:
    assert kind in KINDS, kind
    return {"step": step, "seat": seat, "kind": kind, "text": list(text), **extra}


def counted(notes: list[Note], seat: int, kind: str, flag: str | None = None) -> int:
    return sum(
        1
        for n in notes
        if n["seat"] == seat and n["kind"] == kind and (flag is None or n.get(flag))
    )


Group = tuple[tuple[str, str], Any]  # (ngettext_noop pair, note -> bool)


def tally(
    notes: list[Note], seat: int, total: tuple[str, str], groups: list[Group]
) -> list[Message]:
    """The seat's summary: `total` with the count of its notes, then each group's message
    with its count (empty groups left out), a note counted in the first group it belongs
    to; the last group of a game takes the rest, so that the counts add up."""
    mine = [n for n in notes if n["seat"] == seat]
    counts = [0] * len(groups)
    for n in mine:
        counts[next(i for i, (_, belongs) in enumerate(groups) if belongs(n))] += 1
    shown = [(msg, count) for (msg, _), count in zip(groups, counts, strict=True) if count]
    return [message(total, len(mine))] + [message(msg, count) for msg, count in shown]


def judge_steps(engine: Any, judge_at: Any, record: Record, steps: list[int]) -> list[Note]:
    """`judge_at(state, record, step, key)` of each step, walking the states forward once."""
    cache: dict[int, Any] = {}
    key = record.key()
    return [judge_at(state_before(engine, record, i, cache), record, i, key) for i in steps]


def state_before(engine: Any, record: Record, step: int, cache: dict[int, Any]) -> Any:
    """The state before `record.steps[step]`, from the nearest state in `cache` (the
    judge of a chunk walks forward once instead of replaying from the deal each time)."""
    known = max((i for i in cache if i <= step), default=None)
    if known is None:
        known, state = 0, engine.from_json(record.start)
    else:
        state = cache[known]
    for number in range(known, step):
        item = record.steps[number]
        state = engine.apply(state, item.seat, item.action)
    cache.clear()
    cache[step] = state
    return state
