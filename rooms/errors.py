"""Refusals of the rooms app, each with a stable code and a translated message.

Engines raise `gamekit.engine.IllegalAction` (English template + params); the rooms app
raises `RoomError` for everything around the game (versions, seats, tokens, limits).
Both reach the browser as `{code, message}`, the message in the player's language,
the pieces it names (a card's code) said as the game's board says them (Game.names).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from gamekit.engine import IllegalAction

MESSAGES: dict[str, Any] = {
    "bad_token": _("This saved game cannot be read. Start a new round."),
    "outdated_token": _("This saved game is from an older version of the site. Start a new round."),
    "wrong_game": _("This saved game belongs to another game or mode."),
    "stale_save": _(
        "This game was opened or played on in another tab. This tab has stopped: "
        "reload it to pick up the current game."
    ),
    "unknown_game": _("There is no such game."),
    "bad_level": _("Choose a level: easy, medium or strong."),
    "bad_request": _("The request could not be read."),
    "too_large": _("This message is too large."),
    "rate_limited": _("Too many messages at once. Wait a moment and try again."),
    "too_many_hints": _(
        "You asked for too many hints in a short time. Wait a moment and ask again."
    ),
    "malformed": _("This message could not be read."),
    "binary": _("Messages must be JSON text, not binary."),
    "retry": _("The connection to the game server was interrupted. Reconnecting…"),
    "database_lost": _("The game server lost its database; your game is safe, reconnecting…"),
    "busy": _("The game server is very busy; your game is safe, reconnecting…"),
    "unknown_type": _("Unknown message type."),
    "hello_first": _("Say hello with your seat key first."),
    "bad_key": _("This seat key is not valid for this room."),
    "unknown_room": _("This room does not exist (it may have been deleted after a week unused)."),
    "seat_moved": _("This seat moved to another device. This page has stopped."),
    "seat_freed": _("The site's admin freed this seat. This page has stopped."),
    "room_closed": _("This room has been closed."),
    "stale": _("The game has moved on; here is the current position."),
    "waiting": _("Both players must be connected to play."),
    "not_your_turn": _("It is not your turn."),
    "game_over": _("This game is over. Start a new round."),
    "no_request": _("Nobody has asked for a new round."),
    "away": _("This page is not connected to the room. Reload it to play."),
    "watching": _("You are watching this game: only its players can play."),
    "watch_not_full": _(
        "This game has not begun: its second seat is free. Open the invite link to take it."
    ),
    "too_many_watchers": _("Too many people are watching this game already. Try again later."),
    "computer_failed": _("The computer could not find a move."),
    "no_review": _("The computer does not review this game."),
    "round_not_over": _("A round is reviewed once it is over."),
    "replay_unfinished": _(
        "This round is not over yet. Its replay can be watched once the round has ended."
    ),
    "replay_abandoned": _("This round was left unfinished when a new one began: it has no replay."),
    "unknown_replay": _("There is no such replay (it may have been deleted after a week unused)."),
    "replay_step": _("This replay has no such step."),
    "bad_replay": _("This replay is damaged and cannot be shown."),
    "no_replay": _("This round was started before replays were kept: it has no replay."),
    "not_yours": _("This game is not one this browser keeps: nothing was forgotten."),
    "unconfirmed": _(
        "This game is not over: confirm that you want to forget it. Nothing was forgotten."
    ),
    "no_lesson": _("There is no lesson for this game."),
    "no_try": _("The computer's review did not mark this decision: there is nothing to try again."),
    "lesson_elsewhere": _(
        "That move is allowed, but the lesson asks for another one: read the line above "
        "the board and try again."
    ),
}


class RoomError(Exception):
    """A refusal: nothing changed. `code` is stable; `message` is translated on demand."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(code)

    @property
    def message(self) -> str:
        return str(MESSAGES.get(self.code, MESSAGES["bad_request"]))


Names = Mapping[str, Callable[[Any], str]]


def each(name: Callable[[str], str]) -> Callable[[Any], str]:
    """A Game.names entry for several pieces given by their codes split by spaces
    ("5H 6H 7H"), from the one for a piece: their names, comma-separated."""
    return lambda codes: ", ".join(name(code) for code in str(codes).split())


def describe(error: RoomError | IllegalAction, names: Names | None = None) -> dict[str, Any]:
    """`{code, message}` for the browser, in the active language, each param in `names`
    (the game's, Game.names) said in words; with `edit` when the
    refusal names the step of a many-step request that failed (a draft's edit), and
    `lesson` when it was a lesson's (rooms.local.lessons: where the lesson stands)."""
    described = _described(error, names or {})
    lesson = getattr(error, "lesson", None)
    if lesson is not None:
        described["lesson"] = lesson
    return described


def _described(error: RoomError | IllegalAction, names: Names) -> dict[str, Any]:
    if isinstance(error, IllegalAction):
        message = gettext(error.message)
        if error.params:
            params = dict(error.params)
            said = {key: names[key](params[key]) for key in names if key in params}
            named = any(said[key] != params[key] for key in said)
            message = message % (params | said)
            if named:  # a name may begin the sentence: "King of hearts is …"
                message = capfirst(message)
        described: dict[str, Any] = {"code": error.code, "message": message}
        if "edit" in error.params:
            described["edit"] = error.params["edit"]
        return described
    return {"code": error.code, "message": error.message}
