"""Rooms in the Django admin: read-only, for looking into games and cleaning up.
Seat key hashes are never shown (they are secrets, even hashed)."""

from __future__ import annotations

import json
from datetime import timedelta

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from rooms import presence
from rooms.models import ActionLog, Room, Seat


class IdleFilter(admin.SimpleListFilter):
    title = _("idle for")
    parameter_name = "idle"
    periods = {"1": _("a day or more"), "3": _("3 days or more"), "7": _("7 days or more")}

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list:
        return list(self.periods.items())

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() in self.periods:
            return queryset.idle(timezone.now() - timedelta(days=int(self.value())))
        return queryset


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ("number", "colour", "claimed", "connected", "heartbeat_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    @admin.display(boolean=True, description=_("claimed"))
    def claimed(self, seat: Seat) -> bool:
        return seat.claimed

    @admin.display(boolean=True, description=_("connected"))
    def connected(self, seat: Seat) -> bool:
        return seat.connected

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class ActionLogInline(admin.TabularInline):
    model = ActionLog
    fields = ("version", "seat", "action", "created")
    readonly_fields = fields
    extra = 0
    can_delete = False
    ordering = ("-version",)

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ("code", "game", "seats_connected", "version", "round", "finished")
    list_display += ("last_activity",)
    list_filter = ("game", IdleFilter, "finished")
    search_fields = ("code",)
    fields = ("game", "code", "version", "round", "finished", "created")
    fields += ("last_activity", "pretty_state")
    readonly_fields = fields
    inlines = (SeatInline, ActionLogInline)
    actions = ("purge_selected",)

    @admin.display(description=_("seats (connected)"))
    def seats_connected(self, room: Room) -> str:
        now = timezone.now()
        return format_html_join(
            " ",
            "{}{}",
            (
                (seat.number, "✓" if presence.is_connected(seat, now) else "·")
                for seat in room.seats.all()
            ),
        )

    @admin.display(description=_("state"))
    def pretty_state(self, room: Room) -> str:
        return format_html("<pre>{}</pre>", json.dumps(room.state, indent=2, sort_keys=True))

    @admin.action(
        description=_("Purge selected rooms (their players are told)"), permissions=["delete"]
    )
    def purge_selected(self, request: HttpRequest, queryset: QuerySet) -> None:
        count = queryset.purge_now()
        message = ngettext("Purged %(count)d room.", "Purged %(count)d rooms.", count)
        self.message_user(request, message % {"count": count}, messages.SUCCESS)

    def get_actions(self, request: HttpRequest) -> dict:
        # Purging does what deleting does, and also tells the open pages.
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def delete_model(self, request: HttpRequest, obj: Room) -> None:
        Room.objects.filter(pk=obj.pk).purge_now()

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).prefetch_related("seats")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
