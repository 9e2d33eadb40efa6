"""The seats as the site shows and starts them: who starts round N, a new deal's seed,
the default bot level and the levels' names, the seats' colours. (The seats themselves,
`Pair` and the levels are the games' kit: gamekit.seats.)
"""

from __future__ import annotations

import secrets

from gamekit.engine import Seat, gettext_noop

DEFAULT_LEVEL = "medium"
LEVEL_NAMES: dict[str, str] = {
    "easy": gettext_noop("Easy"),
    "medium": gettext_noop("Medium"),
    "strong": gettext_noop("Strong"),
}

# Kept for the life of a room or a save: player 1 and player 2 never swap colours.
COLOURS: dict[Seat, str] = {1: "teal", 2: "amber"}


def first_seat(round_no: int) -> Seat:
    """Player 1 starts round 1; then the starting player alternates."""
    return 1 if round_no % 2 == 1 else 2


def new_seed() -> int:
    """The seed of a new deal: unguessable, and small enough for any JSON reader."""
    return secrets.randbits(62)
