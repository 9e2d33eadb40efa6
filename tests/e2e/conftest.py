"""Browser tests: Playwright (sync API) driving Debian's Chromium against a real daphne.

The server runs in its own process with its own database, so these tests never use
pytest-django's `db` fixture: SQLite gets a temporary file, PostgreSQL (DATABASE_URL,
as in CI) a separate database named <name>_e2e, created and dropped here.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
DAPHNE = Path(sys.executable).with_name("daphne")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing: apt-get install chromium")
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(skip)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for_port(port: int, process: subprocess.Popen[bytes], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"daphne did not answer on port {port} within {seconds} s")


class _PostgresDatabase:
    """A throwaway database next to the one DATABASE_URL names."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.name = parts.path.lstrip("/") + "_e2e"
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
def live_server_url() -> Iterator[str]:
    """A daphne process serving the site, with a migrated database of its own."""
    port = _free_port()
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "e2e-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "STATIC_MANIFEST": "0",
        "SECURE_SSL_REDIRECT": "0",
        "PYTHONUNBUFFERED": "1",
    }
    postgres = None
    with tempfile.TemporaryDirectory(prefix="e2e-") as folder:
        if os.environ.get("DATABASE_URL", "").startswith("postgres"):
            postgres = _PostgresDatabase(os.environ["DATABASE_URL"])
            postgres.create()
            env["DATABASE_URL"] = postgres.url
        else:
            env["DATABASE_URL"] = f"sqlite:///{folder}/e2e.sqlite3"
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        log = open(Path(folder) / "daphne.log", "wb")  # noqa: SIM115 - open for the whole session
        process = subprocess.Popen(
            [str(DAPHNE), "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            _wait_for_port(port, process)
            yield f"http://127.0.0.1:{port}"
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
            log.close()
            output = (Path(folder) / "daphne.log").read_text(errors="replace")
            if "Traceback" in output:  # shown with the test report, to say what broke
                print("\n--- daphne log (e2e server) ---\n" + output[-5000:])
            if postgres is not None:
                postgres.drop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser: object, live_server_url: str) -> Iterator[object]:
    """new_page(**context_options) -> a page of a fresh browser context (own storage)."""
    contexts = []

    def make(**options: object) -> object:
        options.setdefault("viewport", {"width": 1100, "height": 900})
        context = browser.new_context(base_url=live_server_url, **options)  # type: ignore[attr-defined]
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
