"""Rooms in the Django admin: read-only, for looking into games and cleaning up.
Seat key hashes are never shown (they are secrets, even hashed).

A room's page leads with a summary read from the engine (status and the spectator's
view, so it is the same for every game and shows nothing secret); the raw state is
folded away under it."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.timesince import timesince
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from gamekit.engine import IllegalAction
from rooms import registry
from rooms.models import ActionLog, Room, Seat
from rooms.online import notify


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


def game_name(slug: str) -> str:
    game = registry.get(slug)
    return str(game.name) if game else slug


def _counts(game: registry.Game | None, view: dict) -> list[tuple[str, str]]:
    """The counts the game names (Game.counts), each a number or a number per seat."""
    found = []
    for key, label in (game.counts if game else {}).items():
        value = view.get(key)
        if isinstance(value, dict):
            per_seat = ", ".join(f"{seat}: {count}" for seat, count in sorted(value.items()))
            found.append((label, per_seat))
        elif value is not None:
            found.append((label, str(value)))
    return found


def room_summary(room: Room, now: datetime | None = None) -> list[tuple[str, str]]:
    """(label, text) rows that say where a room's game stands."""
    now = now or timezone.now()
    seats = sorted(room.seats.all(), key=lambda seat: seat.number)
    rows = [(_("game"), game_name(room.game))]
    for seat in seats:
        claimed = _("claimed") if seat.claimed else _("free")
        here = _("connected") if seat.is_connected(now) else _("not connected")
        rows.append(
            (_("seat %(number)d") % {"number": seat.number}, f"{seat.colour}, {claimed}, {here}")
        )
    rows += [(_("round"), str(room.round)), (_("version"), str(room.version))]
    try:
        state = room.game_state()
        status, view = room.engine.status(state), room.engine.view(state, None) or {}
    except (IllegalAction, AssertionError):
        return [*rows, (_("state"), _("cannot be read"))]
    if status["over"]:
        winner = status["winner"]
        outcome = _("seat %(number)d won") % {"number": winner} if winner else _("a draw")
        scores = ", ".join(
            f"{seat}: {score}" for seat, score in sorted((status["scores"] or {}).items())
        )
        rows.append((_("game over"), f"{outcome} ({scores})" if scores else str(outcome)))
    else:
        rows.append((_("to play"), _("seat %(number)d") % {"number": status["turn"]}))
    return rows + _counts(registry.get(room.game), view)


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    # Short columns, so that the list fits a 1280 px screen beside the admin's sidebars.
    list_display = ("short_code", "game_name", "seats_connected", "version", "round")
    list_display += ("finished", "idle")
    list_display_links = ("short_code",)
    list_filter = ("game", IdleFilter, "finished")
    search_fields = ("code",)
    fields = ("summary", "code", "created", "last_activity", "pretty_state")
    readonly_fields = fields
    inlines = (SeatInline, ActionLogInline)
    actions = ("purge_selected",)

    @admin.display(description=_("invite code"), ordering="code")
    def short_code(self, room: Room) -> str:
        return f"{room.code[:10]}…"

    @admin.display(description=_("game"), ordering="game")
    def game_name(self, room: Room) -> str:
        return game_name(room.game)

    @admin.display(description=_("idle for"), ordering="-last_activity")
    def idle(self, room: Room) -> str:
        return timesince(room.last_activity)

    @admin.display(description=_("seats (connected)"))
    def seats_connected(self, room: Room) -> str:
        now = timezone.now()
        return format_html_join(
            " ",
            "{}{}",
            ((seat.number, "✓" if seat.is_connected(now) else "·") for seat in room.seats.all()),
        )

    @admin.display(description=_("summary"))
    def summary(self, room: Room) -> SafeString:
        return format_html(
            '<table class="room-summary">{}</table>',
            format_html_join("", "<tr><th>{}</th><td>{}</td></tr>", room_summary(room)),
        )

    @admin.display(description=_("state"))
    def pretty_state(self, room: Room) -> SafeString:
        return format_html(
            "<details><summary>{}</summary><pre>{}</pre></details>",
            _("The saved state (JSON)"),
            json.dumps(room.state, indent=2, sort_keys=True),
        )

    @admin.action(
        description=_("Purge selected rooms (their players are told)"), permissions=["delete"]
    )
    def purge_selected(self, request: HttpRequest, queryset: QuerySet) -> None:
        count = notify.purge(queryset)
        message = ngettext("Purged %(count)d room.", "Purged %(count)d rooms.", count)
        self.message_user(request, message % {"count": count}, messages.SUCCESS)

    def get_actions(self, request: HttpRequest) -> dict:
        # Purging does what deleting does, and also tells the open pages.
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def delete_model(self, request: HttpRequest, obj: Room) -> None:
        notify.purge(Room.objects.filter(pk=obj.pk))

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).prefetch_related("seats")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
