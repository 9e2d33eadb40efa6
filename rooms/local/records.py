"""The round's record in a sealed token (issue 25): the state as dealt and every action
since (the human's and the computer's), for the round's replay (rooms.replays).

In the payload, `record` is {"start": <state as dealt>, "steps": <text>, "cut": bool}.
The steps are kept zlib-compressed (base64): a tile rummy play carries the whole table,
so a long round's steps are hundreds of kilobytes as JSON and a few dozen compressed.
Compression is safe here, unlike for the whole payload (rooms.local.sealing): the steps
are actions already made, all public to the player, so their compressed length tells
nothing hidden; the dealt state, which is secret, is not compressed.

The record stops (`cut`) at gamekit.replay.MAX_STEPS actions, or earlier when the
compressed steps would pass STEPS_CHARS, so that a token stays under the sealing cap.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from gamekit.engine import Action, IllegalAction, Seat
from gamekit.replay import MAX_STEPS, Record
from rooms.errors import RoomError

# The compressed steps' most characters: with the state (a few kilobytes) and Fernet's
# base64 (4/3), a token stays well under rooms.local.sealing.MAX_TOKEN_CHARS (60,000).
STEPS_CHARS = 30_000


def begin(start: dict[str, Any]) -> dict[str, Any]:
    """A new round's record: the state as dealt, no steps yet."""
    return {"start": start, "steps": _pack([]), "cut": False}


def add(record: Any, made: list[tuple[Seat, Action]]) -> Any:
    """`record` with the actions `made`; unchanged when there is no record (a token
    from before records: its round has no replay) or when it is already cut."""
    if not isinstance(record, dict) or record.get("cut") or not made:
        return record
    steps = _unpack(record.get("steps"))
    cut = False
    for seat, action in made:
        if len(steps) >= MAX_STEPS:
            cut = True
            break
        steps.append([seat, action])
    packed = _pack(steps)
    while len(packed) > STEPS_CHARS:  # rare: drop the newest until it fits
        cut = True
        steps = steps[: len(steps) * 9 // 10]
        packed = _pack(steps)
    return {"start": record["start"], "steps": packed, "cut": cut}


def read(record: Any) -> Record:
    """The Record a token keeps; RoomError("bad_replay") when there is none or it is
    damaged."""
    if not isinstance(record, dict):
        raise RoomError("no_replay")
    try:
        steps = _unpack(record.get("steps"))
        return Record.from_json(
            {"start": record.get("start"), "steps": steps, "cut": record.get("cut")}
        )
    except (IllegalAction, RoomError):
        raise RoomError("bad_replay") from None


def _pack(steps: list[list[Any]]) -> str:
    text = json.dumps(steps, separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(text, 9)).decode("ascii")


def _unpack(packed: Any) -> list[list[Any]]:
    if not isinstance(packed, str):
        raise RoomError("bad_replay")
    try:
        steps = json.loads(zlib.decompress(base64.b64decode(packed, validate=True)))
    except (ValueError, zlib.error):
        raise RoomError("bad_replay") from None
    if not isinstance(steps, list):
        raise RoomError("bad_replay")
    return steps
