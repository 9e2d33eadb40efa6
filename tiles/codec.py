"""Saving a game of tile rummy: to_json, and from_json that refuses anything to_json
could not have written (IllegalAction "bad_state", gamekit.saves)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gamekit.engine import IllegalAction
from gamekit.saves import (
    bad_state,
    read_int,
    read_list,
    read_object,
    read_per_seat,
    read_seat,
    round_json,
)
from gamekit.seats import result_json
from tiles.events import events_from_json, events_json
from tiles.seen import last_json
from tiles.sets import ALL_TILES, check_set, is_tile, parse_table, tiles_of
from tiles.state import PASSES_TO_END, State
from tiles.turns import ACTIONS, action_kind, result_of

SCHEMA = 2
OLD_KEYS = ("seed", "first", "game_no", "pool", "racks", "table", "opened", "turn", "passes")
OLD_KEYS += ("result", "last", "turns")
KEYS = (*OLD_KEYS, "events")
OLD_SCHEMA = 1  # saves from before the move events: they read with none


def to_json(state: State) -> dict[str, Any]:
    return {
        **round_json(SCHEMA, state),
        "pool": list(state.pool),
        "racks": state.racks.to_json(list),
        "table": [list(tiles) for tiles in state.table],
        "opened": state.opened.to_json(),
        "turn": state.turn,
        "passes": state.passes,
        "result": result_json(state.result, "rack_sums"),
        "last": last_json(state.last),
        "turns": state.turns,
        "events": events_json(state.events),
    }


def _codes(item: object, what: str) -> tuple[str, ...]:
    return read_list(item, what, is_tile)


def _result_from_json(item: object) -> dict[str, Any] | None:
    if item is None:
        return None
    if not isinstance(item, dict) or item.get("reason") not in ("out", "blocked"):
        raise bad_state("result")
    return {
        "winner": read_seat(item.get("winner"), "result", none=True),
        "scores": dict(read_per_seat(item.get("scores"), "result", int)),
        "reason": item["reason"],
        "rack_sums": dict(read_per_seat(item.get("rack_sums"), "result", int)),
    }


def _last_from_json(item: object) -> dict[str, Any] | None:
    if item is None:
        return None
    if not isinstance(item, dict) or action_kind(item) not in ACTIONS:
        raise bad_state("last")
    last = {"seat": read_seat(item.get("seat"), "last"), "type": item["type"]}
    if item["type"] == "play":
        last["placed"] = list(_codes(item.get("placed"), "last"))
        if "changed" in item:  # saves from before the changed sets were kept have none
            changed = read_list(item["changed"], "last", lambda i: type(i) is int and i >= 0)
            last["changed"] = list(changed)
    if item["type"] == "draw" and "tile" in item:
        last["tile"] = _codes([item["tile"]], "last")[0]
    return last


def from_json(data: dict[str, Any]) -> State:
    """A State from to_json's output; IllegalAction('bad_state') for anything else."""
    if isinstance(data, dict) and type(data.get("schema")) is int and data["schema"] == OLD_SCHEMA:
        data = {**read_object(data, OLD_SCHEMA, OLD_KEYS), "events": []}
    else:
        data = read_object(data, SCHEMA, KEYS)
    try:
        table = tuple(tuple(tiles) for tiles in parse_table(data["table"]))
    except IllegalAction:
        raise bad_state("table") from None
    racks = read_per_seat(data["racks"], "racks", list).map(lambda rack: _codes(rack, "racks"))
    state = State(
        seed=read_int(data["seed"], "seed", -(2**63), 2**63 - 1),
        first=read_int(data["first"], "first", 1, 2),
        game_no=read_int(data["game_no"], "game_no", 1),
        pool=_codes(data["pool"], "pool"),
        racks=racks,
        table=table,
        opened=read_per_seat(data["opened"], "opened", bool),
        turn=read_seat(data["turn"], "turn", none=True),
        passes=read_int(data["passes"], "passes", 0, 2),
        result=_result_from_json(data["result"]),
        last=_last_from_json(data["last"]),
        turns=read_int(data["turns"], "turns", 0),
        events=events_from_json(data["events"]),
    )
    everything = Counter(state.pool) + tiles_of(state.table) + tiles_of(racks.values())
    if everything != Counter(ALL_TILES):
        raise bad_state("tiles")
    if not all(check_set(tiles).valid for tiles in table):
        raise bad_state("table")
    if (state.turn is None) != (state.result is not None):
        raise bad_state("turn")
    if state.passes >= PASSES_TO_END and state.result is None:
        raise bad_state("passes")
    if state.result is None and not all(racks.values()):
        raise bad_state("racks")  # an empty rack wins at once
    if state.result is not None and state.result != result_of(state):
        raise bad_state("result")
    return state
