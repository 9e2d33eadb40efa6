"""Saving a rummy deal: `to_json` and `from_json` (re-exported by cards.engine).

`from_json` accepts only what `to_json` could have written for a reachable deal and
refuses anything else with IllegalAction("bad_state"): wrong types, unknown or
repeated cards, the 52 cards not all accounted for, invalid melds, a step that does
not fit the turn, a result the hands do not give, and so on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from cards import events, seen, turns
from cards import state as dealt
from cards.melds import DECK, MELD_MIN, check_meld, is_card
from gamekit.engine import Seat
from gamekit.saves import (
    bad_state,
    read_int,
    read_list,
    read_object,
    read_pair,
    read_seat,
    round_json,
)
from gamekit.seats import SEATS, json_by_seat, other, result_json

T = TypeVar("T")


def to_json(state: dealt.State) -> dict[str, Any]:
    return {
        **round_json(dealt.SCHEMA, state),
        "match": json_by_seat(state.match),
        "stock": list(state.stock),
        "pile": list(state.pile),
        "hands": json_by_seat({s: list(state.hands[s]) for s in SEATS}),
        "melds": seen.melds_json(state.melds),
        "turn": state.turn,
        "step": state.step,
        "taken": state.taken,
        "known": json_by_seat({s: list(dealt.known_cards(state)[s]) for s in SEATS}),
        "history": json_by_seat({s: [list(e) for e in dealt.history_of(state)[s]] for s in SEATS}),
        "turns": state.turns,
        "reshuffles": state.reshuffles,
        "current": seen.turn_json(state.current),
        "last": seen.turn_json(state.last),
        "result": result_json(state.result, "hand_values"),
        "events": events.events_json(state.events),
    }


def _card_or_none(item: object, what: str) -> str | None:
    if item is not None and not is_card(item):
        raise bad_state(what)
    return item  # type: ignore[return-value]


def _cards(item: object, what: str) -> tuple[str, ...]:
    cards = read_list(item, what, is_card, most=len(DECK))
    if len(set(cards)) != len(cards):
        raise bad_state(what)
    return cards


def _seat(item: object, what: str) -> Seat:
    return read_seat(item, what)  # type: ignore[return-value]


def _per_seat(item: object, what: str, read: Callable[[Any], T]) -> dict[Seat, T]:
    return dict(read_pair(item, what, read))


def _melds(item: object) -> tuple[dealt.Meld, ...]:
    if not isinstance(item, list) or len(item) > len(DECK) // MELD_MIN:
        raise bad_state("melds")
    melds = []
    for raw in item:
        if not isinstance(raw, dict) or set(raw) != {"owner", "cards", "laid_off"}:
            raise bad_state("melds")
        cards = _cards(raw["cards"], "melds")
        check = check_meld(cards)
        if not check.valid or check.arranged != cards:
            raise bad_state("melds")
        laid = raw["laid_off"]
        if not isinstance(laid, list):
            raise bad_state("melds")
        laid_off = []
        for entry in laid:
            if not isinstance(entry, dict) or set(entry) != {"seat", "card"}:
                raise bad_state("melds")
            laid_off.append((_seat(entry["seat"], "melds"), _card_or_none(entry["card"], "melds")))
        laid_cards = [code for _, code in laid_off]
        if None in laid_cards or len(set(laid_cards)) != len(laid_cards):
            raise bad_state("melds")
        if not set(laid_cards) <= set(cards) or len(cards) - len(laid_cards) < MELD_MIN:
            raise bad_state("melds")
        core = [code for code in cards if code not in set(laid_cards)]
        if not check_meld(core).valid:
            raise bad_state("melds")
        melds.append(
            dealt.Meld(owner=_seat(raw["owner"], "melds"), cards=cards, laid_off=tuple(laid_off))
        )
    return tuple(melds)


OLD_KEYS = (
    "schema", "seed", "first", "game_no", "match", "stock", "pile", "hands", "melds",
    "turn", "step", "taken", "known", "turns", "reshuffles", "current", "last", "result",
)  # fmt: skip
HISTORY_KEYS = (*OLD_KEYS, "history")
KEYS = (*HISTORY_KEYS, "events")
OLD_SCHEMA = 1  # saves from before the history: they load with an empty one
HISTORY_SCHEMA = 2  # saves from before the move events: they load with none
TURN_KEYS = {"seat", "draw", "taken", "melds", "lay_offs", "discard"}


def _turn(item: object, what: str, meld_count: int) -> dict[str, Any] | None:
    if item is None:
        return None
    if not isinstance(item, dict) or set(item) != TURN_KEYS:
        raise bad_state(what)
    if item["draw"] not in (None, *dealt.SOURCES):
        raise bad_state(what)
    melds = item["melds"]
    if not isinstance(melds, list):
        raise bad_state(what)
    lay_offs = item["lay_offs"]
    if not isinstance(lay_offs, list):
        raise bad_state(what)
    for entry in lay_offs:
        if not isinstance(entry, dict) or set(entry) != {"card", "meld"}:
            raise bad_state(what)
        if not is_card(entry["card"]) or read_int(entry["meld"], what, 0) >= meld_count:
            raise bad_state(what)
    return {
        "seat": _seat(item["seat"], what),
        "draw": item["draw"],
        "taken": _card_or_none(item["taken"], what),
        "melds": [list(_cards(cards, what)) for cards in melds],
        "lay_offs": [{"card": e["card"], "meld": e["meld"]} for e in lay_offs],
        "discard": _card_or_none(item["discard"], what),
    }


def _history(item: object) -> tuple[tuple[str, str], ...]:
    # A turn records at most a take or a pass, and a discard.
    if not isinstance(item, list) or len(item) > 2 * dealt.TURN_LIMIT:
        raise bad_state("history")
    events = []
    for entry in item:
        if not isinstance(entry, list) or len(entry) != 2 or entry[0] not in dealt.EVENTS:
            raise bad_state("history")
        if not is_card(entry[1]):
            raise bad_state("history")
        events.append((entry[0], entry[1]))
    return tuple(events)


def _result(item: object) -> dict[str, Any] | None:
    if item is None:
        return None
    if not isinstance(item, dict) or set(item) != {"winner", "scores", "reason", "hand_values"}:
        raise bad_state("result")
    if item["reason"] not in ("out", "turn_limit"):
        raise bad_state("result")

    def points(n: object) -> int:
        return read_int(n, "result", 0)

    return {
        "winner": None if item["winner"] is None else _seat(item["winner"], "result"),
        "scores": _per_seat(item["scores"], "result", points),
        "reason": item["reason"],
        "hand_values": _per_seat(item["hand_values"], "result", points),
    }


def from_json(data: dict[str, Any]) -> dealt.State:
    """A State from to_json's output; IllegalAction("bad_state") for anything else."""
    schema = data.get("schema") if isinstance(data, dict) else None
    if schema == OLD_SCHEMA and type(schema) is int:
        data = {
            **read_object(data, OLD_SCHEMA, OLD_KEYS, exact=True),
            "history": {"1": [], "2": []},
            "events": [],
        }
    elif schema == HISTORY_SCHEMA and type(schema) is int:
        data = {**read_object(data, HISTORY_SCHEMA, HISTORY_KEYS, exact=True), "events": []}
    else:
        data = read_object(data, dealt.SCHEMA, KEYS, exact=True)
    history = _per_seat(data["history"], "history", _history)
    melds = _melds(data["melds"])
    hands = _per_seat(data["hands"], "hands", lambda h: _cards(h, "hands"))
    known = _per_seat(data["known"], "known", lambda k: _cards(k, "known"))
    match = _per_seat(data["match"], "match", lambda n: read_int(n, "match", 0))
    turn = None if data["turn"] is None else _seat(data["turn"], "turn")
    state = dealt.State(
        seed=read_int(data["seed"], "seed", -(2**63), 2**63),
        first=_seat(data["first"], "first"),
        game_no=read_int(data["game_no"], "game_no", 1),
        match=match,
        stock=_cards(data["stock"], "stock"),
        pile=_cards(data["pile"], "pile"),
        hands=hands,
        melds=melds,
        turn=turn,
        step=data["step"] if data["step"] in ("draw", "play", None) else "?",
        taken=_card_or_none(data["taken"], "taken"),
        known=known,
        history=history,
        turns=read_int(data["turns"], "turns", 0, dealt.TURN_LIMIT),
        reshuffles=read_int(data["reshuffles"], "reshuffles", 0),
        current=_turn(data["current"], "current", len(melds)),
        last=_turn(data["last"], "last", len(melds)),
        result=_result(data["result"]),
        events=events.read_events(data["events"]),
    )
    _check_consistent(state)
    return state


def _check_consistent(state: dealt.State) -> None:
    everything = Counter(
        [
            *state.stock,
            *state.pile,
            *state.hands[1],
            *state.hands[2],
            *(code for meld in state.melds for code in meld.cards),
        ]
    )
    if everything != Counter(DECK):
        raise bad_state("cards")
    if max(state.match.values()) >= dealt.MATCH_TARGET:
        raise bad_state("match")
    for seat in SEATS:
        if not set(state.known[seat]) <= set(state.hands[seat]):  # type: ignore[index]
            raise bad_state("known")
    over = state.result is not None
    if state.step == "?" or (state.turn is None) != over or (state.step is None) != over:
        raise bad_state("step")
    if over:
        if state.current is not None or state.taken is not None:
            raise bad_state("step")
        if state.result != _result_of(state):
            raise bad_state("result")
        return
    if state.turns >= dealt.TURN_LIMIT or not state.hands[1] or not state.hands[2]:
        raise bad_state("turns")
    current = state.current
    if current is None or current["seat"] != state.turn or current["discard"] is not None:
        raise bad_state("current")
    if state.step == "draw":
        if state.taken is not None or current["draw"] is not None or current["melds"]:
            raise bad_state("step")
        if current["lay_offs"] or not state.pile:
            raise bad_state("step")
    else:
        if current["draw"] is None or current["taken"] != state.taken:
            raise bad_state("step")
        if state.taken is not None and state.taken not in state.hands[state.turn]:
            # The taken card may have been melded or laid off since.
            on_table = {code for meld in state.melds for code in meld.cards}
            if state.taken not in on_table:
                raise bad_state("taken")
    if state.last is not None and state.last["seat"] != other(state.turn):  # type: ignore[arg-type]
        raise bad_state("last")


def _result_of(state: dealt.State) -> dict[str, Any] | None:
    """The result the rules give a finished deal, from its hands (None: none can)."""
    result = state.result
    assert result is not None
    if result["reason"] == "out":
        winner = result["winner"]
        if winner is None or state.hands[winner] or not state.hands[other(winner)]:
            return None
        return turns.finish(state, winner, "out").result
    if result["winner"] is not None or state.turns != dealt.TURN_LIMIT:
        return None
    if not state.hands[1] or not state.hands[2]:
        return None
    return turns.finish(state, None, "turn_limit").result
