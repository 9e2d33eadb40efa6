"""The protocol of an online room's WebSocket, `/ws/rooms/<code>/`: what a frame may say
and what the server answers, and the events a room's sockets are sent through the
channel layer (from any process). One typed definition per message in each direction:
the browser's are dataclasses, each frame parsed once into one of them (`read`); the
server's and the events between processes are TypedDicts (sent as the dicts they are:
no conversion on the way out). The consumer (rooms/online/consumers.py) holds one table
from each type to its handler; docs/online.md documents every message, and
tests/rooms/test_protocol.py keeps the three in step.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from http.cookies import SimpleCookie
from typing import Any, ClassVar, Literal, NotRequired, TypedDict

import orjson
from django.conf import settings
from django.utils.translation.trans_real import parse_accept_lang_header

from gamekit.engine import IllegalAction
from rooms.errors import Names, RoomError, describe

MAX_MESSAGE_BYTES = 16 * 1024
# No message of the protocol nests deeper than a few levels; json.loads would recurse
# until RecursionError on thousands.
MAX_DEPTH = 32

CLOSE_BAD_KEY = 4403
CLOSE_UNKNOWN_ROOM = 4404
CLOSE_REPLACED = 4409
CLOSE_FULL = 4429  # no place to watch: the watchers at their limit, or seat 2 still free
CLOSE_CLOSED = 4410
CLOSE_RETRY = 4503  # outside 4400-4499: the page reconnects


# --- Browser -> server: one dataclass each, made once by `read` --------------------


@dataclass(frozen=True, slots=True)
class Hello:
    """The socket's first message: a seat's key, or `watch` (true) to watch the room."""

    type: ClassVar[str] = "hello"
    key: object = None  # any value: the room checks it (rooms.models.Room.seat_for_key)
    watch: bool = False  # only the JSON `true` watches

    @classmethod
    def of(cls, message: dict[str, Any]) -> Hello:
        return cls(message.get("key"), message.get("watch") is True)


@dataclass(frozen=True, slots=True)
class Action:
    """An action made against `version`. Both are checked by the store, which refuses
    a non-object action (`malformed`) and a version that is no integer (`stale`)."""

    type: ClassVar[str] = "action"
    version: object = None
    action: object = None

    @classmethod
    def of(cls, message: dict[str, Any]) -> Action:
        return cls(message.get("version"), message.get("action"))


@dataclass(frozen=True, slots=True)
class Bare:
    """A message that is its type alone: what else its frame holds is ignored."""

    @classmethod
    def of(cls, message: dict[str, Any]) -> Bare:
        return cls()


@dataclass(frozen=True, slots=True)
class Ping(Bare):
    type: ClassVar[str] = "ping"


@dataclass(frozen=True, slots=True)
class NewRound(Bare):
    type: ClassVar[str] = "new_round"


@dataclass(frozen=True, slots=True)
class DeclineRound(Bare):
    type: ClassVar[str] = "decline_round"


@dataclass(frozen=True, slots=True)
class Sync(Bare):
    type: ClassVar[str] = "sync"


Incoming = Hello | Action | Ping | NewRound | DeclineRound | Sync
# Every message a browser may send, by its type.
INCOMING: dict[str, type[Incoming]] = {
    kind.type: kind for kind in (Hello, Action, Ping, NewRound, DeclineRound, Sync)
}


# --- Server -> browser: one TypedDict each ----------------------------------------


class State(TypedDict):
    """A seat's `state` (push.seat_message), or a watcher's (push.watcher_frame: `seat`
    None, `watching`, the public view and the colours only)."""

    type: Literal["state"]
    version: int
    seat: int | None
    view: Any
    status: Any
    html: str
    colours: dict[str, str]
    presence: NotRequired[dict[str, bool]]
    consent: NotRequired[dict[str, list[int]]]
    deletes_at: NotRequired[str]
    watching: NotRequired[bool]


class Presence(TypedDict):
    type: Literal["presence"]
    presence: dict[str, bool]


class Pong(TypedDict):
    type: Literal["pong"]
    presence: NotRequired[dict[str, bool]]  # a seat's, not a watcher's


class Watchers(TypedDict):
    type: Literal["watchers"]
    count: int
    text: str


class Consent(TypedDict):
    type: Literal["consent"]
    consent: dict[str, list[int]]
    declined: bool
    left: bool


class Refusal(TypedDict):
    """`error`, and the closing messages that say why (rooms.errors.describe)."""

    type: Literal["error", "retry", "closed", "seat_moved"]
    code: str
    message: str
    edit: NotRequired[Any]  # the step of a many-step request that failed


class Replaced(TypedDict):
    type: Literal["replaced"]


Outgoing = State | Presence | Pong | Watchers | Consent | Refusal | Replaced
# Every message the server sends, by its type.
OUTGOING: dict[str, type] = {
    "state": State,
    "presence": Presence,
    "pong": Pong,
    "watchers": Watchers,
    "consent": Consent,
    "error": Refusal,
    "retry": Refusal,
    "closed": Refusal,
    "seat_moved": Refusal,
    "replaced": Replaced,
}


# --- Between the server's processes: the channel layer's events, one TypedDict each --


class Changed(TypedDict):
    """A commit (rooms.online.push.route): to the seats `room.changed`, to the watchers'
    group `watch.changed`; the state as its JSON text and PUSHED's fields."""

    type: Literal["room.changed", "watch.changed"]
    version: int
    state: str
    presence: dict[str, bool]
    consent: dict[str, list[int]]
    colours: dict[str, str]
    deletes_at: str


class News(TypedDict):
    """Something changed that each socket reads for itself when told (two events may
    arrive in either order): the presence, the watchers' count; the room deleted, the
    seat moved to another device or freed by the admin, the channel layer lost."""

    type: Literal[
        "room.presence", "room.watchers", "room.closed", "seat.moved", "seat.freed", "layer.lost"
    ]


class ConsentNews(TypedDict):
    """The requests for a new round changed: `declined` (or taken back), `left` (its
    seat's socket closed)."""

    type: Literal["room.consent"]
    declined: NotRequired[bool]
    left: NotRequired[bool]


class SeatTaken(TypedDict):
    """The seat was opened by the socket `by`: its other sockets stop."""

    type: Literal["seat.replaced"]
    by: str


Event = Changed | News | ConsentNews | SeatTaken
# Every event a room's socket may be sent through the channel layer, by its type.
EVENTS: dict[str, type] = {
    "room.changed": Changed,
    "watch.changed": Changed,
    "room.presence": News,
    "room.watchers": News,
    "room.closed": News,
    "seat.moved": News,
    "seat.freed": News,
    "layer.lost": News,
    "room.consent": ConsentNews,
    "seat.replaced": SeatTaken,
}


def language_of(scope: dict[str, Any]) -> str:
    """The player's language from the language cookie, else Accept-Language."""
    headers = {name.decode("latin1").lower(): value for name, value in scope.get("headers", [])}
    supported = {code for code, _ in settings.LANGUAGES}
    cookie = SimpleCookie()
    try:
        cookie.load(headers.get("cookie", b"").decode("latin1"))
    except Exception:  # a broken Cookie header only costs the language
        cookie = SimpleCookie()
    chosen = cookie.get(settings.LANGUAGE_COOKIE_NAME)
    if chosen and chosen.value in supported:
        return chosen.value
    for code, _quality in parse_accept_lang_header(headers.get("accept-language", b"").decode()):
        base = code.split("-")[0]
        if base in supported:
            return base
    return settings.LANGUAGE_CODE


def too_deep(raw: bytes) -> bool:
    """Whether the JSON text nests arrays or objects deeper than MAX_DEPTH.

    Counted on the text before parsing (brackets inside strings count too, which only
    makes the cap stricter for text no message of the protocol contains)."""
    depth = 0
    for byte in raw:
        if byte in b"[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif byte in b"]}":
            depth -= 1
    return False


def parse_message(raw: bytes) -> dict[str, Any] | None:
    """The message as an object, or None unless it is a strict JSON object: no NaN or
    Infinity nor a number too large for a double (no database stores them), no lone
    surrogate in a string (no UTF-8 for it), no nesting deeper than MAX_DEPTH.
    orjson refuses all of these itself, and parses a frame several times faster than
    json (issue 12: every action and ping comes through here)."""
    if too_deep(raw):
        return None
    try:
        message = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    return message if isinstance(message, dict) else None


def read(text_data: str | None) -> Incoming:
    """A browser's frame as a message of the protocol: an object whose `type` is one of
    INCOMING's, made into its dataclass. RoomError for anything else (`binary` for a
    frame without text, `too_large`, `malformed`, `unknown_type`), which then changes
    nothing."""
    if text_data is None:  # the protocol is JSON text; a binary frame is not read
        raise RoomError("binary")
    try:
        raw = text_data.encode()
    except UnicodeEncodeError:  # lone surrogates: not text any server should accept
        raise RoomError("malformed") from None
    if len(raw) > MAX_MESSAGE_BYTES:
        raise RoomError("too_large")
    message = parse_message(raw)
    if message is None:
        raise RoomError("malformed")
    name = message.get("type")
    kind = INCOMING.get(name) if isinstance(name, str) else None
    if kind is None:  # a missing type, or one not a string, is unknown too
        raise RoomError("unknown_type")
    return kind.of(message)


# What every seat's `state` carries besides the game (`pushed`).
PUSHED = ("presence", "consent", "colours", "deletes_at")


def pushed(seats: Iterable[Any], deletes_at: datetime) -> dict[str, Any]:
    """The PUSHED fields of a `state`, from the room's seats as read (each with its
    number, colour, connected and asked: rooms.online.sql.SeatRow) and when the room
    is deleted unless someone plays: who is connected, the connected seats that asked
    for a new round, the seats' colours."""
    seats = list(seats)
    return {
        "presence": {str(s.number): s.connected for s in seats},
        "consent": {"asked": [s.number for s in seats if s.asked and s.connected]},
        "colours": {str(s.number): s.colour for s in seats},
        "deletes_at": moment(deletes_at),
    }


def moment(at: datetime) -> str:
    """A moment as the messages carry it: ISO 8601 in UTC to the second."""
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def error(refusal: RoomError | IllegalAction, names: Names | None = None) -> Refusal:
    """An `error`: the refusal's stable code and its message in the player's language,
    the pieces it names said with `names` (Game.names)."""
    return {"type": "error", **describe(refusal, names)}


def encode(message: Outgoing | dict[str, Any]) -> str:
    """A message's text. orjson: two frames an action, each with a board's HTML, took
    json.dumps a tenth of the action's CPU (issue 12). Keys as json.dumps writes them."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
