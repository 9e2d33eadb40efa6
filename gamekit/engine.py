"""The interface every game engine offers to the rest of the site (docs/games.md).

Pure Python: engines import this module, and it imports nothing from Django, so that
engine tests and bots run without settings or a database.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Protocol, TypedDict, get_type_hints

Seat = int  # 1 or 2
Action = dict[str, Any]
View = dict[str, Any]  # JSON: what one seat (or a spectator, None) may see


class Status(TypedDict):
    """What the platform reads of a state, for every game the same four keys (JSON:
    per-seat values keyed "1" and "2")."""

    turn: Seat | None  # the seat to move; None once the game is over
    over: bool
    winner: Seat | None  # None while playing, and for a draw
    scores: dict[str, int] | None  # {"1": n, "2": n} once over, None before


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it here.

    Engines cannot import Django; `makemessages` extracts calls of this name, and the
    Django side translates the message when it shows it (see IllegalAction).
    """
    return message


class IllegalAction(Exception):
    """An action the rules refuse. Nothing changes.

    `code` is stable (tests and clients rely on it); `message` is an English template
    marked with gettext_noop, with %(name)s placeholders filled from `params`.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        self.code = code
        self.message = message
        self.params = params
        super().__init__(message % params if params else message)


class Engine(Protocol):
    """What a game's engine module (e.g. `tiles.engine`) provides (docs/games.md);
    tests/rooms/test_game_contract.py checks every registered game against it."""

    SCHEMA: int

    def new_round(self, seed: int, first_seat: Seat, previous: Any = None) -> Any:
        """A new deal, the same for the same arguments."""

    def apply(self, state: Any, seat: Seat, action: Action) -> Any:
        """The next state, or IllegalAction (and `state` is unchanged: states are
        never mutated)."""

    def view(self, state: Any, seat: Seat | None) -> View:
        """What `seat` may see (None: a spectator). JSON."""

    def status(self, state: Any) -> Status: ...

    def to_json(self, state: Any) -> dict[str, Any]: ...

    def from_json(self, data: dict[str, Any]) -> Any:
        """The state to_json saved; IllegalAction("bad_state") for anything else."""

    def hidden(self, state: Any, seat: Seat | None) -> Counter[str]:
        """The pieces (tile or card codes) that `seat` may not see in `state`, as a
        multiset: the other rack or hand, the pool or stock, face-down cards."""

    def redeal_hidden(self, state: Any, seat: Seat, rng: random.Random) -> Any:
        """A state that `seat` cannot tell from `state`: the same view for `seat`,
        with the hidden pieces shuffled among the hidden places."""


class Bots(Protocol):
    """What a game's bots module (e.g. `tiles.bots`) provides."""

    def choose(self, state: Any, seat: Seat, level: str, rng: random.Random) -> Action:
        """The action `seat` takes at `level`, read from `view(state, seat)` only."""


# What every engine module defines (Engine): the registry checks them at registration.
ENGINE_FUNCTIONS = (
    "new_round",
    "apply",
    "view",
    "status",
    "to_json",
    "from_json",
    "hidden",
    "redeal_hidden",
)
# What every engine module exports (its __all__ starts with these); the registry checks
# the functions at registration.
PROTOCOL = ("SCHEMA", *ENGINE_FUNCTIONS)
# What an engine may define besides (docs/games.md).
OPTIONAL = ("PIECES", "legal_actions")
STATUS_KEYS = frozenset(get_type_hints(Status))
