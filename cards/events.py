"""Rummy's move events (issue 56, gamekit.events): what each action did, recorded in the
state as `apply` makes them, and read back from a save.

The kinds, their places (`source` -> `target`) and facts (docs/games.md, "Rummy's
events"):

- `draw`: a card from the stock, `stock` -> `hand-S`; private to its seat (the other
  seat and a watcher see "?");
- `take`: the discard pile's top card, `pile` -> `hand-S`; `stock_empty` when the
  player asked for the stock and only that card was left;
- `reshuffle`: the discard pile but its top card shuffled into a new stock, `pile` ->
  `stock`, before a draw from the empty stock; its cards are "?" to everyone (they are
  in the stock now), `count` how many;
- `meld`: cards laid down as meld K, `hand-S` -> `meld-K`; `meld` K, `run` (a run, not a set);
- `lay_off`: cards added to meld K (one action, one event), `hand-S` -> `meld-K`;
- `discard`: `hand-S` -> `pile`;
- `deal_over`: after the action that ends the deal (seat: who made it): `winner` (None:
  drawn), `reason` ("out" or "turn_limit"), `scores`, `hand_values` and `match` (the
  totals, this deal included) by seat, `match_over`;
- `match_over`: after a deal that ends the match: `winner`, `match`.

K is the meld's 1-based number in the view's `melds` after the move (melds keep their
places: a lay-off grows one where it lies, a meld is added at the end).

Kept: the events of the turn being played and of the turn before it (the other seat's),
so that whatever one seat does, and a computer turn of several steps, is all in the
view after it; numbered on from 1 within the deal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cards.melds import check_meld, is_card, sort_cards
from cards.state import State, match_over, match_totals, match_winner
from gamekit.engine import Action, Seat
from gamekit.events import HIDDEN, Event, event
from gamekit.saves import bad_state, read_int, read_seat
from gamekit.seats import json_by_seat

# Two turns hold at most 2 x (a reshuffle, a draw, 11 melds and lay-offs, each a card of
# the hand at least, a discard) and the deal's end, 30: a save holding more events than
# this was not written by to_json.
MOST = 48


def hand(seat: Seat) -> str:
    return f"hand-{seat}"


def _made(before: State, after: State, seat: Seat, action: Action) -> list[tuple]:
    """What `action` did, as (kind, pieces, source, target, private, facts)."""
    kind = action["type"]
    made: list[tuple] = []
    if kind == "draw":
        if after.reshuffles > before.reshuffles:
            count = len(after.stock) + 1  # the new stock, and the card drawn from it
            made.append(("reshuffle", [HIDDEN] * count, "pile", "stock", None, {"count": count}))
        if after.taken is not None:
            stock_empty = action["source"] == "stock"
            made.append(
                ("take", [after.taken], "pile", hand(seat), None, {"stock_empty": stock_empty})
            )
        else:
            made.append(("draw", [after.hands[seat][-1]], "stock", hand(seat), seat, {}))
    elif kind == "meld":
        cards = list(after.melds[-1].cards)
        number = len(after.melds)
        facts = {"meld": number, "run": check_meld(cards).kind == "run"}
        made.append(("meld", cards, hand(seat), f"meld-{number}", None, facts))
    elif kind == "lay_off":
        cards = sort_cards(action["cards"] if "cards" in action else [action["card"]])
        number = action["meld"] + 1
        made.append(("lay_off", cards, hand(seat), f"meld-{number}", None, {"meld": number}))
    else:
        made.append(("discard", [action["card"]], hand(seat), "pile", None, {}))
    if after.result is not None:
        made.extend(_ends(after))
    return made


def _ends(after: State) -> list[tuple]:
    result = after.result
    assert result is not None
    totals = json_by_seat(match_totals(after))
    over = match_over(after)
    facts = {
        "winner": result["winner"],
        "reason": result["reason"],
        "scores": json_by_seat(result["scores"]),
        "hand_values": json_by_seat(result["hand_values"]),
        "match": totals,
        "match_over": over,
    }
    ends = [("deal_over", [], "", "", None, facts)]
    if over:
        facts = {"winner": match_winner(after), "match": dict(totals)}
        ends.append(("match_over", [], "", "", None, facts))
    return ends


def record(before: State, after: State, seat: Seat, action: Action) -> State:
    """`after` (the state `action` by `seat` made from `before`) with its events. A
    draw starts a turn: the events before the other seat's last turn are dropped."""
    kept = before.events
    n = kept[-1]["n"] if kept else 0
    if action["type"] == "draw":
        start = len(kept)
        while start and kept[start - 1]["seat"] != seat:
            start -= 1
        kept = kept[start:]
    new = []
    for kind, pieces, source, target, private, facts in _made(before, after, seat, action):
        n += 1
        new.append(event(n, seat, kind, pieces, source, target, private, **facts))
    return replace(after, events=(*kept, *new))


# --- Saves ------------------------------------------------------------------------------


def events_json(events: tuple[Event, ...]) -> list[dict[str, Any]]:
    return [_copied(one) for one in events]


def _copied(one: Event) -> Any:
    facts = {k: dict(v) if isinstance(v, dict) else v for k, v in one["facts"].items()}
    return {**one, "pieces": list(one["pieces"]), "facts": facts}


KEYS = {"n", "seat", "kind", "pieces", "source", "target", "facts"}
FACTS = {
    "draw": {},
    "take": {"stock_empty": bool},
    "reshuffle": {"count": int},
    "meld": {"meld": int, "run": bool},
    "lay_off": {"meld": int},
    "discard": {},
    "deal_over": {
        "winner": "seat?",
        "reason": str,
        "scores": "points",
        "hand_values": "points",
        "match": "points",
        "match_over": bool,
    },
    "match_over": {"winner": "seat?", "match": "points"},
}


def read_events(item: object) -> tuple[Event, ...]:
    """The events of a save, as `events_json` wrote them; bad_state for anything else."""
    if not isinstance(item, list) or len(item) > MOST:
        raise bad_state("events")
    events: list[Event] = []
    for raw in item:
        one = _read_event(raw)
        if events and one["n"] <= events[-1]["n"]:
            raise bad_state("events")
        events.append(one)
    return tuple(events)


def _read_event(raw: object) -> Event:
    if not isinstance(raw, dict):
        raise bad_state("events")
    private = raw.get("private")
    if set(raw) - {"private"} != KEYS or raw["kind"] not in FACTS:
        raise bad_state("events")
    kind = raw["kind"]
    seat: Seat = read_seat(raw["seat"], "events")  # type: ignore[assignment]
    n = read_int(raw["n"], "events", 1, 2**31)
    pieces = raw["pieces"]
    if not isinstance(pieces, list) or len(pieces) > 52:
        raise bad_state("events")
    hidden = kind == "reshuffle"
    if not all((code == HIDDEN) if hidden else is_card(code) for code in pieces):
        raise bad_state("events")
    if ("private" in raw) != (kind == "draw") or (kind == "draw" and private != seat):
        raise bad_state("events")
    if (raw["source"], raw["target"]) != _places(kind, seat, raw["facts"]):
        raise bad_state("events")
    facts = _read_facts(kind, raw["facts"])
    return event(n, seat, kind, pieces, raw["source"], raw["target"], private, **facts)


def _places(kind: str, seat: Seat, facts: object) -> tuple[str, str]:
    """Where an event of `kind` by `seat` goes from and to (its facts name the meld)."""
    number = facts.get("meld") if isinstance(facts, dict) else None
    return {
        "draw": ("stock", hand(seat)),
        "take": ("pile", hand(seat)),
        "reshuffle": ("pile", "stock"),
        "meld": (hand(seat), f"meld-{number}"),
        "lay_off": (hand(seat), f"meld-{number}"),
        "discard": (hand(seat), "pile"),
    }.get(kind, ("", ""))


def _read_facts(kind: str, facts: object) -> dict[str, Any]:
    wanted = FACTS[kind]
    if not isinstance(facts, dict) or set(facts) != set(wanted):
        raise bad_state("events")
    read: dict[str, Any] = {}
    for key, how in wanted.items():
        value = facts[key]
        if how == "seat?":
            read[key] = read_seat(value, "events", none=True)
        elif how == "points":
            if not isinstance(value, dict) or set(value) != {"1", "2"}:
                raise bad_state("events")
            read[key] = {s: read_int(value[s], "events", 0) for s in ("1", "2")}
        elif how is int:
            read[key] = read_int(value, "events", 1, 52)
        elif type(value) is not how:
            raise bad_state("events")
        else:
            read[key] = value
    if facts.get("reason", "out") not in ("out", "turn_limit"):
        raise bad_state("events")
    return read
