"""Taking a seat to another device (issue 25): the seat's owner asks for a one-time
link (and its QR code); the browser that opens it within MOVE_MINUTES gets a new key
for the seat, and the old key, and the old browser's socket, stop working.

Only the token's hash is stored, as with seat keys (rooms.models.hash_key)."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

import segno
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext

from rooms.models import KEY_BYTES, Seat, SeatMove, hash_key
from rooms.online import notify

MOVE_MINUTES = 10
TOKEN_BYTES = 24  # 192 bits, as a seat key


def start(seat: Seat) -> str:
    """A new one-time token for moving `seat`: the link's secret."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    SeatMove.objects.create(seat=seat, token_hash=hash_key(token))
    return token


def _open(code: str, token: object, now: datetime) -> models.QuerySet[SeatMove]:
    """The move of `token` if it is room `code`'s, unused and younger than MOVE_MINUTES."""
    if not isinstance(token, str) or not token or len(token) > 200:
        return SeatMove.objects.none()
    return SeatMove.objects.filter(
        token_hash=hash_key(token),
        seat__room__code=code,
        used_at__isnull=True,
        created_at__gt=now - timedelta(minutes=MOVE_MINUTES),
    )


def is_open(code: str, token: object, now: datetime | None = None) -> bool:
    return _open(code, token, now or timezone.now()).exists()


def complete(code: str, token: object, now: datetime | None = None) -> tuple[Seat, str] | None:
    """The seat and its new key if `token` is an unused move of room `code`'s seat made
    less than MOVE_MINUTES ago; the seat's old key stops working and its sockets are
    told. None, and nothing changes, for anything else."""
    now = now or timezone.now()
    key = secrets.token_urlsafe(KEY_BYTES)
    with transaction.atomic():
        move = _open(code, token, now).select_for_update().select_related("seat").first()
        if move is None:
            return None
        seat = move.seat
        # Every open move of the seat ends with it: one link may move it, once.
        SeatMove.objects.filter(seat=seat, used_at__isnull=True).update(used_at=now)
        Seat.objects.filter(pk=seat.pk).update(key_hash=hash_key(key))
        transaction.on_commit(lambda: notify.seat_moved(code, seat.number))
    return seat, key


def qr_svg(link: str) -> str:
    """The link's QR code as inline SVG, with a title, large enough for a phone camera."""
    qr = segno.make(link, error="m")
    return qr.svg_inline(
        scale=4,
        omitsize=True,  # a viewBox: the page sizes it (play.css)
        light="#fff",
        title=gettext("QR code of the link"),
        svgclass="play-move-qr",
        lineclass=None,
    )
