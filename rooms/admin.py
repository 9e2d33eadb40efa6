"""Rooms in the Django admin: read-only, for looking into games and cleaning up.
Seat key hashes are never shown (they are secrets, even hashed).

A room's page leads with a summary read from the engine (status and the spectator's
view, so it is the same for every game and shows nothing secret) and the site's pages of
the room; the raw state is folded away under it, and its newest actions read as the
replay says them (rooms.admin_moves). Purging rooms and freeing a seat ask first, on
a page naming the rooms and who plays in them (rooms.admin_pages)."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.timesince import timesince
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from gamekit.engine import IllegalAction
from rooms import admin_pages, codes, registry, replays
from rooms.admin_moves import move_sentences
from rooms.models import ActionLog, Replay, Room, Seat
from rooms.online import notify, seat_release


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


MOVES_SHOWN = 40  # the newest actions a room's page says in words


class GameFilter(admin.SimpleListFilter):
    """The games by their names (the registry's), not their slugs."""

    title = _("game")
    parameter_name = "game"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list:
        return [(game.slug, game.name) for game in registry.all_games()]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        return queryset.filter(game=self.value()) if self.value() else queryset


_CODE = f"([{codes.ALPHABET}]{{{codes.ROOM_CODE_LENGTH}}})"
# A room's links (the invite, its watch page, a seat's move) and a replay's.
ROOM_LINK = re.compile(f"/r/{_CODE}(?![{codes.ALPHABET}])")
REPLAY_LINK = re.compile(f"/replays/{_CODE}(?![{codes.ALPHABET}])")


def searched_code(term: str) -> str:
    """What to look for of a search: the room's code inside a pasted link to it (or to
    one of its replays); the term itself otherwise."""
    found = ROOM_LINK.search(term)
    if found:
        return found.group(1)
    found = REPLAY_LINK.search(term)
    if found:
        replay = Replay.objects.filter(code=found.group(1)).select_related("room").first()
        if replay is not None and replay.room is not None:
            return replay.room.code
    return term


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
    """The room's newest actions in words (each drawn as its replay step is, some 25 ms a
    board): a round's replay has them all."""

    model = ActionLog
    verbose_name_plural = _("the newest confirmed actions (a round's replay shows them all)")
    fields = ("version", "seat", "move", "created")
    readonly_fields = fields
    extra = 0
    can_delete = False
    ordering = ("-version",)

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        found = super().get_queryset(request)
        room = (request.resolver_match.kwargs if request.resolver_match else {}).get("object_id")
        if room is None or not str(room).isdigit():
            return found
        newest = ActionLog.objects.filter(room_id=room).order_by("-version")[:MOVES_SHOWN]
        return found.filter(pk__in=list(newest.values_list("pk", flat=True)))

    @admin.display(description=_("move"))
    def move(self, entry: ActionLog) -> str:
        # The room's actions are replayed once per page, not once per row.
        sentences = getattr(self, "_sentences", {})
        if entry.room_id not in sentences:
            sentences = self._sentences = {entry.room_id: move_sentences(entry.room, MOVES_SHOWN)}
        return sentences[entry.room_id].get(entry.version, "")

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


def seat_words(room: Room, now: datetime) -> str:
    """Each seat and whether its player is here: "1: connected, 2: free"."""
    words = []
    for seat in sorted(room.seats.all(), key=lambda seat: seat.number):
        if not seat.claimed:
            state = gettext("free")
        elif seat.is_connected(now):
            state = gettext("connected")
        else:
            state = gettext("not connected")
        words.append(f"{seat.number}: {state}")
    return ", ".join(words)


def room_links(room: Room) -> list[tuple[str, str]]:
    """(words, address) of the site's pages of a room an admin may open without taking
    a seat: its watch page once both seats are taken (before, the room's page would
    seat the admin), and each finished round's replay."""
    links = []
    if room.is_full():
        links.append((gettext("Watch this game"), reverse("room_watch", args=[room.code])))
    last = replays.last_finished_round(room)
    rounds = {number for number, _ in replays.finished_rounds(room)}
    for number in sorted(rounds | ({last} if last else set())):
        address = reverse("room_replay", args=[room.code, number])
        links.append((gettext("Replay of round %(number)d") % {"number": number}, address))
    return links


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ("code", "game_name", "seats_connected", "version", "round")
    list_display += ("finished", "idle")
    list_display_links = ("code",)
    list_filter = (GameFilter, IdleFilter, "finished")
    search_fields = ("code",)
    search_help_text = _("An invite code, or a link to the room or to one of its replays.")
    fields = ("summary", "links", "code", "created", "last_activity", "pretty_state")
    readonly_fields = fields
    inlines = (SeatInline, ActionLogInline)
    actions = ("purge_selected", "free_seat_1", "free_seat_2")

    @admin.display(description=_("game"), ordering="game")
    def game_name(self, room: Room) -> str:
        return game_name(room.game)

    @admin.display(description=_("idle for"), ordering="-last_activity")
    def idle(self, room: Room) -> str:
        return timesince(room.last_activity)

    @admin.display(description=_("seats: is the player here?"))
    def seats_connected(self, room: Room) -> str:
        return seat_words(room, timezone.now())

    @admin.display(description=_("summary"))
    def summary(self, room: Room) -> SafeString:
        return format_html(
            '<table class="room-summary">{}</table>',
            format_html_join("", "<tr><th>{}</th><td>{}</td></tr>", room_summary(room)),
        )

    @admin.display(description=_("on the site"))
    def links(self, room: Room) -> SafeString | str:
        found = room_links(room)
        if not found:
            return gettext("No page yet: the game is watched once both seats are taken.")
        return format_html_join(
            " · ", '<a href="{}" target="_blank" rel="noopener">{}</a>', ((a, w) for w, a in found)
        )

    @admin.display(description=_("state"))
    def pretty_state(self, room: Room) -> SafeString:
        return format_html(
            "<details><summary>{}</summary><pre>{}</pre></details>",
            _("The saved state (JSON)"),
            json.dumps(room.state, indent=2, sort_keys=True),
        )

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet, search_term: str
    ) -> tuple[QuerySet, bool]:
        return super().get_search_results(request, queryset, searched_code(search_term.strip()))

    @admin.action(
        description=_("Purge selected rooms (their players are told)"), permissions=["delete"]
    )
    def purge_selected(self, request: HttpRequest, queryset: QuerySet) -> HttpResponse | None:
        if not admin_pages.confirmed(request):
            return admin_pages.confirmation(
                self,
                request,
                queryset,
                "purge_selected",
                title=gettext("Purge rooms"),
                question=gettext(
                    "Purge these rooms? Their games are deleted for good, and whoever is "
                    "playing sees that the room has been closed."
                ),
                button=gettext("Yes, purge them"),
            )
        count = notify.purge(queryset)
        message = ngettext("Purged %(count)d room.", "Purged %(count)d rooms.", count)
        self.message_user(request, message % {"count": count}, messages.SUCCESS)
        return None

    def _free_seat(
        self, request: HttpRequest, queryset: QuerySet, number: int
    ) -> HttpResponse | None:
        if not admin_pages.confirmed(request):
            return admin_pages.confirmation(
                self,
                request,
                queryset,
                f"free_seat_{number}",
                title=gettext("Free seat %(number)d") % {"number": number},
                question=gettext(
                    "Free seat %(number)d of these rooms? Its player loses it for good (an "
                    "open page stops), and whoever next opens the room's invite link takes it."
                )
                % {"number": number},
                button=gettext("Yes, free it"),
            )
        count = len(seat_release.free(queryset, number))
        message = ngettext(
            "Freed seat %(number)d in %(count)d room.",
            "Freed seat %(number)d in %(count)d rooms.",
            count,
        )
        self.message_user(request, message % {"number": number, "count": count}, messages.SUCCESS)
        return None

    @admin.action(
        description=_("Free seat 1 (its player is gone for good)"), permissions=["delete"]
    )
    def free_seat_1(self, request: HttpRequest, queryset: QuerySet) -> HttpResponse | None:
        return self._free_seat(request, queryset, 1)

    @admin.action(
        description=_("Free seat 2 (its player is gone for good)"), permissions=["delete"]
    )
    def free_seat_2(self, request: HttpRequest, queryset: QuerySet) -> HttpResponse | None:
        return self._free_seat(request, queryset, 2)

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
