"""Games on one device and against the computer: stateless on the server.

The whole game travels in a sealed token (rooms.sealing) that the browser keeps; each
request unseals it, applies the action (and the computer's replies), and seals the
result again. The payload: {game, mode, level, round, seed, moves, seat, state}, where
`state` is the engine's to_json() (which carries the engine's schema), `round` counts
games for alternating the first player, and `moves` numbers the computer's decisions
so that its randomness is reproducible yet different each turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rooms import registry
from rooms.engine import IllegalAction, Seat, Status, View
from rooms.errors import RoomError
from rooms.sealing import seal, unseal
from rooms.seats import DEFAULT_LEVEL, first_seat, new_seed

COMPUTER_SEAT = 2
HUMAN_SEAT = 1
# A computer that keeps playing forever would hold the request: no game needs this many.
MAX_COMPUTER_MOVES = 400


@dataclass
class Outcome:
    """What the browser gets back: a new token and the view of the seat to show."""

    token: str
    game: registry.Game
    mode: str
    level: str | None
    seat: Seat | None
    view: View
    status: Status


def _game(slug: str, mode: str) -> registry.Game:
    game = registry.get(slug)
    if game is None or not game.available or mode not in ("local", "computer"):
        raise RoomError("unknown_game")
    return game


def _level(game: registry.Game, level: object, mode: str) -> str | None:
    if mode == "local":
        return None
    if level is None:
        return DEFAULT_LEVEL
    if level not in game.levels:
        raise RoomError("bad_level")
    return str(level)


def _open(game: registry.Game, mode: str, token: object) -> tuple[dict[str, Any], Any]:
    payload = unseal(token)
    if payload.get("game") != game.slug or payload.get("mode") != mode:
        raise RoomError("wrong_game")
    state_json = payload.get("state")
    if not isinstance(state_json, dict) or state_json.get("schema") != game.engine.SCHEMA:
        raise RoomError("outdated_token")
    try:
        state = game.engine.from_json(state_json)
    except IllegalAction:
        raise RoomError("bad_token") from None
    return payload, state


def _seat_to_show(mode: str, status: Status, previous: Seat | None) -> Seat:
    """Against the computer the human's seat; on one device the seat to move (after the
    game, the seat that made the last move keeps the board)."""
    if mode == "computer":
        return HUMAN_SEAT
    return status["turn"] or previous or 1


def _computer_replies(game: registry.Game, payload: dict[str, Any], state: Any) -> Any:
    engine, bots = game.engine, game.bots
    for _ in range(MAX_COMPUTER_MOVES):
        status = engine.status(state)
        if status["over"] or status["turn"] != COMPUTER_SEAT:
            return state
        payload["moves"] += 1
        rng = random.Random(f"{payload['seed']}:{payload['moves']}")
        action = bots.choose(state, COMPUTER_SEAT, payload["level"], rng)
        try:
            state = engine.apply(state, COMPUTER_SEAT, action)
        except IllegalAction:
            raise RoomError("computer_failed") from None
    raise RoomError("computer_failed")


def _outcome(game: registry.Game, payload: dict[str, Any], state: Any) -> Outcome:
    engine = game.engine
    status = engine.status(state)
    seat = _seat_to_show(payload["mode"], status, payload.get("seat"))
    payload["seat"] = seat
    payload["state"] = engine.to_json(state)
    return Outcome(
        token=seal(payload),
        game=game,
        mode=payload["mode"],
        level=payload["level"],
        seat=seat,
        view=engine.view(state, seat),
        status=status,
    )


def new_game(slug: str, mode: str, level: object = None, previous: object = None) -> Outcome:
    """A new game; with the previous game's token, the next round (the other player
    starts, the level is kept unless a new one is given)."""
    game = _game(slug, mode)
    round_no, previous_state, previous_level = 1, None, None
    if previous:
        try:
            old, previous_state = _open(game, mode, previous)
            round_no = int(old.get("round", 0)) + 1
            previous_level = old.get("level")
        except (RoomError, ValueError, TypeError):
            # A damaged or outdated previous save must never block a fresh game.
            round_no, previous_state = 1, None
    chosen = _level(game, level if level is not None else previous_level, mode)
    seed = new_seed()
    state = game.engine.new_round(seed, first_seat(round_no), previous_state)
    payload = {"game": game.slug, "mode": mode, "level": chosen, "round": round_no}
    payload |= {"seed": seed, "moves": 0, "seat": None}
    if mode == "computer":
        state = _computer_replies(game, payload, state)
    return _outcome(game, payload, state)


def act(slug: str, mode: str, token: object, action: object) -> Outcome:
    """The human's action, then (against the computer) the computer's replies."""
    game = _game(slug, mode)
    payload, state = _open(game, mode, token)
    if not isinstance(action, dict):
        raise RoomError("malformed")
    status = game.engine.status(state)
    if status["over"]:
        raise RoomError("game_over")
    seat = HUMAN_SEAT if mode == "computer" else status["turn"]
    if status["turn"] != seat:
        raise RoomError("not_your_turn")
    state = game.engine.apply(state, seat, action)
    payload["seat"] = seat
    if mode == "computer":
        state = _computer_replies(game, payload, state)
    return _outcome(game, payload, state)


def change_level(slug: str, token: object, level: object) -> Outcome:
    """The same game against a computer of another level."""
    game = _game(slug, "computer")
    payload, state = _open(game, "computer", token)
    payload["level"] = _level(game, level, "computer")
    return _outcome(game, payload, state)


def show(slug: str, mode: str, token: object) -> Outcome:
    """The saved game as it is (a fresh token, the same game)."""
    game = _game(slug, mode)
    payload, state = _open(game, mode, token)
    return _outcome(game, payload, state)


def opened(slug: str, mode: str, token: object) -> tuple[Any, Status, Seat | None]:
    """The game a sealed token holds, for a game's own endpoints (a hint): its state,
    status and the seat to move for the player (None when it is not theirs to move).
    Only games on one device and against the computer have a token, so an online
    game can never be opened here. RoomError as for any token request."""
    game = _game(slug, mode)
    _, state = _open(game, mode, token)
    status = game.engine.status(state)
    seat = HUMAN_SEAT if mode == "computer" else status["turn"]
    return state, status, seat if status["turn"] == seat else None
