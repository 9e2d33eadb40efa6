"""Saving a rummy deal: `to_json` and `from_json` (re-exported by cards.engine).

`from_json` accepts only what `to_json` could have written for a reachable deal and
refuses anything else with IllegalAction("bad_state"): wrong types, unknown or
repeated cards, the 52 cards not all accounted for, invalid melds, a step that does
not fit the turn, a result the hands do not give, and so on.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cards import deal, seen, turns
from cards.melds import DECK, MELD_MIN, check_meld, is_card
from rooms.engine import IllegalAction, Seat, gettext_noop
from rooms.seats import by_seat


def to_json(state: deal.State) -> dict[str, Any]:
    return {
        "schema": deal.SCHEMA,
        "seed": state.seed,
        "first": state.first,
        "game_no": state.game_no,
        "match": by_seat(state.match),
        "stock": list(state.stock),
        "pile": list(state.pile),
        "hands": by_seat({s: list(state.hands[s]) for s in deal.SEATS}),
        "melds": seen.melds_json(state.melds),
        "turn": state.turn,
        "step": state.step,
        "taken": state.taken,
        "known": by_seat({s: list(deal.known_cards(state)[s]) for s in deal.SEATS}),
        "turns": state.turns,
        "reshuffles": state.reshuffles,
        "current": seen.turn_json(state.current),
        "last": seen.turn_json(state.last),
        "result": seen.result_json(state.result),
    }


def _bad(what: str) -> IllegalAction:
    return IllegalAction(
        "bad_state", gettext_noop("This saved game is damaged (%(what)s)."), what=what
    )


def _int(item: object, what: str, low: int, high: int | None = None) -> int:
    if type(item) is not int or item < low or (high is not None and item > high):
        raise _bad(what)
    return item


def _seat(item: object, what: str) -> Seat:
    if type(item) is not int or item not in deal.SEATS:  # not True, not 1.0
        raise _bad(what)
    return item


def _card_or_none(item: object, what: str) -> str | None:
    if item is not None and not is_card(item):
        raise _bad(what)
    return item  # type: ignore[return-value]


def _cards(item: object, what: str) -> tuple[str, ...]:
    if not isinstance(item, list) or len(item) > len(DECK):
        raise _bad(what)
    if not all(is_card(code) for code in item) or len(set(item)) != len(item):
        raise _bad(what)
    return tuple(item)


def _per_seat(item: object, what: str) -> dict[Seat, Any]:
    if not isinstance(item, dict) or set(item) != {"1", "2"}:
        raise _bad(what)
    return {seat: item[str(seat)] for seat in deal.SEATS}


def _melds(item: object) -> tuple[deal.Meld, ...]:
    if not isinstance(item, list) or len(item) > len(DECK) // MELD_MIN:
        raise _bad("melds")
    melds = []
    for raw in item:
        if not isinstance(raw, dict) or set(raw) != {"owner", "cards", "laid_off"}:
            raise _bad("melds")
        cards = _cards(raw["cards"], "melds")
        check = check_meld(cards)
        if not check.valid or check.arranged != cards:
            raise _bad("melds")
        laid = raw["laid_off"]
        if not isinstance(laid, list):
            raise _bad("melds")
        laid_off = []
        for entry in laid:
            if not isinstance(entry, dict) or set(entry) != {"seat", "card"}:
                raise _bad("melds")
            laid_off.append((_seat(entry["seat"], "melds"), _card_or_none(entry["card"], "melds")))
        laid_cards = [code for _, code in laid_off]
        if None in laid_cards or len(set(laid_cards)) != len(laid_cards):
            raise _bad("melds")
        if not set(laid_cards) <= set(cards) or len(cards) - len(laid_cards) < MELD_MIN:
            raise _bad("melds")
        core = [code for code in cards if code not in set(laid_cards)]
        if not check_meld(core).valid:
            raise _bad("melds")
        melds.append(
            deal.Meld(owner=_seat(raw["owner"], "melds"), cards=cards, laid_off=tuple(laid_off))
        )
    return tuple(melds)


KEYS = (
    "schema", "seed", "first", "game_no", "match", "stock", "pile", "hands", "melds",
    "turn", "step", "taken", "known", "turns", "reshuffles", "current", "last", "result",
)  # fmt: skip
TURN_KEYS = {"seat", "draw", "taken", "melds", "lay_offs", "discard"}


def _turn(item: object, what: str, meld_count: int) -> dict[str, Any] | None:
    if item is None:
        return None
    if not isinstance(item, dict) or set(item) != TURN_KEYS:
        raise _bad(what)
    if item["draw"] not in (None, *deal.SOURCES):
        raise _bad(what)
    melds = item["melds"]
    if not isinstance(melds, list):
        raise _bad(what)
    lay_offs = item["lay_offs"]
    if not isinstance(lay_offs, list):
        raise _bad(what)
    for entry in lay_offs:
        if not isinstance(entry, dict) or set(entry) != {"card", "meld"}:
            raise _bad(what)
        if not is_card(entry["card"]) or _int(entry["meld"], what, 0) >= meld_count:
            raise _bad(what)
    return {
        "seat": _seat(item["seat"], what),
        "draw": item["draw"],
        "taken": _card_or_none(item["taken"], what),
        "melds": [list(_cards(cards, what)) for cards in melds],
        "lay_offs": [{"card": e["card"], "meld": e["meld"]} for e in lay_offs],
        "discard": _card_or_none(item["discard"], what),
    }


def _result(item: object) -> dict[str, Any] | None:
    if item is None:
        return None
    if not isinstance(item, dict) or set(item) != {"winner", "scores", "reason", "hand_values"}:
        raise _bad("result")
    if item["reason"] not in ("out", "turn_limit"):
        raise _bad("result")
    scores = _per_seat(item["scores"], "result")
    values = _per_seat(item["hand_values"], "result")
    return {
        "winner": None if item["winner"] is None else _seat(item["winner"], "result"),
        "scores": {s: _int(n, "result", 0) for s, n in scores.items()},
        "reason": item["reason"],
        "hand_values": {s: _int(n, "result", 0) for s, n in values.items()},
    }


def from_json(data: dict[str, Any]) -> deal.State:
    """A State from to_json's output; IllegalAction("bad_state") for anything else."""
    if not isinstance(data, dict):
        raise _bad("not an object")
    if type(data.get("schema")) is not int or data["schema"] != deal.SCHEMA:
        raise _bad("schema")
    if set(data) != set(KEYS):
        raise _bad("keys")
    melds = _melds(data["melds"])
    hands = {s: _cards(h, "hands") for s, h in _per_seat(data["hands"], "hands").items()}
    known = {s: _cards(k, "known") for s, k in _per_seat(data["known"], "known").items()}
    match = {s: _int(n, "match", 0) for s, n in _per_seat(data["match"], "match").items()}
    turn = None if data["turn"] is None else _seat(data["turn"], "turn")
    state = deal.State(
        seed=_int(data["seed"], "seed", -(2**63), 2**63),
        first=_seat(data["first"], "first"),
        game_no=_int(data["game_no"], "game_no", 1),
        match=match,
        stock=_cards(data["stock"], "stock"),
        pile=_cards(data["pile"], "pile"),
        hands=hands,
        melds=melds,
        turn=turn,
        step=data["step"] if data["step"] in ("draw", "play", None) else "?",
        taken=_card_or_none(data["taken"], "taken"),
        known=known,
        turns=_int(data["turns"], "turns", 0, deal.TURN_LIMIT),
        reshuffles=_int(data["reshuffles"], "reshuffles", 0),
        current=_turn(data["current"], "current", len(melds)),
        last=_turn(data["last"], "last", len(melds)),
        result=_result(data["result"]),
    )
    _check_consistent(state)
    return state


def _check_consistent(state: deal.State) -> None:
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
        raise _bad("cards")
    if max(state.match.values()) >= deal.MATCH_TARGET:
        raise _bad("match")
    for seat in deal.SEATS:
        if not set(state.known[seat]) <= set(state.hands[seat]):  # type: ignore[index]
            raise _bad("known")
    over = state.result is not None
    if state.step == "?" or (state.turn is None) != over or (state.step is None) != over:
        raise _bad("step")
    if over:
        if state.current is not None or state.taken is not None:
            raise _bad("step")
        if state.result != _result_of(state):
            raise _bad("result")
        return
    if state.turns >= deal.TURN_LIMIT or not state.hands[1] or not state.hands[2]:
        raise _bad("turns")
    current = state.current
    if current is None or current["seat"] != state.turn or current["discard"] is not None:
        raise _bad("current")
    if state.step == "draw":
        if state.taken is not None or current["draw"] is not None or current["melds"]:
            raise _bad("step")
        if current["lay_offs"] or not state.pile:
            raise _bad("step")
    else:
        if current["draw"] is None or current["taken"] != state.taken:
            raise _bad("step")
        if state.taken is not None and state.taken not in state.hands[state.turn]:
            # The taken card may have been melded or laid off since.
            on_table = {code for meld in state.melds for code in meld.cards}
            if state.taken not in on_table:
                raise _bad("taken")
    if state.last is not None and state.last["seat"] != deal.other(state.turn):  # type: ignore[arg-type]
        raise _bad("last")


def _result_of(state: deal.State) -> dict[str, Any] | None:
    """The result the rules give a finished deal, from its hands (None: none can)."""
    result = state.result
    assert result is not None
    if result["reason"] == "out":
        winner = result["winner"]
        if winner is None or state.hands[winner] or not state.hands[deal.other(winner)]:
            return None
        return turns.finish(state, winner, "out").result
    if result["winner"] is not None or state.turns != deal.TURN_LIMIT:
        return None
    if not state.hands[1] or not state.hands[2]:
        return None
    return turns.finish(state, None, "turn_limit").result
