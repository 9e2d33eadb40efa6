"""Delete rooms idle for a number of days (no action, join or connection), and forget
the versions of browser saves unplayed for SAVE_IDLE_DAYS (rooms.saves) and the
replays of local games unseen as long (an online round's replay goes with its room); run it
daily from cron or a systemd timer (docs/deploy.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
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
        count = notify.purge(rooms)
        summary = ngettext("Purged %(count)d room", "Purged %(count)d rooms", count) % {
            "count": count
        }
        forgotten = BrowserSave.objects.purge(SAVE_IDLE_DAYS)
        if forgotten:
            summary += "; " + ngettext(
                "forgot %(count)d unplayed browser save",
                "forgot %(count)d unplayed browser saves",
                forgotten,
            ) % {"count": forgotten}
        # A replay of a game on one device or against the computer has no room to go
        # with: it goes once unseen for as long as a room may stay idle.
        replays = Replay.objects.purge(days)
        if replays:
            summary += "; " + ngettext(
                "forgot %(count)d unseen replay",
                "forgot %(count)d unseen replays",
                replays,
            ) % {"count": replays}
        # A round's review is kept with its replay (the same round, by its key).
        Review.objects.orphans().delete()
        return summary
