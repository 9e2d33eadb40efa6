"""Whose turn it is, checked once for every way to play: an online action and new
round (rooms.online.store), a move on one device or against the computer and a hint
(rooms.local.play). The engine decides what a move may be; this only refuses a move of
a game that is over or of the seat not to play."""

from __future__ import annotations

from typing import Any

from gamekit.engine import Engine, Seat, Status
from rooms.errors import RoomError


def to_move(engine: Engine, state: Any, seat: Seat | None = None) -> Status:
    """The state's status, once checked that `seat` may move now (any seat when None:
    on one device whoever is to play). RoomError `game_over` at the end of the game,
    `not_your_turn` when another seat is to play."""
    status = engine.status(state)
    if status["over"]:
        raise RoomError("game_over")
    if seat is not None and status["turn"] != seat:
        raise RoomError("not_your_turn")
    return status
