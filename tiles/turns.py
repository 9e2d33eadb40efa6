"""Tile rummy's actions (RULES.md): play, draw and pass on a tiles.state.State, checked
and applied, and the result they give. Pure Python, no Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from gamekit.engine import Action, IllegalAction, Seat, gettext_noop
from gamekit.events import Event
from gamekit.seats import SEATS, other
from tiles.events import draw_event, kept, next_number, over_event, pass_event, play_events
from tiles.sets import (
    arrange_set,
    check_set,
    listing,
    parse_table,
    rack_sum,
    set_key,
    set_value,
    sort_tiles,
    table_changes,
    tiles_of,
)
from tiles.state import OPENING_MINIMUM, PASSES_TO_END, State


def take_from_rack(rack: Sequence[str], tiles: Counter[str]) -> tuple[str, ...]:
    """The rack without `tiles` (a multiset it contains), keeping the rack's order."""
    left = Counter(tiles)
    kept = []
    for code in rack:
        if left[code] > 0:
            left[code] -= 1
        else:
            kept.append(code)
    return tuple(kept)


def opening_sets(
    old_table: Sequence[Sequence[str]], new_table: Sequence[Sequence[str]]
) -> list[list[str]] | None:
    """The sets of `new_table` that are not old sets, or None if an old set was touched."""
    old = Counter(set_key(tiles) for tiles in old_table)
    fresh = []
    for tiles in new_table:
        key = set_key(tiles)
        if old[key] > 0:
            old[key] -= 1
        else:
            fresh.append(list(tiles))
    return fresh if not +old else None


def placed_tiles(
    old_table: Sequence[Sequence[str]], rack: Sequence[str], new_table: Sequence[Sequence[str]]
) -> Counter[str]:
    """The rack tiles that `new_table` adds to `old_table`; IllegalAction when a table
    tile is gone or a tile is not on the rack. Shared by check_play and the draft."""
    before, after = tiles_of(old_table), tiles_of(new_table)
    removed = before - after
    if removed:
        raise IllegalAction(
            "table_tile_removed",
            gettext_noop("Tiles from the table cannot go back to your rack (%(tiles)s)."),
            tiles=listing(removed),
        )
    placed = after - before
    missing = placed - Counter(rack)
    if missing:
        raise IllegalAction(
            "not_in_rack",
            gettext_noop("You do not have these tiles: %(tiles)s."),
            tiles=listing(missing),
        )
    return placed


def check_play(
    old_table: Sequence[Sequence[str]],
    rack: Sequence[str],
    opened: bool,
    new_table: Sequence[Sequence[str]],
) -> Counter[str]:
    """Check that `new_table` ends a turn legally; returns the rack tiles placed.

    Raises IllegalAction saying precisely why not. Shared by apply and the draft.
    """
    placed = placed_tiles(old_table, rack, new_table)
    fresh = new_table if opened else opening_sets(old_table, new_table)
    if fresh is None:
        raise opening_touches_table()
    for index, tiles in enumerate(new_table):
        check = check_set(tiles)
        if not check.valid:
            raise check.error(index + 1)
    if not placed:
        raise nothing_placed()
    if not opened:
        total = sum(set_value(tiles) for tiles in fresh)
        if total < OPENING_MINIMUM:
            raise opening_too_low(total)
    return placed


def nothing_placed() -> IllegalAction:
    return IllegalAction("nothing_placed", gettext_noop("Add at least one tile from your rack."))


def opening_touches_table() -> IllegalAction:
    return IllegalAction(
        "opening_touches_table",
        gettext_noop(
            "Before your initial meld you may not change the sets on the table; "
            "only add new sets from your rack."
        ),
    )


def opening_too_low(total: int) -> IllegalAction:
    return IllegalAction(
        "opening_too_low",
        gettext_noop("Your initial meld totals %(total)s points; it needs at least %(minimum)s."),
        total=total,
        minimum=OPENING_MINIMUM,
    )


def _finish(state: State, winner: Seat | None, reason: str, **changes: Any) -> State:
    racks: dict[Seat, tuple[str, ...]] = changes.get("racks", state.racks)
    sums = {seat: rack_sum(racks[seat]) for seat in SEATS}
    if reason == "out":
        assert winner is not None
        points = sums[other(winner)]
    else:
        points = abs(sums[1] - sums[2])
    scores = dict.fromkeys(SEATS, 0)
    if winner is not None:
        scores = {winner: points, other(winner): -points}
    result = {"winner": winner, "scores": scores, "reason": reason, "rack_sums": sums}
    if "events" in changes:  # a turn that ends the round says so last
        events = changes["events"]
        seat = events[-1]["seat"]
        changes["events"] = (*events, over_event(events[-1]["n"] + 1, seat, result))
    return replace(state, turn=None, result=result, **changes)


def _told(state: State, seat: Seat, made: Callable[[int], list[Event]]) -> tuple[Event, ...]:
    """The events the state keeps after `seat`'s turn: the other seat's latest turn,
    then this one's, numbered on (made from the next number)."""
    return (*kept(state.events, seat), *made(next_number(state.events)))


def _play(state: State, seat: Seat, action: Action) -> State:
    new_table = parse_table(action.get("table"))
    rack = state.racks[seat]
    placed = check_play(state.table, rack, state.opened[seat], new_table)
    left = take_from_rack(rack, placed)
    table = tuple(tuple(arrange_set(tiles)) for tiles in new_table)
    opening = not state.opened[seat]
    changes: dict[str, Any] = {
        "events": _told(
            state, seat, lambda n: play_events(n, seat, state.table, table, placed, opening)
        ),
        "table": table,
        "racks": state.racks.with_(seat, left),
        "opened": state.opened.with_(seat, True),
        "passes": 0,
        "turns": state.turns + 1,
        "last": {
            "seat": seat,
            "type": "play",
            "placed": sort_tiles(placed.elements()),
            "changed": table_changes(state.table, table)[0],
        },
    }
    if not left:
        return _finish(state, seat, "out", **changes)
    return replace(state, turn=other(seat), **changes)


def _draw(state: State, seat: Seat, action: Action) -> State:
    if "table" in action:
        # The action needs no table; a client that sends one must send it unchanged.
        sent = parse_table(action["table"])
        if Counter(map(set_key, sent)) != Counter(map(set_key, state.table)):
            raise IllegalAction(
                "table_changed",
                gettext_noop("Reset the table before drawing: drawing ends the turn."),
            )
    if not state.pool:
        raise IllegalAction(
            "pool_empty", gettext_noop("The pool is empty: pass instead of drawing.")
        )
    drawn = state.pool[-1]
    return replace(
        state,
        pool=state.pool[:-1],
        racks=state.racks.with_(seat, (*state.racks[seat], state.pool[-1])),
        turn=other(seat),
        passes=0,
        turns=state.turns + 1,
        last={"seat": seat, "type": "draw", "tile": drawn},
        events=_told(state, seat, lambda n: [draw_event(n, seat, drawn)]),
    )


def _pass(state: State, seat: Seat, action: Action) -> State:
    if state.pool:
        raise IllegalAction(
            "pool_not_empty",
            gettext_noop("You may pass only when the pool is empty; draw a tile instead."),
        )
    changes: dict[str, Any] = {
        "passes": state.passes + 1,
        "turns": state.turns + 1,
        "last": {"seat": seat, "type": "pass"},
        "events": _told(state, seat, lambda n: [pass_event(n, seat)]),
    }
    if state.passes + 1 >= PASSES_TO_END:
        sums = {s: rack_sum(state.racks[s]) for s in SEATS}
        winner = None if sums[1] == sums[2] else min(SEATS, key=sums.__getitem__)
        return _finish(state, winner, "blocked", **changes)
    return replace(state, turn=other(seat), **changes)


ACTIONS = {"play": _play, "draw": _draw, "pass": _pass}


def action_kind(action: dict[str, Any]) -> str:
    """The action's type, or "" when it is not a string (a list would not even hash)."""
    kind = action.get("type")
    return kind if isinstance(kind, str) else ""


def apply(state: State, seat: Seat, action: Action) -> State:
    """The state after `seat` takes `action`, or IllegalAction (and nothing changes)."""
    if seat not in SEATS or isinstance(seat, bool):
        raise IllegalAction("malformed", gettext_noop("Unknown seat."))
    if not isinstance(action, dict) or action_kind(action) not in ACTIONS:
        raise IllegalAction(
            "malformed", gettext_noop("Unknown action: play, draw or pass were expected.")
        )
    if state.result is not None:
        raise IllegalAction("game_over", gettext_noop("The game is over."))
    if state.turn != seat:
        raise IllegalAction("not_your_turn", gettext_noop("It is not your turn."))
    return ACTIONS[action["type"]](state, seat, action)


# --- What changed on the table ---------------------------------------------------------


def result_of(state: State) -> dict[str, Any] | None:
    """The result the rules give a finished game, from its racks (None: none can)."""
    reason = state.result["reason"] if state.result else None
    if reason == "out":
        winner = state.result["winner"] if state.result else None
        if winner is None or state.racks[winner]:
            return None
        return _finish(state, winner, "out").result
    if reason == "blocked" and not state.pool:
        sums = {seat: rack_sum(state.racks[seat]) for seat in SEATS}
        winner = None if sums[1] == sums[2] else min(SEATS, key=sums.__getitem__)
        return _finish(state, winner, "blocked").result
    return None
