"""Sealed tokens: a local or computer game kept in the browser, unreadable and
unforgeable there.

Fernet (AES-CBC + HMAC-SHA256) with a key derived from SECRET_KEY by HKDF with a
purpose string, so that the key is used for nothing else and rotating SECRET_KEY
invalidates saved games cleanly (they read as "cannot be read"). The JSON is not
compressed before encryption on purpose: the player chooses part of the plaintext
(their actions), and compressed lengths would leak the hidden rest. (The round's
record compresses its steps alone, which are public actions: rooms.local.records.)
"""

from __future__ import annotations

import base64
import json
from typing import Any

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.conf import settings

from gamekit.memo import memoized
from rooms.errors import RoomError

# The module's first name, kept: another purpose would unseal no saved game.
PURPOSE = b"rooms.sealing: local and computer game tokens, v1"
MAX_TOKEN_CHARS = 60_000


@memoized("rooms.local.sealing.fernet", 4)
def _fernet(secret: str) -> Fernet:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=PURPOSE).derive(
        secret.encode()
    )
    return Fernet(base64.urlsafe_b64encode(key))


def seal(payload: dict[str, Any]) -> str:
    data = json.dumps(payload, separators=(",", ":")).encode()
    return _fernet(settings.SECRET_KEY).encrypt(data).decode()


def unseal(token: object) -> dict[str, Any]:
    """The payload of a token made by seal(); RoomError('bad_token') for anything else."""
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_CHARS:
        raise RoomError("bad_token")
    try:
        payload = json.loads(_fernet(settings.SECRET_KEY).decrypt(token.encode()))
    except (InvalidToken, ValueError, UnicodeError):
        raise RoomError("bad_token") from None
    if not isinstance(payload, dict):
        raise RoomError("bad_token")
    return payload
