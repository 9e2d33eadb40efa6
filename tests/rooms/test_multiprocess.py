"""Two daphne processes sharing Redis and PostgreSQL: one seat on each, tabs replaced
across processes, and a process killed with SIGKILL mid-game without losing a move.

Runs only with the real services (REDIS_URL set, PostgreSQL as the database), as CI
does; the daphne processes use the test database that pytest-django created.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Iterator

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection

from rooms.models import ActionLog, Room
from tests.live_server import DaphneProcess, server_env
from tests.rooms.wsclient import make_room_sync

websockets = pytest.importorskip("websockets.asyncio.client")

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (Redis)"),
]


def database_url() -> str:
    db = settings.DATABASES["default"]
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "127.0.0.1"
    return f"postgres://{db['USER']}{password}@{host}:{db.get('PORT') or 5432}/{db['NAME']}"


def start_server() -> DaphneProcess:
    """One daphne process on its own port, serving the site plus the counter game."""
    env = server_env(
        database_url(),
        settings.SECRET_KEY,
        settings_module="tests.counter_game.settings",
        LOG_LEVEL="WARNING",
    )
    return DaphneProcess(env, seconds=20)


@pytest.fixture
def two_servers() -> Iterator[tuple[DaphneProcess, DaphneProcess]]:
    if connection.vendor != "postgresql":
        pytest.skip("the daphne processes need a shared database server (PostgreSQL)")
    servers = (start_server(), start_server())
    yield servers
    for server in servers:
        server.stop()


class Page:
    """A browser page's socket: hello with the seat key, then messages by type."""

    def __init__(self, server: DaphneProcess, code: str, key: str) -> None:
        self.server, self.code, self.key = server, code, key
        self.socket = None
        self.state: dict = {}

    async def open(self) -> Page:
        url = f"ws://127.0.0.1:{self.server.port}/ws/rooms/{self.code}/"
        self.socket = await websockets.connect(url, origin=self.server.url)
        await self.socket.send(json.dumps({"type": "hello", "key": self.key}))
        await self.next("state")
        return self

    async def next(self, kind: str, timeout: float = 10) -> dict:
        while True:
            message = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
            if message["type"] == "state":
                self.state = message
            if message["type"] == kind:
                return message

    async def until_both_here(self) -> None:
        while not all(self.state.get("presence", {}).values()):
            message = await self.next("presence")
            self.state["presence"] = message["presence"]

    async def act(self, amount: int) -> None:
        version = self.state["version"]
        await self.socket.send(
            json.dumps(
                {"type": "action", "version": version, "action": {"type": "add", "amount": amount}}
            )
        )

    async def close(self) -> None:
        await self.socket.close()


async def play_one(pages: dict[int, Page]) -> dict:
    """The seat to move adds 1; both pages receive the new state. The mover's state."""
    turn = pages[1].state["status"]["turn"]
    await pages[turn].act(1)
    state = await pages[turn].next("state")
    other = await pages[3 - turn].next("state")
    assert other["version"] == state["version"]
    assert other["view"]["secret"] != state["view"]["secret"] or other["seat"] == state["seat"]
    return state


async def test_two_processes_play_replace_tabs_and_survive_a_killed_process(two_servers):
    first, second = two_servers
    code, host_key, guest_key = await database_sync_to_async(make_room_sync)()

    # One seat on each process.
    host = await Page(first, code, host_key).open()
    guest = await Page(second, code, guest_key).open()
    await host.until_both_here()
    pages = {1: host, 2: guest}
    for _ in range(4):
        state = await play_one(pages)
    assert state["view"]["total"] == 4

    # A second tab on the other process replaces the first.
    host_again = await Page(second, code, host_key).open()
    assert (await host.next("replaced"))["type"] == "replaced"
    guest_again = await Page(first, code, guest_key).open()
    assert (await guest.next("replaced"))["type"] == "replaced"
    pages = {1: host_again, 2: guest_again}
    await host_again.until_both_here()
    await guest_again.until_both_here()
    for _ in range(3):
        state = await play_one(pages)
    confirmed = state["version"]

    # SIGKILL the process that holds seat 2; it comes back on the other one.
    first.kill()
    guest_back = await Page(second, code, guest_key).open()
    assert guest_back.state["version"] == confirmed
    assert guest_back.state["view"]["total"] == 7
    pages = {1: host_again, 2: guest_back}
    while host_again.state["version"] < confirmed or not all(host_again.state["presence"].values()):
        message = await host_again.next("presence")
        host_again.state["presence"] = message["presence"]

    while not state["status"]["over"]:
        state = await play_one(pages)

    room = await database_sync_to_async(Room.objects.get)(code=code)
    actions = await database_sync_to_async(ActionLog.objects.filter(room=room).count)()
    assert room.finished
    assert room.state["total"] == 21
    assert actions == room.version == 21
    for page in (host_again, guest_back):
        await page.close()


async def test_sockets_left_idle_for_30_seconds_stay_open_and_still_get_pushes(two_servers):
    first, second = two_servers
    code, host_key, guest_key = await database_sync_to_async(make_room_sync)()
    host = await Page(first, code, host_key).open()
    guest = await Page(second, code, guest_key).open()
    await host.until_both_here()

    # Longer than every timeout of the layer and its Redis client (5 s, 15 s).
    await asyncio.sleep(30)
    for page in (host, guest):
        # Still open, and nothing but presence news (and the watchers count) arrived.
        assert page.socket.close_code is None
        kinds = set()
        with contextlib.suppress(TimeoutError):
            while True:
                kinds.add(json.loads(await asyncio.wait_for(page.socket.recv(), 0.2))["type"])
        assert kinds <= {"presence", "watchers"}  # watchers: the count sent after hello
        await page.socket.send(json.dumps({"type": "ping"}))
        await page.next("pong")
    state = await play_one({1: host, 2: guest})

    assert state["version"] == 1
    for page in (host, guest):
        assert page.socket.close_code is None
        await page.close()
