"""Online rooms while PostgreSQL restarts and while it is down (issue 26), from outside.

    python bench/db_fault.py [--rooms 20] [--runs 1] [--outage-seconds 30] [--patient]

It starts what it needs and stops it after, Ctrl-C included: a PostgreSQL cluster of
its own (initdb into a temporary folder, on --pg-port, 5439), a redis-server of its own
(--redis-port, 6392), and per run two daphne processes with DEBUG=0 (CONN_MAX_AGE=60,
the production settings of docs/deploy.md; static files unhashed). Each run opens R
tile rummy rooms, seat 1 on one process and seat 2 on the other, whose two clients play
continuously (the seat to move draws, or passes once the pool is empty; a finished game
is restarted with two new_round), pinging every 10 s and reconnecting after a close as
the page does (rooms/static/rooms/room.js): a hello with no state in 5 s or a move with
no answer in 8 s gives up the socket, delays up to 5 s with jitter. `--patient` is the
page as it was before issue 26: no timeouts, delays up to 30 s counted from the open.

Then two faults: (a) PostgreSQL restarted (pg_ctl restart -m fast), (b) PostgreSQL
stopped for --outage-seconds and started again. After each, until every room has moved
again or --wait seconds have passed, it prints: how long the database was gone; the
rooms stuck (that did not move again within 30 s of the database's return) and what
their seats were doing; the seconds until every room moved again (and the median); the
tracebacks in the daphne logs by exception, and the outage warnings; the retry frames the
clients received, by code; the closes, by code (1011 is a consumer that crashed);
sockets given up for silence. At the end of a run, the rooms' action logs in the
database: versions contiguous from 1, no duplicates, every confirmed action present
(same version and seat), and how many logged actions were never confirmed (a commit
whose answer was lost: the page shows it after its resync; neither made twice nor lost).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402

from bench.load_services import SECRET, make_rooms, setup_django  # noqa: E402
from tests.live_server import HOST, DaphneProcess, migrate, server_env  # noqa: E402

PG_BIN = Path("/usr/lib/postgresql/15/bin")
STUCK_SECONDS = 30  # a room that has not moved this long after the database's return
PING_SECONDS = 10
MOVE_PAUSE = (0.2, 0.5)  # seconds between a room's moves: about a move a second per seat

# --- The services -------------------------------------------------------------------


def as_postgres(command: list[str], **options) -> subprocess.CompletedProcess:
    """Run a PostgreSQL tool as the postgres user (this script may run as root)."""
    if os.geteuid() == 0:
        command = ["su", "postgres", "-c", shlex.join(command)]
    return subprocess.run(command, **options)


class Cluster:
    """A PostgreSQL cluster of this run only, in a temporary folder, on `port`."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.folder = Path(tempfile.mkdtemp(prefix="db_fault_pg_"))
        self.data = self.folder / "data"
        self.log = self.folder / "postgres.log"
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self.url = f"postgres://postgres@{HOST}:{port}/fault"

    def start_fresh(self) -> None:
        as_postgres(
            [str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
             "--no-sync", "-E", "UTF8"],
            check=True, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        self.start()
        as_postgres(
            [str(PG_BIN / "createdb"), "-h", HOST, "-p", str(self.port), "-U", "postgres",
             "fault"], check=True,
        )  # fmt: skip

    def pg_ctl(self, *args: str, check: bool = True) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses={HOST}"
        as_postgres(
            [str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w",
             "-o", options, *args],
            check=check, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip

    def start(self) -> None:
        self.pg_ctl("start")

    def stop(self) -> None:
        self.pg_ctl("stop", "-m", "fast")

    def restart(self) -> None:
        self.pg_ctl("restart", "-m", "fast")

    def ready(self) -> bool:
        probe = subprocess.run(
            [str(PG_BIN / "pg_isready"), "-h", HOST, "-p", str(self.port), "-t", "1"],
            capture_output=True,
        )
        return probe.returncode == 0

    def destroy(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self.pg_ctl("stop", "-m", "immediate", check=False)
        shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"redis://{HOST}:{port}/0"
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(port), "--bind", HOST, "--save", "",
             "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        for _ in range(50):
            probe = subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True)
            if probe.stdout.strip() == b"PONG":
                return
            time.sleep(0.1)
        raise RuntimeError(f"redis-server did not answer on port {port}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


class Servers:
    """The two daphne processes of a run, each logging to a file of its own."""

    def __init__(self, env: dict[str, str], folder: Path, run: int) -> None:
        self.logs = [folder / f"run{run}-daphne{n}.log" for n in (1, 2)]
        self.processes: list[DaphneProcess] = []
        for log in self.logs:
            with log.open("wb") as out:
                self.processes.append(DaphneProcess(env, log=out, seconds=30))

    def stop(self) -> None:
        for process in self.processes:
            process.stop()

    def log_text(self) -> str:
        return "".join(log.read_text(errors="replace") for log in self.logs)


EXCEPTION_LINE = re.compile(r"^([A-Za-z_][\w.]*)(?::|$)")
CHAINED = ("The above exception was the direct cause", "During handling of the above")


OUTAGE_LINE = re.compile(r"(Database|Channel layer) lost \(")


def log_problems(text: str) -> tuple[Counter[str], int]:
    """Logged tracebacks (a chain of them counts once) by the exception that ends each,
    and the outage warnings ("Database lost …", "Channel layer lost …": the site's log
    lines carry no level name)."""
    ends: list[str] = []  # each logged traceback's last exception
    reading = chained = False
    for line in text.splitlines():
        if line.startswith("Traceback"):
            if not (chained and ends):
                ends.append("(unknown)")
            reading, chained = True, False
        elif line.startswith(CHAINED):
            chained = True
        elif reading and line and not line[0].isspace():
            match = EXCEPTION_LINE.match(line)
            if match:
                ends[-1] = match.group(1).rsplit(".", 1)[-1]
            reading = False
    lost = [line for line in text.splitlines() if OUTAGE_LINE.match(line)]
    return Counter(ends), len(lost)


# --- The clients --------------------------------------------------------------------


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


# --- A run --------------------------------------------------------------------------


def database_checks(rooms: list[RoomPlay]) -> dict[str, int]:
    from django.db import close_old_connections

    from rooms.models import ActionLog, Room

    close_old_connections()
    found = Counter()
    for room in rooms:
        record = Room.objects.get(code=room.code)
        rows = list(ActionLog.objects.filter(room=record).values_list("version", "seat", "action"))
        versions = sorted(version for version, _, _ in rows)
        logged = {version: seat for version, seat, _ in rows}
        moves = {version for version, _, action in rows if action.get("type") != "new_round"}
        confirmed = dict(room.confirmed)
        found["actions logged"] += len(rows)
        found["actions confirmed"] += len(confirmed)
        found["rooms whose versions are not 1..N"] += versions != list(range(1, record.version + 1))
        found["duplicate versions"] += len(versions) - len(set(versions))
        found["confirmed actions missing"] += sum(
            logged.get(version) != seat for version, seat in confirmed.items()
        )
        found["logged actions never confirmed"] += len(moves - set(confirmed))
    close_old_connections()
    return dict(found)


async def wait_for_rooms(rooms: list[RoomPlay], back: float, seconds: float) -> None:
    """Until every room has moved after `back`, or `seconds` have passed."""
    deadline = back + seconds
    while time.monotonic() < deadline:
        if all(room.moved_since(back) is not None for room in rooms):
            return
        await asyncio.sleep(0.5)


async def down_seconds(cluster: Cluster, action: str, outage: float) -> tuple[float, float]:
    """Do the fault; (seconds the database was gone, the monotonic time it came back)."""
    went = time.monotonic()
    if action == "restart":
        await asyncio.to_thread(cluster.restart)
    else:
        await asyncio.to_thread(cluster.stop)
        await asyncio.sleep(outage)
        await asyncio.to_thread(cluster.start)
    while not await asyncio.to_thread(cluster.ready):
        await asyncio.sleep(0.1)
    back = time.monotonic()
    return back - went, back


def report(
    name: str, rooms: list[RoomPlay], tally: Tally, servers: Servers, seen: int, down: float,
    back: float,
) -> int:  # fmt: skip
    """Print the figures of one fault; the length of the logs read so far."""
    text = servers.log_text()
    tracebacks, warnings = log_problems(text[seen:])
    waits = [room.moved_since(back) for room in rooms]
    stuck = [room for room, wait in zip(rooms, waits, strict=True) if wait is None or wait > 30]
    moved = [wait for wait in waits if wait is not None]
    every = f"{max(moved):.1f} s" if len(moved) == len(rooms) else "never (rooms stuck)"
    closes = dict(tally.closes.most_common())
    print(f"  ({name}) database gone {down:.1f} s")
    print(f"    rooms stuck (no move within {STUCK_SECONDS} s of its return): {len(stuck)} of "
          f"{len(rooms)}")  # fmt: skip
    for room in stuck:
        doing = "; ".join(f"seat {n} {seat.doing}" for n, seat in room.seats.items())
        print(f"      {room.code}: {doing}")
    median = f"{statistics.median(moved):.1f} s" if moved else "-"
    print(f"    seconds until every room moved again: {every} (median room {median})")
    print(f"    tracebacks in the daphne logs: {sum(tracebacks.values())} "
          f"{dict(tracebacks.most_common())}; outage warnings: {warnings}")  # fmt: skip
    print(f"    retry frames received: {sum(tally.retries.values())} {dict(tally.retries)}")
    print(f"    closes: 1011: {tally.closes['1011']}; others: "
          f"{ {k: v for k, v in closes.items() if k != '1011'} }")  # fmt: skip
    print(f"    sockets given up for silence: {dict(tally.silent) or 0}; failed opens: "
          f"{tally.failed_opens}; refusals: {dict(tally.refusals) or 0}", flush=True)  # fmt: skip
    return len(text)


async def one_run(args, run: int, env: dict[str, str], cluster: Cluster, folder: Path) -> None:
    servers = Servers(env, folder, run)
    tally = Tally()
    rooms: list[RoomPlay] = []
    tasks: list[asyncio.Task] = []
    try:
        codes = await asyncio.to_thread(make_rooms, args.rooms)
        pair = servers.processes
        rooms = [
            RoomPlay(code, (host, guest), (pair[n % 2], pair[(n + 1) % 2]), tally, args.patient)
            for n, (code, host, guest) in enumerate(codes)
        ]
        tasks = [asyncio.create_task(room.play()) for room in rooms]
        await asyncio.sleep(args.warm)
        playing = sum(bool(room.moves) for room in rooms)
        actions = sum(len(room.moves) for room in rooms)
        print(f"run {run}: {playing} of {len(rooms)} rooms playing, {actions} actions in "
              f"{args.warm:.0f} s; closes so far {dict(tally.closes) or 0}",
              flush=True)  # fmt: skip
        seen = len(servers.log_text())
        tally.reset()
        for name in ("restart", "outage"):
            down, back = await down_seconds(cluster, name, args.outage_seconds)
            await wait_for_rooms(rooms, back, args.wait)
            await asyncio.sleep(args.settle)
            label = "a: restart" if name == "restart" else f"b: stopped {args.outage_seconds:g} s"
            seen = report(label, rooms, tally, servers, seen, down, back)
            tally.reset()
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*(room.close() for room in rooms), return_exceptions=True)
        servers.stop()
    checks = await asyncio.to_thread(database_checks, rooms)
    print(f"  database: {checks}", flush=True)


async def main(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="db_fault_"))
    cluster = Cluster(args.pg_port)
    redis = None
    try:
        await asyncio.to_thread(cluster.start_fresh)
        redis = Redis(args.redis_port)
        env = server_env(cluster.url, SECRET, LOG_LEVEL="WARNING", CONN_MAX_AGE="60")
        env["REDIS_URL"] = redis.url
        env["PYTHONUNBUFFERED"] = "1"
        migrate(env)
        await asyncio.to_thread(setup_django, env)
        mode = "the page before issue 26 (no timeouts)" if args.patient else "the page now"
        print(f"{args.rooms} rooms on 2 daphne processes, PostgreSQL 15 on :{args.pg_port}, "
              f"Redis on :{args.redis_port}; clients as {mode}; load "
              f"{os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
        for run in range(1, args.runs + 1):
            await one_run(args, run, env, cluster, folder)
    finally:
        if redis is not None:
            redis.stop()
        cluster.destroy()
        if args.keep_logs:
            print(f"daphne logs in {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--outage-seconds", type=float, default=30)
    parser.add_argument("--patient", action="store_true", help="clients as the page before")
    parser.add_argument("--warm", type=float, default=10, help="seconds of play before")
    parser.add_argument("--wait", type=float, default=60, help="at most this long for rooms")
    parser.add_argument("--settle", type=float, default=3, help="seconds after, before counting")
    parser.add_argument("--pg-port", type=int, default=5439)
    parser.add_argument("--redis-port", type=int, default=6392)
    parser.add_argument("--keep-logs", action="store_true")
    return parser.parse_args(argv)


def interrupted(signum, frame) -> None:
    raise KeyboardInterrupt  # SIGTERM cleans up as Ctrl-C does


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, interrupted)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main(arguments()))
