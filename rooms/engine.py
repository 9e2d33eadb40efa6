"""The interface every game engine offers to the rest of the site.

Pure Python: engines import this module, and it imports nothing from Django, so that
engine tests and bots run without settings or a database.
"""

from __future__ import annotations

from typing import Any, Protocol

Seat = int  # 1 or 2
Action = dict[str, Any]
View = dict[str, Any]


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
    """What a game module (e.g. `tiles.engine`) provides; see DESIGN.md."""

    SCHEMA: int

    def new_round(self, seed: int, first_seat: Seat, previous: Any = None) -> Any: ...

    def apply(self, state: Any, seat: Seat, action: Action) -> Any: ...

    def view(self, state: Any, seat: Seat | None) -> View: ...

    def status(self, state: Any) -> dict[str, Any]: ...

    def to_json(self, state: Any) -> dict[str, Any]: ...

    def from_json(self, data: dict[str, Any]) -> Any: ...
