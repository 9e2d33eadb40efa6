"""CPU time per confirmed online action, in one process: less at the mercy of the
machine's load than bench/ws_load.py's rates (time.process_time counts this process's
CPU only, its threads included, not the time it waited for a core).

    python bench/action_cpu.py [ROOMS] [--stack memory|redis] [--code DIR]
    python bench/action_cpu.py [ROOMS] --against DIR [--repeat N] [--stack memory|redis]

Tile rummy rooms played through the real consumer (config.asgi, Channels' test
communicator: no daphne, DEBUG=0): the seat to move draws until the pool is empty; each
action is timed from the send to the new state on both sockets (the confirmation and the
push). A first room warms the process up and is not counted. The figure includes the
test client's side (its JSON decoding, the channel layer's copies), which a daphne
process does not spend.

`--stack memory` (the default): SQLite in a temporary folder and the in-memory layer.
`--stack redis`: production's services, a PostgreSQL database of its own (on
127.0.0.1:5432, dropped after, with production's pool) and a redis-server of its own
(bench/load_services.py starts both).

`--code DIR` measures the code of another checkout (DIR's rooms/, config/, games) with
this script. `--against DIR` runs this measure N times (`--repeat`) for this checkout and
for DIR alternately, each in a process of its own, in alternate orders (this checkout
first, then DIR first), and prints each figure, their medians and spreads: the machine's
speed drifts over minutes, which would favour whichever ran in the quieter minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULT = re.compile(r"CPU ([0-9.]+) ms per action")


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rooms", type=int, nargs="?", default=2, help="rooms counted")
    parser.add_argument("--stack", choices=("memory", "redis"), default="memory")
    parser.add_argument("--code", type=Path, help="the checkout whose code is measured")
    parser.add_argument("--against", type=Path, help="another checkout, measured alternately")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, with --against")
    args = parser.parse_args(argv)
    if args.code and args.against:
        parser.error("--code and --against exclude each other")
    return args


# --- One measure, in this process ------------------------------------------------------


def measure(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(ROOT))
    from bench.load_services import SECRET, Services

    services = Services("redis", 0) if args.stack == "redis" else None
    if services is not None:
        services.start()  # Redis, the database, migrated
        os.environ.update(DATABASE_URL=services.env["DATABASE_URL"])
        os.environ.update(REDIS_URL=services.env["REDIS_URL"])
    else:
        folder = tempfile.mkdtemp(prefix="action_cpu_")
        os.environ.update(CONN_MAX_AGE="60", DATABASE_URL=f"sqlite:///{folder}/bench.sqlite3")
        os.environ.pop("REDIS_URL", None)
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DEBUG="0",
        SECRET_KEY=SECRET,
        STATIC_MANIFEST="0",
        SECURE_SSL_REDIRECT="0",
        ALLOWED_HOSTS="testserver",
    )
    # The measured code: this checkout's, or --code's (imported first from there).
    sys.path.insert(0, str((args.code or ROOT).resolve()))
    import django

    django.setup()
    from django.core.management import call_command

    try:
        if services is None:
            call_command("migrate", verbosity=0)
        asyncio.run(play(args.rooms))
    finally:
        from django.db import connections

        connections.close_all()
        if services is not None:
            services.stop()
        else:
            shutil.rmtree(folder, ignore_errors=True)


HEADERS = [(b"host", b"testserver"), (b"origin", b"http://testserver")]


def make_room() -> tuple[str, str, str]:
    from rooms.models import Room

    room = Room.objects.create_for("tiles")
    return room.code, room.claim_host_seat(), room.claim_guest_seat()


async def next_of(socket: Any, kind: str) -> dict:
    while True:
        message = await socket.receive_json_from(timeout=60)
        if message["type"] == kind:
            return message


async def play_room() -> tuple[int, float, float]:
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    code, *keys = await database_sync_to_async(make_room)()
    sockets = {}
    for seat, key in zip((1, 2), keys, strict=True):
        socket = WebsocketCommunicator(application, f"/ws/rooms/{code}/", headers=HEADERS)
        await socket.connect()
        await socket.send_json_to({"type": "hello", "key": key})
        await next_of(socket, "state")
        sockets[seat] = socket
    while True:  # until seat 1 sees both seats present
        await sockets[1].send_json_to({"type": "sync"})
        state = await next_of(sockets[1], "state")
        if all(state["presence"].values()):
            break
    actions, cpu, wall = 0, 0.0, 0.0
    while state["view"]["pool_count"] and not state["status"]["over"]:
        turn = state["status"]["turn"]
        cpu0, wall0 = time.process_time(), time.perf_counter()
        action = {"type": "action", "version": state["version"], "action": {"type": "draw"}}
        await sockets[turn].send_json_to(action)
        mine = await next_of(sockets[turn], "state")
        await next_of(sockets[3 - turn], "state")
        cpu += time.process_time() - cpu0
        wall += time.perf_counter() - wall0
        actions += 1
        state = mine
        await asyncio.sleep(0.12)  # under the per-socket message limit
    for socket in sockets.values():
        await socket.disconnect()
    return actions, cpu, wall


async def play(rooms: int) -> None:
    # One room first, not counted: the first board, URL reverse and query of a process
    # import and compile what every later one reuses (a third of a second in all).
    await play_room()
    total, cpu, wall = 0, 0.0, 0.0
    for _ in range(rooms):
        actions, room_cpu, room_wall = await play_room()
        total, cpu, wall = total + actions, cpu + room_cpu, wall + room_wall
    print(
        f"{total} actions: CPU {cpu / total * 1000:.2f} ms per action (both pushes included), "
        f"wall {wall / total * 1000:.1f} ms; load {os.getloadavg()[0]:.1f}",
        flush=True,
    )


# --- Two checkouts, alternately ---------------------------------------------------------


def alternate(args: argparse.Namespace) -> None:
    here, there = ROOT, args.against.resolve()
    figures: dict[Path, list[float]] = {here: [], there: []}
    print(f"{args.rooms} rooms a run, stack {args.stack}; A = {here}, B = {there}", flush=True)
    for repeat in range(args.repeat):
        for code in (here, there) if repeat % 2 == 0 else (there, here):
            command = [sys.executable, __file__, str(args.rooms), "--stack", args.stack]
            run = subprocess.run(
                [*command, "--code", str(code)], capture_output=True, text=True, check=False
            )
            found = RESULT.search(run.stdout)
            if run.returncode or found is None:
                sys.exit(f"{code}: exited with {run.returncode}\n{run.stdout}{run.stderr}")
            figures[code].append(float(found.group(1)))
            label = "A" if code == here else "B"
            print(f"{time.strftime('%H:%M:%S')} {label}: {run.stdout.strip()}", flush=True)
    a, b = figures[here], figures[there]
    for label, values in (("A", a), ("B", b)):
        print(
            f"{label}: median {statistics.median(values):.2f} ms per action, "
            f"lowest {min(values):.2f}, highest {max(values):.2f} ({len(values)} runs)"
        )
    # Each repeat's two runs are neighbours in time: their ratio is the least drifted.
    pairs = [x / y for x, y in zip(a, b, strict=True)]
    print(
        f"A/B: {statistics.median(a) / statistics.median(b):.3f} (medians); of each repeat's "
        f"two runs: median {statistics.median(pairs):.3f}, lowest {min(pairs):.3f}, highest "
        f"{max(pairs):.3f}; A spent less in {sum(p < 1 for p in pairs)} of {len(pairs)}"
    )


if __name__ == "__main__":
    arguments_ = arguments()
    if arguments_.against:
        alternate(arguments_)
    else:
        measure(arguments_)
