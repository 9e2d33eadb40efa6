"""The protocol of an online room's WebSocket, `/ws/rooms/<code>/`: what a frame may say
and what the server answers (the consumer, rooms/online/consumers.py, only carries it).

Protocol (JSON text messages; every refusal is `{"type": "error", "code", "message"}`
with a stable code and a message in the player's language):

Browser → server
- `{"type": "hello", "key": "<seat key>"}`: must come first. The key never travels in
  a URL. Answered with `state`. A second connection with the same key replaces the
  first, which gets `replaced` (across processes, through the seat's group).
- `{"type": "hello", "watch": true}` (no key): watch the room instead (a full room's
  visitor, rooms/online/watchers.py). Answered with the spectator's `state` (`seat`
  null, `watching` true, the public view only); then pushed every version's, the same
  frame for every watcher. A watcher may `ping` (answered `pong` without presence) and
  `sync`; anything else is refused (`watching`). At most ROOM_MAX_WATCHERS a room:
  the next gets `error` `too_many_watchers` and the socket closes (4429); so does a
  watcher of a room whose seat 2 is free (`watch_not_full`: its invite seats the guest).
- `{"type": "action", "version": n, "action": {...}}`: an action made against version
  n. Committed to the database before anything is sent; then every seat is pushed its
  own `state`. A stale or repeated version gets `error` (code `stale`) and a fresh
  `state`. Refused (`waiting`) unless both seats are connected.
- `{"type": "ping"}` every ~10 s: keeps the seat's presence alive; answered with
  `{"type": "pong", "presence": {...}}`.
- `{"type": "new_round"}`: asks for (or agrees to) a new round; it starts when both
  seats have asked while connected. A request lasts only while its seat is connected:
  a socket that closes withdraws its seat's request (unless a newer tab of the seat
  holds it), and the other seat is sent `consent` with `left`. So the closing page of
  a reload or a network blip takes its request with it (the page says so once back,
  and the player asks again if they still want the round); a request left behind by
  a process that died counts no longer than its seat's presence does.
  `{"type": "decline_round"}` refuses a request.
- `{"type": "sync"}`: resend `state`.

Server → browser
- `state`: `{version, seat, view, status, html, presence, consent, colours,
  deletes_at}`, `view` and `html` for this seat only; `presence` `{"1": bool, "2": bool}`;
  `consent` `{"asked": [seats]}`; `deletes_at` when the room is deleted unless someone
  plays before (Room.deletes_at), ISO 8601 in UTC (`moment`), which the page shows in
  the player's time zone.
- `presence` `{presence}`, `pong`.
- `watchers` `{count, text}` to the seats: how many watch, and the words for it in the
  player's language ("" for none); sent after `hello` and whenever it changes.
- `consent` `{consent, declined, left}`: the requests now; `declined` when a seat
  declined or took back a request, `left` when one was withdrawn because its seat left.
- `replaced`: this seat was opened in another tab; the socket closes (4409). The page
  stops for good and offers to take the seat back (a reload, which replaces the other).
- `seat_moved` `{code, message}`: the seat was taken to another device by its one-time
  link (rooms/online/seat_moves.py); the key is no longer valid, the socket closes (4403) and
  the page stops, saying so. Code `seat_freed`: the admin freed the seat
  (rooms/online/seat_release.py), the same way.
- `closed` `{code, message}`: the room was deleted; the socket closes (4410).
- Fatal errors close the socket too: `unknown_room` (4404), `bad_key` (4403).
  Clients reconnect after any other close.

- `retry` `{code, message}`: the server lost its channel layer (code `retry`, e.g.
  Redis restarted) or its database (code `database_lost`, e.g. PostgreSQL restarting
  or failing over), or every pooled database connection stayed busy past its timeout
  (code `busy`: the server overloaded); the socket closes (4503) and the page
  reconnects at once (with jitter, capped backoff). Whatever
  was committed stays; an action resent against its old version is refused (`stale`).

Limits: text over MAX_MESSAGE_BYTES is refused (`too_large`); a token bucket per
connection (`rate_limited`); binary frames (`binary`); malformed JSON, nesting deeper
than MAX_DEPTH included (`malformed`); a missing or non-string type, or an unknown one
(`unknown_type`); anything before `hello` (`hello_first`). None of them changes a thing.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from http.cookies import SimpleCookie
from typing import Any

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

# The browser's messages, each answered by the consumer's `on_<type>`.
KINDS = frozenset({"hello", "action", "ping", "new_round", "decline_round", "sync"})


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


def read(text_data: str | None) -> dict[str, Any]:
    """A browser's frame as a message of the protocol: an object whose `type` is one of
    KINDS. RoomError for anything else (`binary` for a frame without text, `too_large`,
    `malformed`, `unknown_type`), which then changes nothing."""
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
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in KINDS:  # a missing type is unknown too
        raise RoomError("unknown_type")
    return message


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


def changed(version: int, state_text: str, pushed: dict[str, Any]) -> dict[str, Any]:
    """The event of a committed action, for the other seat's socket (on any process),
    which renders its own view of it; `pushed`: the presence, consents and colours."""
    # The JSON text as written: the layer copies a string, where it would pack and
    # unpack a state's every list and key.
    return {"type": "room.changed", "version": version, "state": state_text, **pushed}


def moment(at: datetime) -> str:
    """A moment as the messages carry it: ISO 8601 in UTC to the second."""
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def consent(asked: list[int], event: dict[str, Any]) -> dict[str, Any]:
    """A `consent`: the requests for a new round now, and why they changed."""
    return {
        "type": "consent",
        "consent": {"asked": asked},
        "declined": bool(event.get("declined")),
        "left": bool(event.get("left")),
    }


def error(refusal: RoomError | IllegalAction, names: Names | None = None) -> dict[str, Any]:
    """An `error`: the refusal's stable code and its message in the player's language,
    the pieces it names said with `names` (Game.names)."""
    return {"type": "error", **describe(refusal, names)}


def encode(message: dict[str, Any]) -> str:
    """A message's text. orjson: two frames an action, each with a board's HTML, took
    json.dumps a tenth of the action's CPU (issue 12). Keys as json.dumps writes them."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
