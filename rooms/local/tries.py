"""Try again from here (issue 46): a game against the computer from the position before
a decision the review of a finished round marked, the player in that decision's seat,
with the cards as they were (the round is over: its replay shows them all already).

The decision the player makes there in place of the one tried is judged as the review
judged the original (the game's review module: the strong level's choice, from what the
seat could see): the first one the review judges, or, where the game's review says which
decision answers the one tried (`answers(tried, action)`: in rummy a discard tried is
answered by the discard, not by a meld laid down before it), that one;
then the round goes on against the computer at the level the player chose. The sealed
payload (rooms.local.play) keeps `from` ("<replay code>:<step>"), `human` (the seat),
`tried` (the type of the action tried) and, once judged, `judged` (the note). "Next
mistake" opens the next marked decision of the same seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext, gettext_noop

from gamekit.engine import Action, IllegalAction, Seat
from gamekit.replay import Record, record_of, states
from rooms import registry
from rooms.errors import RoomError
from rooms.models import Replay
from rooms.review_text import note_html
from rooms.reviews import Review

MARKED = ("ok", "miss")  # the review's marks of a decision unlike the strong level's
COMPUTER_REPLAY_HUMAN: Seat = 1  # the player's seat in a replay against the computer


@dataclass(frozen=True)
class Start:
    state: Any
    seat: Seat
    ref: str  # "<replay code>:<step>", the payload's `from`
    tried: str = ""  # the type of the action tried, the payload's `tried`


def _read(ref: object) -> tuple[str, int]:
    code, _, step = ref.partition(":") if isinstance(ref, str) else ("", "", "")
    if not code or not step.isdigit():
        raise RoomError("no_try")
    return code, int(step)


def page(slug: str, ref: object) -> str:
    """The page of the try `ref` ("<replay code>:<step>"): RoomError("no_try") for a
    reference out of shape."""
    code, step = _read(ref)
    return reverse("try_from", args=[slug, code, step])


def _replay(game: registry.Game, code: str) -> tuple[Replay, Record]:
    replay = Replay.objects.filter(code=code, game=game.slug).first()
    if replay is None:
        raise RoomError("unknown_replay")
    try:
        return replay, Record.from_json(replay.record)
    except IllegalAction:
        raise RoomError("bad_replay") from None


def _record(game: registry.Game, code: str) -> Record:
    return _replay(game, code)[1]


def offered(mode: str, seat: Seat) -> bool:
    """Whether a decision of `seat` in a replay of a round played in `mode` may be tried
    again: against the computer only the player's own (seat 1, "You" on the replay's
    board; the computer's would seat the player where the computer sat and name their
    own moves the computer's); on one device and online, where both seats were people,
    either."""
    return mode != "computer" or seat == COMPUTER_REPLAY_HUMAN


def marked(game: registry.Game, record: Record) -> list[dict[str, Any]]:
    """The notes of the record's review that mark a decision, in order (none until the
    review is done)."""
    review = Review.objects.filter(key=record.key(), status=Review.DONE).first()
    return [n for n in review.notes if n["kind"] in MARKED] if review else []


def begin(game: registry.Game, ref: object) -> Start:
    """Where a try of `ref` starts: RoomError "no_try" unless the review marked that
    decision, "unknown_replay" or "bad_replay" for a replay that cannot be read."""
    if game.review is None:
        raise RoomError("no_try")
    code, step = _read(ref)
    replay, record = _replay(game, code)
    if not any(n["step"] == step for n in marked(game, record)):
        raise RoomError("no_try")
    if not offered(replay.mode, record.steps[step].seat):
        raise RoomError("no_try")
    try:
        state = states(game.engine, Record(record.start, record.steps[:step]))[-1]
    except IllegalAction:
        raise RoomError("bad_replay") from None
    tried = str(record.steps[step].action.get("type", ""))
    return Start(state, record.steps[step].seat, f"{code}:{step}", tried)


def judge(
    game: registry.Game, payload: dict[str, Any], before: Any, seat: Seat, action: Action
) -> None:
    """Judge the player's decision of the try that answers the one tried (the first the
    review judges, a rummy lay-off is not one; the game's `answers` may wait for a later
    one) into payload["judged"]; nothing once it is judged."""
    if "from" not in payload or payload.get("judged") or game.review is None:
        return
    answers = getattr(game.review, "answers", None)
    tried = payload.get("tried")
    if tried and answers is not None and not answers(tried, action):
        return
    record = record_of(game.engine.to_json(before), [(seat, action)])
    if 0 in game.review.decisions(record):
        payload["judged"] = game.review.judge(record, [0])[0]


def progress(game: registry.Game, payload: dict[str, Any]) -> dict[str, Any] | None:
    """What the page shows of the try (None: not a try): the replay's step, the judged
    first decision in the active language, the next marked decision of the seat."""
    if "from" not in payload:
        return None
    code, step = _read(payload["from"])
    note = payload.get("judged")
    shown: dict[str, Any] = {
        "from": payload["from"],
        "step": step + 1,  # the replay's number of the position after the decision
        "judged": None,
        "next": None,
    }
    if note:
        verdict = VERDICTS.get(note["kind"], VERDICTS["miss"])
        shown["judged"] = {"kind": note["kind"], "verdict": gettext(verdict)}
        shown["judged"]["html"] = note_html(game, note)
        later = [
            n["step"]
            for n in marked(game, _record(game, code))
            if n["seat"] == payload.get("human") and n["step"] > step
        ]
        if later:
            shown["next"] = reverse("try_from", args=[game.slug, code, later[0]])
    return shown


# What the first decision of a try was, by the review's mark.
VERDICTS = {
    "best": gettext_noop("As good as the strong level."),
    "ok": gettext_noop("Close, but still unlike the strong level:"),
    "miss": gettext_noop("Still worse than the strong level's choice:"),
    "none": gettext_noop("Not judged."),
}
