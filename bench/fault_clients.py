"""The pages of bench/db_fault.py: two seats a room playing tile rummy over real sockets,
reconnecting as room.js does, and what they were told (retry frames, closes, refusals)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field

import websockets

from tests.live_server import HOST, DaphneProcess

PING_SECONDS = 10
MOVE_PAUSE = (0.2, 0.5)  # seconds between a room's moves: about a move a second per seat


@dataclass
class Tally:
    retries: Counter[str] = field(default_factory=Counter)
    closes: Counter[str] = field(default_factory=Counter)
    silent: Counter[str] = field(default_factory=Counter)
    refusals: Counter[str] = field(default_factory=Counter)
    failed_opens: int = 0

    def reset(self) -> None:
        self.__init__()


class Closed(Exception):
    pass


class Silent(Exception):
    pass


CLOSED = object()  # what the reader puts in the inbox once its socket has closed


class Seat:
    """One page: its socket (None between connections), what arrived on it, the last
    state and presence, and the page's reconnection as room.js does it."""

    def __init__(self, room: RoomPlay, number: int, server: DaphneProcess, key: str) -> None:
        self.room, self.number, self.server, self.key = room, number, server, key
        self.url = f"ws://{HOST}:{server.port}/ws/rooms/{room.code}/"
        self.socket = None
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.tasks: list[asyncio.Task] = []
        self.state: dict | None = None
        self.presence: dict[str, bool] = {}
        self.attempts = 0
        self.doing = "not connected"  # for a stuck room's report

    @property
    def tally(self) -> Tally:
        return self.room.tally

    async def connect(self) -> None:
        """Connect until a state comes back after the hello."""
        patient = self.room.patient
        while True:
            if self.attempts:
                if patient:  # the page before issue 26
                    delay = min(30, 0.5 * 2**self.attempts) * (0.5 + random.random())
                else:
                    delay = min(5, 0.5 * 2**self.attempts) * (0.5 + random.random() / 2)
                self.doing = f"waiting {delay:.1f} s to reconnect"
                await asyncio.sleep(delay)
            self.attempts += 1
            self.doing = "opening"
            try:
                socket = await websockets.connect(
                    self.url, origin=self.server.url, open_timeout=10, ping_interval=None,
                    close_timeout=2, max_size=2**22,
                )  # fmt: skip
            except (OSError, TimeoutError, websockets.InvalidHandshake):
                self.tally.failed_opens += 1
                continue
            if patient:
                self.attempts = 0  # the old page counted from the open
            self.socket, self.inbox = socket, asyncio.Queue()
            self.tasks = [asyncio.create_task(self.read(socket, self.inbox))]
            self.tasks.append(asyncio.create_task(self.ping(socket)))
            await self.send({"type": "hello", "key": self.key})
            self.doing = "waiting for the state after its hello"
            try:
                await self.next(lambda m: m["type"] == "state", None if patient else 5)
            except Silent:
                self.tally.silent["hello"] += 1
                await self.drop()
                continue
            except Closed:
                await self.drop()
                continue
            self.attempts = 0
            self.doing = "connected"
            return

    async def read(self, socket, inbox: asyncio.Queue) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for text in socket:
                message = json.loads(text)
                kind = message.get("type")
                if kind == "retry":
                    self.tally.retries[message.get("code", "?")] += 1
                if "presence" in message:
                    self.presence = message["presence"]
                if kind == "state":
                    self.state = message
                if kind != "pong":
                    inbox.put_nowait(message)
        if socket is self.socket:  # not a socket this page gave up and closed itself
            code = socket.close_code
            self.tally.closes[str(code)] += 1
        inbox.put_nowait(CLOSED)

    async def ping(self, socket) -> None:
        await asyncio.sleep(random.random() * PING_SECONDS)
        with contextlib.suppress(websockets.ConnectionClosed):
            while True:
                await socket.send('{"type": "ping"}')
                await asyncio.sleep(PING_SECONDS)

    def closed(self) -> bool:
        return bool(self.tasks) and self.tasks[0].done()

    def forget(self) -> None:
        """Drop what arrived and was not waited for (old pushes and refusals)."""
        while not self.inbox.empty():
            if self.inbox.get_nowait() is CLOSED:
                self.inbox.put_nowait(CLOSED)
                return

    async def send(self, message: dict) -> None:
        try:
            await self.socket.send(json.dumps(message))
        except websockets.ConnectionClosed:
            await self.drop()
            raise Closed from None

    async def next(self, wanted, timeout: float | None) -> dict:
        """The first message `wanted` accepts (an error too); Closed when the socket
        closes first, Silent when `timeout` passes first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise Silent
            try:
                message = await asyncio.wait_for(self.inbox.get(), left)
            except TimeoutError:
                raise Silent from None
            if message is CLOSED:
                await self.drop()
                raise Closed
            if wanted(message) or message.get("type") == "error":
                return message

    async def drop(self) -> None:
        """Give the socket up (closed already, or silent)."""
        socket, self.socket = self.socket, None
        for task in self.tasks[1:]:
            task.cancel()
        if socket is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(socket.close(), 3)
        for task in self.tasks:
            task.cancel()
        self.tasks = []
        self.doing = "not connected"


class RoomPlay:
    """A room's two pages playing on: the seat to move moves, the other is pushed it."""

    def __init__(self, code: str, keys: tuple[str, str], servers, tally: Tally, patient: bool):
        self.code, self.tally, self.patient = code, tally, patient
        self.seats = {
            n: Seat(self, n, server, key)
            for n, server, key in zip((1, 2), servers, keys, strict=True)
        }
        self.moves: list[float] = []  # monotonic times of confirmed actions
        self.confirmed: list[tuple[int, int]] = []  # (version, seat) of each confirmation

    def latest(self) -> dict:
        states = [seat.state for seat in self.seats.values() if seat.state]
        return max(states, key=lambda state: state["version"])

    async def play(self) -> None:
        while True:
            try:
                for seat in self.seats.values():
                    if seat.socket is not None and seat.closed():
                        await seat.drop()
                    if seat.socket is None:
                        await seat.connect()
                await self.step()
            except Closed:
                continue  # the seat whose socket closed has dropped it: it reconnects

    async def step(self) -> None:
        state = self.latest()
        version = state["version"]
        if state["status"]["over"]:
            for seat in self.seats.values():
                await seat.send({"type": "new_round"})
            self.seats[1].doing = "waiting for the new round"
            answer = await self.answer(self.seats[1], version, give_up=False)
            if answer is None or answer["type"] == "error":
                await asyncio.sleep(0.5)
            return
        turn = state["status"]["turn"]
        mover = self.seats[turn]
        kind = "draw" if state["view"]["pool_count"] else "pass"
        mover.forget()
        await mover.send({"type": "action", "version": version, "action": {"type": kind}})
        mover.doing = "waiting for its move's confirmation"
        answer = await self.answer(mover, version)
        if answer is None:
            return
        if answer["type"] == "error":
            self.tally.refusals[answer["code"]] += 1
            if answer["code"] != "stale":  # a stale move is followed by the state
                await asyncio.sleep(0.5)  # `waiting`: the other seat is reconnecting
            return
        self.confirmed.append((answer["version"], turn))
        self.moves.append(time.monotonic())
        mover.doing = "connected"
        await asyncio.sleep(random.uniform(*MOVE_PAUSE))

    async def answer(self, seat: Seat, version: int, give_up: bool = True) -> dict | None:
        """The state after `version` on `seat`, or a refusal; None after 8 s of silence,
        the socket given up (the page reconnects) when `give_up` (the page's move; a
        new round's start is only waited for again). A patient page waits for ever."""
        try:
            return await seat.next(
                lambda m: m["type"] == "state" and m["version"] > version,
                None if self.patient and give_up else 8,
            )
        except Silent:
            if give_up:
                self.tally.silent["move"] += 1
                await seat.drop()
            return None

    def moved_since(self, moment: float) -> float | None:
        later = [t for t in self.moves if t > moment]
        return later[0] - moment if later else None

    async def close(self) -> None:
        for seat in self.seats.values():
            await seat.drop()
