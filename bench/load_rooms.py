"""The clients of bench/ws_load.py: a page is one socket whose reader timestamps every
message as it arrives; a room is two pages, a game room (tile rummy, the seat to move
draws or passes) or a relay room (bench/relay.py, the floor the game is compared with)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time

import websockets

from bench.load_report import Tally
from tests.live_server import HOST, DaphneProcess

TIMEOUT = 60  # seconds a client waits for an answer before counting a timeout
PING_SECONDS = 10


class Refused(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class Page:
    """One socket: a reader task timestamps every message as it arrives."""

    def __init__(self, tally: Tally, game: bool) -> None:
        self.tally, self.game = tally, game
        self.inbox: asyncio.Queue[tuple[float, dict]] = asyncio.Queue()
        self.tasks: list[asyncio.Task] = []
        # Set once both seats were seen present; `closing` once the room closes.
        self.both_seen = self.closing = False

    async def open(self, url: str, origin: str) -> Page:
        for attempt in range(5):
            try:
                self.socket = await websockets.connect(
                    url, origin=origin, open_timeout=30, max_size=2**22, ping_interval=None
                )
                break
            except (OSError, TimeoutError, websockets.InvalidHandshake):
                if attempt == 4:
                    raise
                await asyncio.sleep(0.5 + random.random())
        self.tasks.append(asyncio.create_task(self.read()))
        if self.game:
            self.tasks.append(asyncio.create_task(self.ping()))
        return self

    async def read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for text in self.socket:
                message = json.loads(text)
                gone = self.game and not all(message.get("presence", {}).values())
                if gone and self.both_seen and not self.closing:
                    self.tally.gone += 1
                    if self.tally.counting:
                        self.tally.errors["seat shown gone"] += 1
                if message.get("type") != "pong":
                    self.inbox.put_nowait((time.perf_counter(), message))
        if self.socket.close_code not in (1000, None) and self.tally.counting:
            self.tally.errors[f"closed {self.socket.close_code}"] += 1

    async def ping(self) -> None:
        await asyncio.sleep(random.random() * PING_SECONDS)
        with contextlib.suppress(websockets.ConnectionClosed):
            while True:
                await self.socket.send('{"type": "ping"}')
                await asyncio.sleep(PING_SECONDS)

    async def send(self, message: dict) -> None:
        await self.socket.send(json.dumps(message))

    async def next(self, kind: str, timeout: float = TIMEOUT) -> tuple[float, dict]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Refused("timeout")
            try:
                arrived, message = await asyncio.wait_for(self.inbox.get(), left)
            except TimeoutError:
                raise Refused("timeout") from None
            if message.get("type") == kind:
                return arrived, message
            if message.get("type") == "error":
                raise Refused(message.get("code", "error"))

    async def close(self) -> None:
        for task in self.tasks[1:]:
            task.cancel()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.close(), 10)
        for task in self.tasks:
            task.cancel()


def socket_url(server: DaphneProcess, path: str) -> str:
    return f"ws://{HOST}:{server.port}{path}"


class Room:
    """Two pages of one room, seat 1 and seat 2 on (possibly) different processes."""

    def __init__(self, tally: Tally, servers: tuple[DaphneProcess, DaphneProcess]) -> None:
        self.tally, self.servers = tally, servers
        self.pages: dict[int, Page] = {}

    async def close(self) -> None:
        for page in self.pages.values():
            page.closing = True
        await asyncio.gather(*(page.close() for page in self.pages.values()))


class RelayRoom(Room):
    async def open(self, number: int) -> RelayRoom:
        name = f"r{number}x{random.getrandbits(32):x}"
        for seat, server in zip((1, 2), self.servers, strict=True):
            page = Page(self.tally, game=False)
            self.pages[seat] = await page.open(socket_url(server, f"/ws/relay/{name}/"), server.url)
        await asyncio.sleep(0.2)  # both in the group
        self.turn = 1
        return self

    async def move(self, sent_number: int) -> None:
        mover, other = self.pages[self.turn], self.pages[3 - self.turn]
        started = time.perf_counter()
        await mover.send({"type": "relay", "n": sent_number, "seat": self.turn})
        (mine, _), (theirs, _) = await asyncio.gather(mover.next("relay"), other.next("relay"))
        self.tally.timing(mine - started, theirs - started)
        self.turn = 3 - self.turn


class GameRoom(Room):
    async def open(self, code: str, keys: tuple[str, str]) -> GameRoom:
        self.code = code
        for seat, server, key in zip((1, 2), self.servers, keys, strict=True):
            page = Page(self.tally, game=True)
            self.pages[seat] = await page.open(socket_url(server, f"/ws/rooms/{code}/"), server.url)
            await page.send({"type": "hello", "key": key})
            _, self.state = await page.next("state", 60)
        await self.resync()
        return self

    async def resync(self) -> None:
        """Drain what is queued and ask seat 1 for the state until both are present."""
        for _ in range(60):
            for page in self.pages.values():
                while not page.inbox.empty():
                    page.inbox.get_nowait()
            await self.pages[1].send({"type": "sync"})
            _, self.state = await self.pages[1].next("state", 60)
            if all(self.state["presence"].values()):
                for page in self.pages.values():  # presence news sent meanwhile
                    while not page.inbox.empty():
                        page.inbox.get_nowait()
                    page.both_seen = True
                return
            await asyncio.sleep(0.5)
        raise Refused("never both present")

    async def move(self, sent_number: int) -> None:
        status = self.state["status"]
        if status["over"]:
            for page in self.pages.values():
                await page.send({"type": "new_round"})
            version = self.state["version"]
            while self.state["version"] == version:
                _, self.state = await self.pages[1].next("state")
            await self.pages[2].next("state")
            return
        turn = status["turn"]
        mover, other = self.pages[turn], self.pages[3 - turn]
        kind = "draw" if self.state["view"]["pool_count"] else "pass"
        started = time.perf_counter()
        await mover.send(
            {"type": "action", "version": self.state["version"], "action": {"type": kind}}
        )
        (mine, state), (theirs, pushed) = await asyncio.gather(
            mover.next("state"), other.next("state")
        )
        if pushed["version"] != state["version"] or state["version"] != self.state["version"] + 1:
            raise Refused("version gap")
        self.tally.timing(mine - started, theirs - started)
        if "trace" in pushed and self.tally.counting:
            self.tally.stages.append({"sent": started, **pushed["trace"], "arrived": theirs})
        self.state = state
