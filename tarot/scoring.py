"""Points taken, the round's result and the status the platform reads.

The Excuse exchange is a half-point transfer (`excuse_giver`); the Petit bonus goes to
the seat that wins the last trick when the Petit is in it (tarot/cards.py, `score_round`).
"""

from __future__ import annotations

from typing import Any

from gamekit.engine import Seat, Status
from gamekit.seats import SEATS, other
from tarot.cards import OUDLERS, PETIT, as_number, half_points, score_round
from tarot.state import (
    State,
    is_over,
    tricks_left,
    turn,
)


def points_halves(state: State) -> dict[Seat, int]:
    """Points taken so far, in half-points, the Excuse exchange included."""
    halves = {s: sum(half_points(c) for c in state.won[s]) for s in SEATS}
    if state.excuse_giver is not None:
        halves[state.excuse_giver] -= 1
        halves[other(state.excuse_giver)] += 1
    return halves


def oudlers_taken(state: State) -> dict[Seat, int]:
    return {s: sum(c in OUDLERS for c in state.won[s]) for s in SEATS}


def petit_taker(state: State) -> Seat | None:
    """Who took the Petit in the last trick, once the round is over."""
    if not is_over(state) or not state.tricks:
        return None
    lead, second, winner = state.tricks[-1]
    return winner if PETIT in (lead[1], second[1]) else None


def result(state: State) -> dict[str, Any] | None:
    """The round's breakdown once it is over (JSON-ready, seat keys "1"/"2")."""
    if not is_over(state):
        return None
    scored: dict[str, Any] = score_round(state.won, state.excuse_giver, petit_taker(state))

    def points(key: str) -> dict[str, int | float]:
        return {str(s): as_number(scored[key][s]) for s in SEATS}

    return {
        "winner": scored["winner"],
        "drawn": scored["winner"] is None,
        "points": points("half_points"),
        "card_points": points("card_half_points"),
        "excuse_exchange": points("exchange"),
        "oudlers": {str(s): scored["oudlers"][s] for s in SEATS},
        "thresholds": {str(s): scored["thresholds"][s] for s in SEATS},
        "excess": points("excess"),
        "petit_bonus": points("petit"),
        "petit_taker": petit_taker(state),
        "scores": points("score_halves"),
    }


def status(state: State) -> Status:
    """What the platform reads (gamekit.engine.Status); the board reads the view."""
    done = result(state)
    return {
        "turn": turn(state),
        "over": done is not None,
        "winner": None if done is None else done["winner"],
        "scores": None if done is None else {str(s): done["scores"][str(s)] for s in SEATS},
    }


def summary(state: State) -> dict[str, Any]:
    """The round at a glance, seats as int keys (tests, bots, benches)."""
    done = result(state)
    halves = points_halves(state)
    return {
        "turn": turn(state),
        "over": done is not None,
        "scores": None if done is None else {s: done["scores"][str(s)] for s in SEATS},
        "winner": None if done is None else done["winner"],
        "first": state.first,
        "game_no": state.game_no,
        "points": {s: as_number(halves[s]) for s in SEATS},
        "oudlers": oudlers_taken(state),
        "tricks_played": len(state.tricks),
        "tricks_left": tricks_left(state),
    }
