"""The counter game: a tiny but real engine for testing the rooms app.

Two players take turns adding 1, 2 or 3 to a shared counter; whoever brings it to
exactly 21 wins. Each seat also has a secret number that only its own view shows, so
tests can check that one seat never receives the other's hidden information.
"""

from __future__ import annotations

import random
from typing import Any

from rooms.engine import Action, IllegalAction, Seat, View, gettext_noop

SCHEMA = 1
TARGET = 21
SEATS: tuple[Seat, Seat] = (1, 2)


def other(seat: Seat) -> Seat:
    return 2 if seat == 1 else 1


def new_round(seed: int, first_seat: Seat, previous: dict[str, Any] | None = None) -> dict:
    rng = random.Random(seed)
    return {
        "schema": SCHEMA,
        "first": first_seat,
        "game_no": 1 if previous is None else previous["game_no"] + 1,
        "total": 0,
        "turn": first_seat,
        "winner": None,
        "secrets": {"1": rng.randint(100, 999), "2": rng.randint(100, 999)},
        "moves": [],
    }


def apply(state: dict, seat: Seat, action: Action) -> dict:
    if state["winner"] is not None:
        raise IllegalAction("game_over", gettext_noop("The game is over."))
    if seat != state["turn"]:
        raise IllegalAction("not_your_turn", gettext_noop("It is not your turn."))
    if not isinstance(action, dict) or action.get("type") != "add":
        raise IllegalAction("unknown_action", gettext_noop("Unknown action."))
    amount = action.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= 3:
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
        "moves": [*state["moves"], [seat, amount]],
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
        "secret": None if seat is None else state["secrets"][str(seat)],
        "moves": list(state["moves"]),
        "game_no": state["game_no"],
        "first": state["first"],
    }


def status(state: dict) -> dict[str, Any]:
    winner = state["winner"]
    return {
        "turn": state["turn"],
        "over": winner is not None,
        "scores": None if winner is None else {s: int(s == winner) for s in SEATS},
        "winner": winner,
        "total": state["total"],
        "game_no": state["game_no"],
    }


def legal_actions(state: dict, seat: Seat) -> list[Action]:
    if state["winner"] is not None or seat != state["turn"]:
        return []
    room = TARGET - state["total"]
    return [{"type": "add", "amount": n} for n in (1, 2, 3) if n <= room]


def to_json(state: dict) -> dict[str, Any]:
    return {**state, "secrets": dict(state["secrets"]), "moves": list(state["moves"])}


def from_json(data: dict[str, Any]) -> dict:
    def bad(what: str) -> IllegalAction:
        return IllegalAction("bad_state", gettext_noop("Damaged save (%(what)s)."), what=what)

    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise bad("schema")
    total = data.get("total")
    if not isinstance(total, int) or not 0 <= total <= TARGET:
        raise bad("total")
    if data.get("turn") not in (None, 1, 2) or data.get("winner") not in (None, 1, 2):
        raise bad("turn")
    secrets = data.get("secrets")
    if not isinstance(secrets, dict) or set(secrets) != {"1", "2"}:
        raise bad("secrets")
    return to_json(data)
