"""Browser tests: Playwright (sync API) driving Debian's Chromium against a real daphne.

The server runs in its own process with its own database, so these tests never use
pytest-django's `db` fixture: SQLite gets a temporary file, PostgreSQL (DATABASE_URL,
as in CI) a separate database named <name>_e2e, created and dropped here. A test that
needs rows of its own there writes them through the ORM, with `live_db`.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.e2e import live_database
from tests.live_server import DaphneProcess, migrate, server_env
from tests.workers import worker_number

CHROMIUM = Path("/usr/bin/chromium")
# The e2e server's SECRET_KEY: a test may seal a game position for it (rooms.local.sealing).
E2E_SECRET_KEY = "e2e-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing: apt-get install chromium")
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(skip)


class _PostgresDatabase:
    """A throwaway database next to the one DATABASE_URL names."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        # One per xdist worker (tests/workers.py), as pytest-django's test databases.
        self.name = f"{parts.path.lstrip('/')}_e2e{worker_number() or ''}"
        self.url = urlunsplit(parts._replace(path="/" + self.name))
        self.admin_url = urlunsplit(parts._replace(path="/postgres"))

    def _execute(self, statement: str) -> None:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as connection:
            connection.execute(statement)

    def create(self) -> None:
        self.drop()
        self._execute(f'CREATE DATABASE "{self.name}"')

    def drop(self) -> None:
        self._execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def live_database_url() -> Iterator[str]:
    """The e2e server's own database (a test writes rows there with `live_db`)."""
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        postgres = _PostgresDatabase(os.environ["DATABASE_URL"])
        postgres.create()
        try:
            yield postgres.url
        finally:
            postgres.drop()
    else:
        with tempfile.TemporaryDirectory(prefix="e2e-db-") as folder:
            yield f"sqlite:///{folder}/e2e.sqlite3"


@pytest.fixture(scope="session")
def live_server_url(live_database_url: str) -> Iterator[str]:
    """A daphne process serving the site, with a migrated database of its own."""
    with tempfile.TemporaryDirectory(prefix="e2e-") as folder:
        env = server_env(
            live_database_url,
            E2E_SECRET_KEY,
            PYTHONUNBUFFERED="1",
        )
        migrate(env)
        log = open(Path(folder) / "daphne.log", "wb")  # noqa: SIM115 - open for the whole session
        server = None
        try:
            server = DaphneProcess(env, log=log, seconds=30)
            yield server.url
        finally:
            if server is not None:
                server.stop(seconds=10)
            log.close()
            output = (Path(folder) / "daphne.log").read_text(errors="replace")
            if "Traceback" in output:  # shown with the test report, to say what broke
                print("\n--- daphne log (e2e server) ---\n" + output[-5000:])


@pytest.fixture(scope="session")
def live_db(
    live_database_url: str, live_server_url: str, django_db_blocker
) -> Iterator[live_database.LiveDatabase]:
    """The e2e server's (migrated) database in this process's ORM:
    `live_db.run(function, ...)` calls function(alias, ...), on SQLite and PostgreSQL alike."""
    database = live_database.LiveDatabase(live_database_url, django_db_blocker)
    yield database
    database.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def new_page(
    browser: object, live_server_url: str, request: pytest.FixtureRequest
) -> Iterator[object]:
    """new_page(**context_options) -> a page of a fresh browser context (own storage).

    With prefers-reduced-motion unless the test is marked `motion`: the pieces' travel
    (motion.js) has tests of its own in every mode (test_motion.py) and the flows most
    likely to meet it (a tap right after a move, a lesson, touch and drag) are marked;
    elsewhere each move's travel cost a software-drawn second of frames and waits."""
    contexts = []
    motion = request.node.get_closest_marker("motion") is not None

    def make(**options: object) -> object:
        options.setdefault("viewport", {"width": 1100, "height": 900})
        options.setdefault("reduced_motion", "no-preference" if motion else "reduce")
        context = browser.new_context(base_url=live_server_url, **options)  # type: ignore[attr-defined]
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
