"""The seats as the site shows and starts them: who starts round N, a new deal's seed,
the default bot level and the levels' names, the seats' colours, the modes a replay's
steps are drawn in. (The seats themselves,
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

# A replay's steps are drawn in mode "replay" (no seat acts; seats "Player 1" and
# "Player 2": whoever watches may be either player), a round against the computer's in
# "computer-replay", which names the seats as its board did: "You" and "The computer".
REPLAY = "replay"
COMPUTER_REPLAY = "computer-replay"
REPLAY_MODES = (REPLAY, COMPUTER_REPLAY)


def replay_mode(mode: str) -> str:
    """The mode a replay of a round played in `mode` is drawn in."""
    return COMPUTER_REPLAY if mode == "computer" else REPLAY


def first_seat(round_no: int) -> Seat:
    """Player 1 starts round 1; then the starting player alternates."""
    return 1 if round_no % 2 == 1 else 2


def new_seed() -> int:
    """The seed of a new deal: unguessable, and small enough for any JSON reader."""
    return secrets.randbits(62)
