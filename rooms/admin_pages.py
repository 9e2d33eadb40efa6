"""The admin's confirmation pages for what cannot be undone (issue 55): purging rooms
and freeing a seat. As Django's own delete action (django.contrib.admin.actions
.delete_selected): the action's first POST answers a page naming each room and whether
anyone is playing in it; only its form, posted back with "post", does the deed."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib import admin
from django.contrib.admin import helpers
from django.db.models import Max, QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from gamekit.seats import SEATS
from rooms import registry
from rooms.models import Room


@dataclass(frozen=True)
class RoomRow:
    """What the confirmation page says of one room."""

    room: Room
    game: str
    taken: list[int]  # the seats claimed
    connected: list[int]  # the seats connected now
    last_move: datetime | None

    @property
    def playing(self) -> bool:
        return bool(self.connected)

    @property
    def seats_taken(self) -> str:
        taken = _("%(taken)d of %(all)d") % {"taken": len(self.taken), "all": len(SEATS)}
        return f"{taken} ({_seats(self.taken)})" if self.taken else taken

    @property
    def connected_now(self) -> str:
        return _seats(self.connected) if self.connected else _("nobody")


def _seats(numbers: list[int]) -> str:
    return ", ".join(_("seat %(number)d") % {"number": number} for number in numbers)


def room_rows(rooms: QuerySet) -> list[RoomRow]:
    now = timezone.now()
    rooms = rooms.prefetch_related("seats").annotate(last_move=Max("actions__created"))
    rows = []
    for room in rooms:
        game = registry.get(room.game)
        seats = sorted(room.seats.all(), key=lambda seat: seat.number)
        rows.append(
            RoomRow(
                room=room,
                game=str(game.name) if game else room.game,
                taken=[seat.number for seat in seats if seat.claimed],
                connected=[seat.number for seat in seats if seat.is_connected(now)],
                last_move=room.last_move,
            )
        )
    return rows


def confirmed(request: HttpRequest) -> bool:
    """Whether the action's POST is the confirmation page's (its "post" field)."""
    return bool(request.POST.get("post"))


def confirmation(
    model_admin: admin.ModelAdmin,
    request: HttpRequest,
    rooms: QuerySet,
    action: str,
    title: str,
    question: str,
    button: str,
) -> TemplateResponse:
    """The page asking to confirm `action` on `rooms`: its form posts the action back
    with the same rooms and "post"; Cancel returns to the list."""
    rows = room_rows(rooms)
    opts = model_admin.model._meta
    context = {
        **model_admin.admin_site.each_context(request),
        "title": title,
        "subtitle": None,
        "question": question,
        "button": button,
        "action": action,
        "rows": rows,
        "playing": sum(row.playing for row in rows),
        "opts": opts,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        "media": model_admin.media,
    }
    request.current_app = model_admin.admin_site.name
    return TemplateResponse(request, "admin/rooms/room/confirm_action.html", context)
