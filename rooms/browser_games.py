"""This browser's games (issue 43): the online rooms whose seat key it keeps and the
games it saved on one device and against the computer (a lesson and a try from a
replay too), listed on the home page and on each game's page with one tap to resume and
a way to forget one.

All of it is kept in the browser's localStorage: a seat key under `rooms:<code>:seat`
(rooms/static/rooms/room.js), a sealed game under `play:<slug>:<mode>:token` (play.js;
the mode `learn` for a lesson, `try` for a try). The page posts what it keeps
(rooms/static/rooms/your_games.js) and the server lists only what that proves: a room
whose seat the key opens, a game the server sealed. A browser never sees anything of
another's: it would need that browser's seat key or sealed token. Forgetting removes
the game from the browser (the page does) and here: a save's newest token kept on the
server (rooms.saves), a room nobody else holds. A game whose round is not over is
forgotten only when the post says the player confirmed it (issue 55: nothing a player
holds is lost by one click); a finished one at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.urls import reverse
from django.utils import timezone

from rooms import registry
from rooms.codes import is_room_code
from rooms.errors import RoomError
from rooms.local import tries
from rooms.local.play import SavedGame, over_words, saved_game
from rooms.models import Room, Seat
from rooms.online import notify
from rooms.saves import BrowserSave
from rooms.seats import COLOURS, LEVEL_NAMES

# What one browser can keep: a seat in each of a few rooms, one save per game and mode.
MAX_ROOMS = 30
MAX_SAVES = 20
MAX_CODE = 40  # Room.code
# Where a save whose row the server no longer keeps goes: after the others.
EARLIEST = datetime.min.replace(tzinfo=UTC)


@dataclass
class Listed:
    """One line of the list: a game this browser keeps."""

    game: registry.Game
    mode: str  # "friend" (a room), "computer", "local", "learn" (a lesson) or "try"
    resume: str  # the page that takes it up
    seat: int | None  # the player's seat (online, and against the computer)
    colour: str | None  # that seat's colour (rooms.seats.COLOURS)
    level: str | None  # the computer's level, in words
    turn: str  # "yours", "friend", "computer", "seat", "awaited" or "over"
    to_play: int | None  # on one device: the seat to play
    last_activity: datetime | None
    deletes_at: datetime | None  # None: kept in the browser until forgotten
    code: str | None  # a room's invite code
    storage: tuple[str, ...]  # the prefixes of its keys in the browser's localStorage
    lesson: dict[str, Any] | None = None  # a lesson's progress (rooms.local.lessons)
    over_words: str | None = None  # once over, when not "Round over" (Game.over_words)

    @property
    def finished(self) -> bool:
        """Whether its round is over: then it is forgotten without a question."""
        return self.turn == "over"

    @property
    def loses(self) -> str:
        """What forgetting it in progress loses, for the question the page asks: "seat"
        (the friend is left waiting), "room" (nobody took its invite yet: deleted) or
        "save" (it cannot be resumed)."""
        if self.mode != "friend":
            return "save"
        return "room" if self.turn == "awaited" else "seat"

    @property
    def active_just_now(self) -> bool:
        """Whether it was played under a minute ago ("just now", not "0 minutes ago")."""
        last = self.last_activity
        return last is not None and timezone.now() - last < timedelta(minutes=1)


def listed(body: dict[str, Any]) -> list[Listed]:
    """The games of what a browser posted: {"rooms": [{"code", "key"}], "saves":
    [token], "game": slug or null (a game's page lists that game's only)}, the most
    recently played first. Anything it does not prove is left out; a body of the wrong
    shape is RoomError("bad_request")."""
    rooms, saves, only = read(body)
    held = Room.objects.held(rooms)
    found = [room_line(room, seat) for room, seat in held if registry.get(room.game)]
    for token in saves:
        try:
            found.append(save_line(saved_game(token)))
        except RoomError:  # a damaged or outdated token, a game gone: nothing to list
            continue
    found.sort(key=lambda line: line.last_activity or EARLIEST, reverse=True)
    return [line for line in found if only is None or line.game.slug == only]


def read(body: dict[str, Any]) -> tuple[dict[str, str], list[str], str | None]:
    rooms, saves, only = body.get("rooms", []), body.get("saves", []), body.get("game")
    if not isinstance(rooms, list) or not isinstance(saves, list) or len(rooms) > MAX_ROOMS:
        raise RoomError("bad_request")
    if len(saves) > MAX_SAVES or not all(isinstance(t, str) for t in saves):
        raise RoomError("bad_request")
    if only is not None and not isinstance(only, str):
        raise RoomError("bad_request")
    keys = {}
    for held in rooms:
        code, key = (held.get("code"), held.get("key")) if isinstance(held, dict) else (0, 0)
        if not isinstance(code, str) or not isinstance(key, str) or len(code) > MAX_CODE:
            raise RoomError("bad_request")
        if is_room_code(code):  # another shape names no room (a NUL byte fails a query)
            keys[code] = key
    return keys, saves, only


def room_line(room: Room, seat: Seat) -> Listed:
    status = room.status()
    friend = next(s for s in room.seats.all() if s.number != seat.number)
    if not friend.claimed:
        turn = "awaited"
    elif status["over"]:
        turn = "over"
    else:
        turn = "yours" if status["turn"] == seat.number else "friend"
    return Listed(
        game=room.registered_game,
        mode="friend",
        resume=reverse("room", args=[room.code]),
        seat=seat.number,
        colour=seat.colour,
        level=None,
        turn=turn,
        to_play=None,
        last_activity=room.last_activity,
        deletes_at=room.deletes_at(),
        code=room.code,
        storage=(f"rooms:{room.code}:", f"play:{room.game}:room:{room.code}:"),
        over_words=over_words(room.registered_game, room.game_state()) if turn == "over" else None,
    )


def save_line(saved: SavedGame) -> Listed:
    status, computer = saved.status, saved.mode == "computer"
    if status["over"]:
        turn = "over"
    elif computer:
        turn = "yours" if status["turn"] == saved.human else "computer"
    else:
        turn = "seat"
    level = LEVEL_NAMES.get(saved.level or "") if computer else None
    # A lesson and a try from a replay are kept apart from the plain game against the
    # computer (play.js's storage keys), and each is taken up on its own page.
    kept, resume = saved.mode, reverse("game_page", args=[saved.game.slug, saved.mode])
    if saved.lesson is not None:
        kept, resume = "learn", reverse("learn", args=[saved.game.slug])
    elif saved.tried_from is not None:
        kept, resume = "try", tries.page(saved.game.slug, saved.tried_from)
    return Listed(
        game=saved.game,
        mode=kept,
        resume=resume,
        seat=saved.human if computer else None,
        colour=COLOURS[saved.human] if computer else None,
        level=level,
        turn=turn,
        to_play=status["turn"],
        last_activity=saved.updated,
        deletes_at=None,
        code=None,
        storage=(f"play:{saved.game.slug}:{kept}:",),
        lesson=saved.lesson,
        over_words=saved.over_words,
    )


def forget(body: dict[str, Any]) -> None:
    """Forget the room {"code", "key"} or the saved game {"token"} a browser posted, with
    "confirmed": true unless its round is over: RoomError("unconfirmed") for a game in
    progress without it, "not_yours" for a room whose seat the key does not open
    (another browser's), the token's own refusals for a token of no game; nothing
    changes then."""
    code, key, token = body.get("code"), body.get("key"), body.get("token")
    confirmed = body.get("confirmed") is True
    if isinstance(code, str) and isinstance(key, str):
        room = Room.objects.filter(code=code).first() if is_room_code(code) else None
        seat = room.seat_for_key(key) if room is not None else None
        if room is None or seat is None:
            raise RoomError("not_yours")
        if not confirmed and not room.status()["over"]:
            raise RoomError("unconfirmed")
        if room.forget(seat):
            notify.room_closed(room.code)
    elif isinstance(token, str):
        saved = saved_game(token)
        if not confirmed and not saved.status["over"]:
            raise RoomError("unconfirmed")
        BrowserSave.objects.forget(saved.save)
    else:
        raise RoomError("bad_request")
