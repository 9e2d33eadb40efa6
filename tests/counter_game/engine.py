"""The counter game: a tiny but real engine for testing the rooms app, and the smallest
game that keeps the whole contract (gamekit.engine.Engine, docs/games.md).

Two players take turns adding 1, 2 or 3 to a shared counter; whoever brings it to
exactly 21 wins. Each seat also holds a secret card ("S" and three digits) that only
its own view shows, and a few more lie face down in a stock that no one sees, so tests
can check that one seat never receives the other's hidden information.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from gamekit.engine import Action, IllegalAction, Seat, Status, View, gettext_noop
from gamekit.saves import bad_state, read_int, read_list, read_object, read_per_seat, read_seat
from gamekit.seats import SEATS, Pair, other

SCHEMA = 2
TARGET = 21
KEYS = ("first", "game_no", "total", "turn", "winner", "secrets", "stock", "moves")
STOCK = 4


def new_round(seed: int, first_seat: Seat, previous: dict[str, Any] | None = None) -> dict:
    cards = [f"S{n}" for n in random.Random(seed).sample(range(100, 1000), 2 + STOCK)]
    return {
        "first": first_seat,
        "game_no": 1 if previous is None else previous["game_no"] + 1,
        "total": 0,
        "turn": first_seat,
        "winner": None,
        "secrets": Pair.of(cards[0], cards[1]),
        "stock": tuple(cards[2:]),
        "moves": (),
    }


def apply(state: dict, seat: Seat, action: Action) -> dict:
    if state["winner"] is not None:
        raise IllegalAction("game_over", gettext_noop("The game is over."))
    if seat != state["turn"]:
        raise IllegalAction("not_your_turn", gettext_noop("It is not your turn."))
    if not isinstance(action, dict) or action.get("type") != "add":
        raise IllegalAction("unknown_action", gettext_noop("Unknown action."))
    amount = action.get("amount")
    if type(amount) is not int or not 1 <= amount <= 3:
        raise IllegalAction("bad_amount", gettext_noop("Add 1, 2 or 3."))
    total = state["total"] + amount
    if total > TARGET:
        raise IllegalAction(
            "over_target", gettext_noop("The counter may not pass %(target)s."), target=TARGET
        )
    won = total == TARGET
    return {
        **state,
        "total": total,
        "turn": None if won else other(seat),
        "winner": seat if won else None,
        "moves": (*state["moves"], (seat, amount)),
    }


def view(state: dict, seat: Seat | None) -> View:
    return {
        "game": "counter",
        "seat": seat,
        "total": state["total"],
        "target": TARGET,
        "turn": state["turn"],
        "over": state["winner"] is not None,
        "winner": state["winner"],
        "secret": None if seat is None else state["secrets"][seat],
        "moves": [list(move) for move in state["moves"]],
        "game_no": state["game_no"],
        "first": state["first"],
    }


def status(state: dict) -> Status:
    winner = state["winner"]
    return {
        "turn": state["turn"],
        "over": winner is not None,
        "winner": winner,
        "scores": None if winner is None else {str(s): int(s == winner) for s in SEATS},
    }


def hidden(state: dict, seat: Seat | None) -> Counter[str]:
    """The stock and the other seat's secret card (both for a spectator)."""
    return Counter([*state["stock"], *(state["secrets"][s] for s in SEATS if s != seat)])


def redeal_hidden(state: dict, seat: Seat, rng: random.Random) -> dict:
    cards = [state["secrets"][other(seat)], *state["stock"]]
    rng.shuffle(cards)
    secrets = state["secrets"].with_(other(seat), cards[0])
    return {**state, "secrets": secrets, "stock": tuple(cards[1:])}


def legal_actions(state: dict, seat: Seat) -> list[Action]:
    if state["winner"] is not None or seat != state["turn"]:
        return []
    room = TARGET - state["total"]
    return [{"type": "add", "amount": n} for n in (1, 2, 3) if n <= room]


def to_json(state: dict) -> dict[str, Any]:
    return {
        **state,
        "schema": SCHEMA,
        "secrets": state["secrets"].to_json(),
        "stock": list(state["stock"]),
        "moves": [list(move) for move in state["moves"]],
    }


def _move(item: object) -> bool:
    return (
        isinstance(item, list)
        and len(item) == 2
        and read_seat(item[0], "moves") is not None
        and type(item[1]) is int
        and 1 <= item[1] <= 3
    )


def from_json(data: dict[str, Any]) -> dict:
    data = read_object(data, SCHEMA, KEYS)
    moves = read_list(data["moves"], "moves", _move)
    secrets = read_per_seat(data["secrets"], "secrets", str)
    state = {
        "first": read_seat(data["first"], "first"),
        "game_no": read_int(data["game_no"], "game_no", 1),
        "total": read_int(data["total"], "total", 0, TARGET),
        "turn": read_seat(data["turn"], "turn", none=True),
        "winner": read_seat(data["winner"], "winner", none=True),
        "secrets": secrets,
        "stock": read_list(data["stock"], "stock", lambda card: isinstance(card, str)),
        "moves": tuple((seat, amount) for seat, amount in moves),
    }
    if len({*secrets.values(), *state["stock"]}) != 2 + STOCK:
        raise bad_state("stock")
    if sum(amount for _seat, amount in state["moves"]) != state["total"]:
        raise bad_state("moves")
    if (state["winner"] is None) == (state["total"] == TARGET):
        raise bad_state("winner")
    if (state["turn"] is None) != (state["winner"] is not None):
        raise bad_state("turn")
    return state
