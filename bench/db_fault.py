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
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.fault_clients import RoomPlay, Tally  # noqa: E402
from bench.fault_services import Cluster, Redis, Servers, log_problems  # noqa: E402
from bench.load_services import SECRET, make_rooms, setup_django  # noqa: E402
from tests.live_server import migrate, server_env  # noqa: E402

STUCK_SECONDS = 30  # a room that has not moved this long after the database's return

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
