"""Freeing a seat whose player is gone for good (the admin's "Free seat 1/2", issue 55):
its key stops working, its open move links too, and whoever next opens the room's
invite link takes it (Room.claim_free_seat). Its open sockets are told that the seat
is no longer theirs and stop, as when a seat moves (rooms.online.seat_moves)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from rooms.models import Seat, SeatMove
from rooms.online import notify


def free(rooms: QuerySet, number: int) -> list[str]:
    """Free seat `number` of these rooms where it is taken; the codes of those rooms."""
    with transaction.atomic():
        seats = Seat.objects.select_for_update().filter(room__in=rooms, number=number)
        taken = list(seats.exclude(key_hash="").values_list("pk", "room__code"))
        pks = [pk for pk, _ in taken]
        SeatMove.objects.filter(seat__in=pks, used_at__isnull=True).update(used_at=timezone.now())
        Seat.objects.filter(pk__in=pks).update(
            key_hash="", claimed_at=None, channel_name="", heartbeat_at=None
        )
        codes = [code for _, code in taken]
        transaction.on_commit(lambda: _tell(codes, number))
    return codes


def _tell(codes: list[str], number: int) -> None:
    for code in codes:
        notify.seat_freed(code, number)
