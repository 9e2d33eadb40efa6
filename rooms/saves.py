"""The newest version of each game kept in a browser (one device or the computer).

The game itself travels in the sealed token (rooms.local.play); this row only says
which token is the newest. A token carries its save's key and version, and a move, a
level change, a new game or a page opening the save makes the next version, here,
compare-and-set: a token from before it (another tab, a copy kept aside to take a move
back) is refused with "stale_save", as an online action against an old room version
is. The row also keeps the newest token, so that a page whose answer was lost (a
reload while the computer thought) picks up the current game instead of being stuck.

Imported by rooms.models (Django finds models there). A token whose row is gone (purged
after SAVE_IDLE_DAYS unplayed) or from before saves had keys starts its row again.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import IntegrityError, models, transaction
from django.utils import timezone

from rooms.errors import RoomError

SAVE_IDLE_DAYS = 60


class BrowserSaveQuerySet(models.QuerySet):
    def newest_token(self, key: str, version: int) -> str | None:
        """The newest token of the save `key` when it is newer than `version`."""
        row = self.filter(key=key).values_list("version", "token").first()
        return row[1] if row and row[0] > version else None

    def check_current(self, key: str, version: int) -> None:
        """RoomError("stale_save") unless `version` is the save's newest (or unknown)."""
        current = self.filter(key=key).values_list("version", flat=True).first()
        if current is not None and current != version:
            raise RoomError("stale_save")

    def advance(self, key: str, version: int, token: str) -> None:
        """Make `token` (version + 1) the newest of the save `key`, if `version` is still
        the newest: RoomError("stale_save") when another request got there first."""
        if self.filter(key=key, version=version).update(
            version=version + 1, token=token, updated=timezone.now()
        ):
            return
        if self.filter(key=key).exists():
            raise RoomError("stale_save")
        try:
            with transaction.atomic():
                self.create(key=key, version=version + 1, token=token)
        except IntegrityError:  # another request started the row in between
            raise RoomError("stale_save") from None

    def forget(self, key: str) -> None:
        """Forget the save `key` on the server (its newest token): its browser forgot it."""
        self.filter(key=key).delete()

    def purge(self, days: int = SAVE_IDLE_DAYS) -> int:
        """Forget saves unplayed for `days` days; the number forgotten."""
        return self.filter(updated__lt=timezone.now() - timedelta(days=days)).delete()[0]


class BrowserSave(models.Model):
    key = models.CharField(max_length=32, unique=True)
    version = models.PositiveIntegerField(default=0)
    token = models.TextField()
    updated = models.DateTimeField(default=timezone.now, db_index=True)

    objects = BrowserSaveQuerySet.as_manager()

    class Meta:
        app_label = "rooms"

    def __str__(self) -> str:
        return f"{self.key} v{self.version}"
