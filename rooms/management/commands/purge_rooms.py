"""Delete rooms idle for a number of days (no action, join or connection); run it
daily from cron or a systemd timer (docs/deploy.md)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from rooms.models import Room


class Command(BaseCommand):
    help = "Delete online rooms with no activity for --days days (default 7)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days", type=int, default=getattr(settings, "ROOM_IDLE_DAYS", 7), help="idle days"
        )
        parser.add_argument("--dry-run", action="store_true", help="count, delete nothing")

    def handle(self, *args: Any, days: int, dry_run: bool, **options: Any) -> str:
        if dry_run:
            return f"Would purge {Room.objects.idle_for(days).count()} rooms"
        return f"Purged {Room.objects.purge(days)} rooms"
