"""The database under many players at once (issue 42), measured from outside.

    python bench/db_load.py --clients 16 64 256 --sockets 40 --seconds 20 --idle 60

It starts what it needs and stops it after (bench/load_services.py): a redis-server of
its own, a PostgreSQL database of its own on 127.0.0.1:5432, two daphne processes with
DEBUG=0. It runs every configuration of `--configs` in turn, each with fresh server
processes:
- `pool`: the site as shipped, a bounded pool of connections per process
  (DATABASE_POOL, config/settings.py);
- `none`: the site before the pool, DATABASE_POOL=0 and CONN_MAX_AGE=60 (each of the
  ASGI handler's request threads kept a persistent connection).

For each client count, for `--seconds`: that many HTTP clients at once, each asking
again as soon as it has its answer, for a room's page, its watch page and its "room is
full" page (spread over 20 rooms, each request a connection of its own), beside
`--sockets` room sockets (tile rummy rooms, one seat on each process) that make a move
every second and ping. Printed per phase: requests/s, p50/p99 latency, the status
codes, the sockets' moves and errors, PostgreSQL's connection count for the two
servers (pg_stat_activity, by application name) at its peak, and the "too many
clients" lines PostgreSQL logged meanwhile. After the last phase of a configuration,
the connection count after `--idle` seconds of quiet. Then one table of all phases.

The PostgreSQL log is read from /var/log/postgresql (this machine's cluster); where it
cannot be read the column says "n/a". Compare only figures of one run: this machine's
speed drifts over minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from bench.load_report import Tally, percentile  # noqa: E402
from bench.load_rooms import GameRoom, Refused  # noqa: E402
from bench.load_services import Services, make_rooms, setup_django  # noqa: E402
from bench.ws_load import keep_moving, open_all  # noqa: E402
from tests.live_server import HOST  # noqa: E402

APPLICATION = "db-load"  # the servers' application_name in pg_stat_activity
# Each set in full: this process's own Django set-up changes its environment, which the
# next configuration's servers would otherwise inherit.
CONFIGS = {
    "pool": {"DATABASE_POOL": "16", "DATABASE_POOL_TIMEOUT": "3"},
    "none": {"DATABASE_POOL": "0", "CONN_MAX_AGE": "60"},
}
PAGES = ("/r/%s/", "/r/%s/watch/", "/r/%s/full/")
ROOMS_FOR_PAGES = 20
POSTGRES_LOGS = Path("/var/log/postgresql")


@dataclass
class Result:
    config: str
    clients: int
    seconds: float
    latencies: list[float] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)
    peak: int = 0
    too_many: int | None = None
    moves: int = 0
    socket_errors: int = 0

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds

    def ms(self, share: float) -> float:
        return percentile(self.latencies, share) * 1000


async def get(port: int, path: str) -> int:
    """One GET on a connection of its own: the status code."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        line = await reader.readline()
        while await reader.read(65536):
            pass
        return int(line.split()[1])
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()


async def client(ports: list[int], codes: list[str], stop: asyncio.Event, result: Result) -> None:
    while not stop.is_set():
        path = random.choice(PAGES) % random.choice(codes)
        started = time.perf_counter()
        try:
            status = str(await asyncio.wait_for(get(random.choice(ports), path), 60))
        except (OSError, TimeoutError, ValueError, IndexError) as error:
            status = type(error).__name__
        result.statuses[status] += 1
        result.latencies.append(time.perf_counter() - started)


def connections(dsn: str) -> int:
    with psycopg.connect(dsn, autocommit=True) as watcher:
        return watcher.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [APPLICATION]
        ).fetchone()[0]


async def watch_peak(dsn: str, stop: asyncio.Event, result: Result) -> None:
    while not stop.is_set():
        with contextlib.suppress(psycopg.Error):
            result.peak = max(result.peak, await asyncio.to_thread(connections, dsn))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.2)


def too_many_since(sizes: dict[Path, int] | None) -> int | None:
    """The "too many clients" lines PostgreSQL logged after `sizes` were read."""
    if sizes is None:
        return None
    found = 0
    for log, size in sizes.items():
        with contextlib.suppress(OSError), log.open("rb") as text:
            text.seek(size)
            found += text.read().count(b"too many clients")
    return found


def log_sizes() -> dict[Path, int] | None:
    try:
        return {log: log.stat().st_size for log in POSTGRES_LOGS.glob("postgresql-*.log")}
    except OSError:
        return None


async def phase(
    config: str,
    services: Services,
    clients: int,
    seconds: float,
    rooms: list[GameRoom],
    codes: list[str],
    dsn: str,
) -> Result:
    result = Result(config, clients, seconds)
    ports = [server.port for server in services.servers]
    sizes = log_sizes()
    stop = asyncio.Event()
    tally = rooms[0].tally if rooms else Tally()
    tally.counting = True
    tally.confirm.clear()
    tally.errors.clear()
    started = time.perf_counter()
    tasks = [asyncio.create_task(client(ports, codes, stop, result)) for _ in range(clients)]
    tasks.append(asyncio.create_task(watch_peak(dsn, stop, result)))
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks)
    result.seconds = time.perf_counter() - started
    result.moves = len(tally.confirm)
    result.socket_errors = sum(tally.errors.values())
    result.too_many = too_many_since(sizes)
    return result


def report(result: Result) -> str:
    statuses = ", ".join(f"{code}: {n}" for code, n in sorted(result.statuses.items()))
    too_many = "n/a" if result.too_many is None else str(result.too_many)
    return (
        f"{result.config:4} {result.clients:3} clients: {result.rate:7.1f} requests/s, "
        f"p50 {result.ms(0.5):6.0f} ms, p99 {result.ms(0.99):6.0f} ms; {statuses}; "
        f"sockets: {result.moves} moves, {result.socket_errors} errors; "
        f"PostgreSQL connections at peak {result.peak}; 'too many clients' {too_many}"
    )


async def run_config(config: str, args: argparse.Namespace) -> tuple[list[Result], int | str]:
    settings = dict(CONFIGS[config])
    services = Services("redis", 2, settings=settings, application_name=APPLICATION)
    results = []
    try:
        services.start()
        await asyncio.to_thread(setup_django, services.env)
        dsn = services.env["DATABASE_URL"]
        # Every room made before the load: without the pool, PostgreSQL refuses this
        # process too once the servers hold every connection.
        pages = await asyncio.to_thread(make_rooms, ROOMS_FOR_PAGES)
        codes = [code for code, _host, _guest in pages]
        tally = Tally()
        keys = await asyncio.to_thread(make_rooms, args.sockets // 2)
        rooms = [GameRoom(tally, tuple(services.servers)) for _ in keys]
        openers = [
            room.open(code, (host, guest))
            for room, (code, host, guest) in zip(rooms, keys, strict=True)
        ]
        rooms = await open_all(rooms, openers, tally)
        stop_moving = asyncio.Event()
        movers = [asyncio.create_task(keep_moving(room, stop_moving, 1.0)) for room in rooms]
        for clients in args.clients:
            result = await phase(config, services, clients, args.seconds, rooms, codes, dsn)
            print(report(result), flush=True)
            results.append(result)
        stop_moving.set()
        with contextlib.suppress(Refused):
            await asyncio.gather(*movers, return_exceptions=True)
        await asyncio.gather(*(room.close() for room in rooms))
        await asyncio.sleep(args.idle)
        try:
            idle: int | str = await asyncio.to_thread(connections, dsn)
        except psycopg.Error as error:  # PostgreSQL still refusing everyone
            idle = f"n/a ({str(error).strip()[-40:]})"
        print(f"{config}: PostgreSQL connections after {args.idle:.0f} s idle: {idle}", flush=True)
        problems = services.log_problems()
        if problems:
            print(f"{config}: server logs: {dict(problems)}", flush=True)
    finally:
        services.stop()
    return results, idle


async def main(args: argparse.Namespace) -> None:
    rows = []
    for config in args.configs:
        results, idle = await run_config(config, args)
        rows += [(result, idle) for result in results]
    print()
    print(
        "| config | clients | requests/s | p50 / p99 | statuses | socket moves (errors) "
        "| peak connections | after idle | 'too many clients' |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for result, idle in rows:
        statuses = ", ".join(f"{code}: {n}" for code, n in sorted(result.statuses.items()))
        too_many = "n/a" if result.too_many is None else result.too_many
        print(
            f"| {result.config} | {result.clients} | {result.rate:.1f} | "
            f"{result.ms(0.5):.0f} / {result.ms(0.99):.0f} ms | {statuses} | "
            f"{result.moves} ({result.socket_errors}) | {result.peak} | {idle} | {too_many} |"
        )


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[16, 64, 256])
    parser.add_argument("--sockets", type=int, default=40, help="room sockets (two a room)")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--idle", type=float, default=60)
    parser.add_argument("--configs", nargs="+", choices=sorted(CONFIGS), default=["none", "pool"])
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(arguments()))
