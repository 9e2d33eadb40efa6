"""The e2e server's own database in this process's ORM, under an alias of its own: a test
writes its rows there the same way on SQLite and PostgreSQL, and the server's pages,
reloaded, show them. The conftest's `live_db` fixture is a LiveDatabase; a test calls
`live_db.run(set_room_position, code, state)`. Only a test does this."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

ALIAS = "e2e_server"


class LiveDatabase:
    """The database at `database_url` (as DATABASE_URL spells it) as the alias ALIAS,
    used from a thread of its own: Playwright's sync API keeps an event loop running in
    the main thread, where Django refuses database calls. pytest-django's `blocker`
    (django_db_blocker) lets these calls through, and only these: the test database is
    its `db` fixture's."""

    def __init__(self, database_url: str, blocker: Any) -> None:
        import dj_database_url
        from django.db import connections

        connections.settings[ALIAS] = dj_database_url.parse(database_url)
        connections.configure_settings(connections.settings)  # Django's defaults for the rest
        self._blocker = blocker
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="e2e-database")

    def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """function(ALIAS, *args) on the database's thread, in one transaction."""

        def call() -> Any:
            from django.db import transaction

            with self._blocker.unblock(), transaction.atomic(using=ALIAS):
                return function(ALIAS, *args)

        return self._thread.submit(call).result(timeout=60)

    def close(self) -> None:
        """Close the connection (PostgreSQL's database is dropped after) and forget the alias."""
        from django.db import connections

        def close() -> None:  # the thread's own connection: each thread has its own
            with self._blocker.unblock():
                connections[ALIAS].close()

        self._thread.submit(close).result(timeout=60)
        self._thread.shutdown()
        del connections.settings[ALIAS]


def set_room_position(using: str, code: str, state: dict[str, Any]) -> None:
    """Put an online room at a chosen position, as a new version (the pages then reload
    to see it)."""
    from django.db.models import F

    from rooms.models import Room

    Room.objects.using(using).filter(code=code).update(state=state, version=F("version") + 1)


def insert_replay(using: str, code: str, record: Any, game: str) -> None:
    """A finished round's replay, against the computer, at /replays/<code>/."""
    from rooms.models import Replay

    Replay.objects.using(using).create(
        code=code, key=code.ljust(64, "0"), game=game, mode="computer", record=record.to_json()
    )
