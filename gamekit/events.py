"""Move events (issue 56): what an action did, as the board animates it and the live
region says it; the one stream that the animation, the narration and the last-move line
read, as Lichess's board plans a move's travel and its blind mode speaks the same move.

An engine records the events of the latest turns in its state as `apply` makes them
(the state `apply` returns carries the events the action caused), numbered on within a
round, and `view(state, seat)` shows them filtered for that seat or a watcher by
`seen_by`, the one place where an event's secret is stripped (as boardgame.io strips a
state in one place). Being part of the view, the events reach every way of playing as
the board does: on one device, against the computer (every step of its turn, in order),
online (pushed with the state, and the same again on a resync), watchers, replays,
lessons and tries; and the contract's secrets scan covers them.

An event is plain JSON:

- `n`: its number in the round (1, 2, ...): the page plays and says the events whose
  number is above the last one it has shown (`game_no` names the round);
- `seat`: who moved (1 or 2);
- `kind`: what happened, in the game's words (docs/games.md lists each game's kinds);
- `pieces`: the codes of the pieces that moved; a piece the viewer may not see is
  `HIDDEN` (a card drawn from the stock, seen by the other seat);
- `source`, `target`: the places they came from and went to, as the board marks them
  with `data-place` ("stock", "pile", "pool", "hand-1", "rack-2", "table", "set-3",
  "trick", "won-1", ...); "" where the kind says all;
- `facts`: what follows from it, in plain JSON (a trick's winner and points, a
  round's scores, the set an added tile joined): public to every seat and watcher,
  never a hidden piece;
- `private`: the seat that alone may see `pieces` (a draw from the stock); absent or
  None when every seat and watcher may.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NotRequired, TypedDict

HIDDEN = "?"  # a piece the viewer may not see: it travels face down


class Event(TypedDict):
    n: int
    seat: int
    kind: str
    pieces: list[str]
    source: str
    target: str
    facts: dict[str, Any]
    private: NotRequired[int | None]


def event(
    n: int,
    seat: int,
    kind: str,
    pieces: Iterable[str] = (),
    source: str = "",
    target: str = "",
    private: int | None = None,
    **facts: Any,
) -> Event:
    """An event as the engine records it (before `seen_by`)."""
    made: Event = {
        "n": n,
        "seat": seat,
        "kind": kind,
        "pieces": list(pieces),
        "source": source,
        "target": target,
        "facts": facts,
    }
    if private is not None:
        made["private"] = private
    return made


def seen_by(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events as `seat` (None: a watcher) may see them: a private event's pieces
    become HIDDEN for anyone but its seat, the count kept; `private` is dropped."""
    shown: list[Event] = []
    for one in events:
        copy: Event = {key: value for key, value in one.items() if key != "private"}  # type: ignore[assignment]
        owner = one.get("private")
        if owner is not None and owner != seat:
            copy["pieces"] = [HIDDEN] * len(one["pieces"])
        else:
            copy["pieces"] = list(one["pieces"])
        copy["facts"] = dict(one["facts"])
        shown.append(copy)
    return shown


def after(events: Iterable[Event], n: int) -> list[Event]:
    """The events numbered above `n`: what a page that has shown up to `n` plays next."""
    return [one for one in events if one["n"] > n]
