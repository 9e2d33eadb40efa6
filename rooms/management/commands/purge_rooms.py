"""The site's daily clean-up, four purges in one run (docs/deploy.md: cron or a systemd
timer): the rooms idle for a number of days, no action, join or connection
(`idle_rooms`); the browser saves unplayed for SAVE_IDLE_DAYS (`unplayed_saves`,
rooms.saves); the replays of local games unseen as long as a room may idle
(`unseen_replays`; an online round's replay goes with its room); the reviews whose
replay is gone (`orphan_reviews`)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import QuerySet
from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rooms.admin import game_name
from rooms.models import Replay, Room, idle_limit
from rooms.online import notify
from rooms.reviews import Review
from rooms.saves import SAVE_IDLE_DAYS, BrowserSave


class Command(BaseCommand):
    help = "Delete online rooms with no activity for --days days (default 7)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days", type=int, default=idle_limit().days, help="idle days (ROOM_IDLE_DAYS)"
        )
        parser.add_argument("--dry-run", action="store_true", help="count, delete nothing")

    def handle(self, *args: Any, days: int, dry_run: bool, verbosity: int, **options: Any) -> str:
        # Fewer than one day would purge rooms that are being played in right now.
        if days < 1:
            raise CommandError(_("--days must be 1 or more (got %(days)d).") % {"days": days})
        rooms = Room.objects.idle_for(days)
        if verbosity >= 2:
            for room in rooms.order_by("last_activity"):
                line = _("%(code)s  %(game)s  idle for %(idle)s")
                idle = timesince(room.last_activity)
                self.stdout.write(
                    line % {"code": room.code, "game": game_name(room.game), "idle": idle}
                )
        if dry_run:
            count = rooms.count()
            return ngettext("Would purge %(count)d room", "Would purge %(count)d rooms", count) % {
                "count": count
            }
        summary = [idle_rooms(rooms), unplayed_saves(), unseen_replays(days)]
        orphan_reviews()
        return "; ".join(part for part in summary if part)


# The four purges, each of its own rows; each says what it did ("" for nothing, but the
# rooms' count, which is always said).


def idle_rooms(rooms: QuerySet) -> str:
    """Delete the idle rooms and tell their open pages (rooms.online.notify.purge)."""
    count = notify.purge(rooms)
    return ngettext("Purged %(count)d room", "Purged %(count)d rooms", count) % {"count": count}


def unplayed_saves() -> str:
    """Forget the browser saves unplayed for SAVE_IDLE_DAYS (their newest token)."""
    forgotten = BrowserSave.objects.purge(SAVE_IDLE_DAYS)
    if not forgotten:
        return ""
    return ngettext(
        "forgot %(count)d unplayed browser save",
        "forgot %(count)d unplayed browser saves",
        forgotten,
    ) % {"count": forgotten}


def unseen_replays(days: int) -> str:
    """Forget the replays of games on one device or against the computer, which have no
    room to go with, once unseen for as long as a room may stay idle."""
    replays = Replay.objects.purge(days)
    if not replays:
        return ""
    return ngettext(
        "forgot %(count)d unseen replay",
        "forgot %(count)d unseen replays",
        replays,
    ) % {"count": replays}


def orphan_reviews() -> None:
    """A round's review is kept with its replay (the same round, by its key)."""
    Review.objects.orphans().delete()
