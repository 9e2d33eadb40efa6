"""Tile rummy's move events (issue 56, gamekit.events): what a draw, a pass or a play
did, as the board animates it and the page says it. Pure Python, no Django.

A play is told set by set, in the order of the table after it: the table tiles it
moved into a set ("moved", from the table), the rack tiles it added to a set that was
there ("add") or laid as a new set ("new_set"); then its initial meld and its points
("initial_meld"); then, if it emptied the rack, the round's end ("round_over"). Tiles of
the same code are alike, so where the table does not say which copy went where (a tile
of the rack and the same tile of a broken set), any reading that adds up is the truth.

The state keeps the events of the latest two turns (tiles/turns.py, `kept`): the other
seat's turn and the one just played, so that the page has the opponent's whole turn and
the player's own after a computer's reply.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from gamekit.engine import Seat
from gamekit.events import Event, event
from gamekit.saves import bad_state
from gamekit.seats import is_seat, json_by_seat
from tiles.sets import is_tile, set_value, sort_tiles, table_changes

KINDS = ("draw", "pass", "moved", "add", "new_set", "initial_meld", "round_over")


def kept(events: Sequence[Event], seat: Seat) -> list[Event]:
    """What stays of `events` when `seat` acts: the other seat's latest turn."""
    since: list[Event] = []
    for one in reversed(events):
        if one["seat"] == seat:
            break
        since.append(one)
    return since[::-1]


def next_number(events: Sequence[Event]) -> int:
    return events[-1]["n"] + 1 if events else 1


def draw_event(n: int, seat: Seat, tile: str) -> Event:
    """The drawn tile: seen by the drawer alone ("a tile" to the other seat)."""
    return event(n, seat, "draw", [tile], "pool", f"hand-{seat}", private=seat)


def pass_event(n: int, seat: Seat) -> Event:
    return event(n, seat, "pass")


def over_event(n: int, seat: Seat, result: dict[str, Any]) -> Event:
    """The round's end, its result public: who won, the scores and why."""
    return event(
        n,
        seat,
        "round_over",
        winner=result["winner"],
        reason=result["reason"],
        scores=json_by_seat(result["scores"]),
        rack_sums=json_by_seat(result["rack_sums"]),
    )


def _plan(
    old_table: Sequence[Sequence[str]], new_table: Sequence[Sequence[str]], placed: Counter[str]
) -> dict[int, tuple[Counter[str], Counter[str]]]:
    """For each changed set of the new table, by index: the table tiles moved into it
    and the rack tiles put in it (the tiles it kept of the set it continues are neither)."""
    changed, broken = table_changes(old_table, new_table)
    rack = Counter(placed)
    plan: dict[int, tuple[Counter[str], Counter[str]]] = {}
    # A set that was there, whole, with tiles of the rack added.
    for index in changed:
        tiles = Counter(new_table[index])
        fits = [
            i
            for i, old in enumerate(broken)
            if old and old <= tiles and (tiles - old) <= rack and tiles != old
        ]
        if fits:
            best = max(fits, key=lambda i: broken[i].total())
            added = tiles - broken[best]
            broken[best] = Counter()
            rack -= added
            plan[index] = (Counter(), added)
    # A new set all from the rack.
    for index in changed:
        tiles = Counter(new_table[index])
        if index not in plan and tiles <= rack:
            rack -= tiles
            plan[index] = (Counter(), tiles)
    # The table rearranged: a set continues the broken set it keeps most tiles of (the
    # largest overlaps first), its other table tiles moved in from elsewhere, the rest
    # came from the rack.
    rearranged = [index for index in changed if index not in plan]
    pairs = sorted(
        (
            (-(Counter(new_table[index]) & old).total(), index, i)
            for index in rearranged
            for i, old in enumerate(broken)
        ),
    )
    stayed: dict[int, Counter[str]] = {index: Counter() for index in rearranged}
    continued: set[int] = set()  # the broken sets a new set continues
    for overlap, index, i in pairs:
        if overlap and not stayed[index] and i not in continued:
            continued.add(i)
            stayed[index] = Counter(new_table[index]) & broken[i]
            broken[i] -= stayed[index]
    for index in rearranged:
        tiles = Counter(new_table[index]) - stayed[index]
        moved: Counter[str] = Counter()
        for i, old in enumerate(broken):
            took = (tiles - moved) & old
            broken[i] = old - took
            moved += took
        added = tiles - moved
        rack -= added
        plan[index] = (moved, added)
    return plan


def play_events(
    n: int,
    seat: Seat,
    old_table: Sequence[Sequence[str]],
    new_table: Sequence[Sequence[str]],
    placed: Counter[str],
    opening: bool,
) -> list[Event]:
    """The events of a play by `seat` that turned `old_table` into `new_table` (its
    sets arranged as the state keeps them) with the rack tiles `placed`, numbered from
    `n`; `opening`: it was the seat's initial meld."""
    hand = f"hand-{seat}"
    made: list[Event] = []
    new_sets = 0
    plan = _plan(old_table, new_table, placed)
    for index, (moved, added) in sorted(plan.items()):
        target = f"set-{index + 1}"
        tiles = new_table[index]
        if moved:
            made.append(
                event(n + len(made), seat, "moved", sort_tiles(moved.elements()), "table", target)
            )
        if added and not moved and added == Counter(tiles):
            made.append(
                event(
                    n + len(made), seat, "new_set", list(tiles), hand, target, another=new_sets > 0
                )
            )
            new_sets += 1
        elif added:
            made.append(
                event(n + len(made), seat, "add", sort_tiles(added.elements()), hand, target)
            )
    if opening:
        points = sum(set_value(new_table[index]) for index in plan)
        made.append(event(n + len(made), seat, "initial_meld", points=points))
    return made


# --- Saves ------------------------------------------------------------------------------

EVENT_KEYS = {"n", "seat", "kind", "pieces", "source", "target", "facts"}
MOST_KEPT = 4 * 106  # far more than two turns can say: anything bigger is an attack


def _is_place(place: object) -> bool:
    if place in ("", "pool", "table", "hand-1", "hand-2"):
        return True
    if not isinstance(place, str) or not place.startswith("set-"):
        return False
    digits = place[4:]
    return digits.isascii() and digits.isdigit() and 0 < int(digits) <= 106


def _facts_are_sound(kind: str, facts: dict[str, Any]) -> bool:
    """Whether `facts` are what `kind` says, of the types its narration reads."""
    if kind == "new_set":
        return set(facts) == {"another"} and type(facts["another"]) is bool
    if kind == "initial_meld":
        return set(facts) == {"points"} and type(facts["points"]) is int and facts["points"] >= 0
    if kind == "round_over":
        per_seat = ("scores", "rack_sums")
        return (
            set(facts) == {"winner", "reason", *per_seat}
            and facts["winner"] in (None, 1, 2)
            and type(facts["winner"]) is not bool
            and facts["reason"] in ("out", "blocked")
            and all(
                isinstance(facts[key], dict)
                and set(facts[key]) == {"1", "2"}
                and all(type(value) is int for value in facts[key].values())
                for key in per_seat
            )
        )
    return facts == {}


def _read_event(item: object) -> Event:
    if not isinstance(item, dict) or not EVENT_KEYS <= set(item) <= {*EVENT_KEYS, "private"}:
        raise bad_state("events")
    n, seat, kind, pieces = item["n"], item["seat"], item["kind"], item["pieces"]
    private = item.get("private")
    sound = (
        type(n) is int
        and n >= 1
        and is_seat(seat)
        and kind in KINDS
        and isinstance(pieces, list)
        and len(pieces) <= 106
        and all(is_tile(code) for code in pieces)
        and _is_place(item["source"])
        and _is_place(item["target"])
        and isinstance(item["facts"], dict)
        and _facts_are_sound(kind, item["facts"])
        and (private == seat if kind == "draw" else "private" not in item)
    )
    if not sound:
        raise bad_state("events")
    made = event(n, seat, kind, pieces, item["source"], item["target"], **item["facts"])
    if kind == "draw":
        made["private"] = seat
    return made


def events_from_json(data: object) -> tuple[Event, ...]:
    """The events a save keeps, numbered upwards; bad_state for anything else."""
    if not isinstance(data, list) or len(data) > MOST_KEPT:
        raise bad_state("events")
    events = tuple(_read_event(item) for item in data)
    if any(later["n"] <= earlier["n"] for earlier, later in pairwise(events)):
        raise bad_state("events")
    return events


def events_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    return [{**one, "pieces": list(one["pieces"]), "facts": dict(one["facts"])} for one in events]
