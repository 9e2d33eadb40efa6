"""The shape of the codes in the site's addresses: room invite codes, replay codes and
seat-move tokens are `secrets.token_urlsafe` strings of a fixed length (the alphabet
A-Z a-z 0-9 _ -). A route takes a code only in that shape, so anything else (a NUL
byte, a control character, a long string) is a 404 before any query: PostgreSQL
refused NUL in a text parameter, which answered 500 (issue 42).
"""

from __future__ import annotations

import re

ALPHABET = "A-Za-z0-9_-"
ROOM_CODE_LENGTH = 24  # token_urlsafe(18): rooms.models.CODE_BYTES, rooms.replays.CODE_BYTES
TOKEN_LENGTH = 32  # token_urlsafe(24): rooms.online.seat_moves.TOKEN_BYTES

_ROOM_CODE = re.compile(f"[{ALPHABET}]{{{ROOM_CODE_LENGTH}}}")


def is_room_code(text: object) -> bool:
    """Whether `text` has the shape of a room's (or a replay's) code."""
    return isinstance(text, str) and _ROOM_CODE.fullmatch(text) is not None


class Code:
    """Path converter `<code:…>`: a room's or a replay's code."""

    regex = f"[{ALPHABET}]{{{ROOM_CODE_LENGTH}}}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class Token(Code):
    """Path converter `<token:…>`: a seat move's one-time token."""

    regex = f"[{ALPHABET}]{{{TOKEN_LENGTH}}}"
