"""How long a confirmed online action takes, seen from the players' browsers.

Starts real daphne processes (two sharing Redis when REDIS_URL is set, else one with
the in-memory layer), opens tile rummy rooms with one seat on each process, and has the
players draw in turn until the pools are empty. For every action it times the sender's
confirmation (the new state back on its own socket) and the push to the other seat.

    python bench/rooms.py [ROOMS]      # SQLite and the in-memory layer
    DATABASE_URL=postgres://... REDIS_URL=redis://... python bench/rooms.py 4
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import django  # noqa: E402
import websockets  # noqa: E402

from tests.live_server import DaphneProcess, migrate, server_env  # noqa: E402

SECRET = "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz"


def database_url() -> str:
    return os.environ.get("DATABASE_URL") or f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"


def make_rooms(count: int) -> list[tuple[str, str, str]]:
    from rooms.models import Room

    rooms = []
    for _ in range(count):
        room = Room.objects.create_for("tiles")
        rooms.append((room.code, room.claim_host_seat(), room.claim_guest_seat()))
    return rooms


class RateLimited(Exception):
    pass


async def next_of(socket, kind: str) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(socket.recv(), 10))
        if message["type"] == kind:
            return message
        if message["type"] == "error":
            if message["code"] == "rate_limited":
                raise RateLimited
            raise RuntimeError(message)


async def play_room(code: str, keys: dict[int, str], urls: dict[int, str]) -> list[tuple]:
    sockets = {}
    for seat, url in urls.items():
        ws_url = url.replace("http", "ws") + f"/ws/rooms/{code}/"
        sockets[seat] = await websockets.connect(ws_url, origin=url)
        await sockets[seat].send(json.dumps({"type": "hello", "key": keys[seat]}))
        state = await next_of(sockets[seat], "state")
    while not all(state["presence"].values()):
        await sockets[1].send(json.dumps({"type": "sync"}))
        state = await next_of(sockets[1], "state")
    timings = []
    while state["view"]["pool_count"] > 0 and not state["view"]["over"]:
        seat = state["status"]["turn"]
        other = 3 - seat
        action = {"type": "action", "version": state["version"], "action": {"type": "draw"}}
        started = time.perf_counter()
        await sockets[seat].send(json.dumps(action))
        try:
            mine = await next_of(sockets[seat], "state")
        except RateLimited:  # faster than a person plays: wait, and leave it out
            await asyncio.sleep(2)
            continue
        confirmed = time.perf_counter()
        await next_of(sockets[other], "state")
        pushed = time.perf_counter()
        timings.append((confirmed - started, pushed - started))
        state = mine
    for socket in sockets.values():
        await socket.close()
    return timings


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def main(room_count: int) -> None:
    env = server_env(database_url(), SECRET, LOG_LEVEL="WARNING")
    migrate(env)
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "SECRET_KEY", "DEBUG")})
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    rooms = await asyncio.to_thread(make_rooms, room_count)
    shared = bool(os.environ.get("REDIS_URL"))
    servers = [DaphneProcess(env) for _ in range(2 if shared else 1)]
    urls = {1: servers[0].url, 2: servers[-1].url}
    try:
        started = time.perf_counter()
        results = await asyncio.gather(
            *(play_room(code, {1: host, 2: guest}, urls) for code, host, guest in rooms)
        )
        elapsed = time.perf_counter() - started
    finally:
        for server in servers:
            server.stop()
    timings = [t for room in results for t in room]
    confirm = [t[0] * 1000 for t in timings]
    push = [t[1] * 1000 for t in timings]
    layer = "Redis, 2 daphne processes" if shared else "in-memory layer, 1 daphne process"
    database = env["DATABASE_URL"].split(":")[0]
    print(f"{len(timings)} actions in {room_count} concurrent rooms ({database}, {layer})")
    print(
        f"  confirmed to the sender  median {statistics.median(confirm):6.1f} ms"
        f"  p99 {percentile(confirm, 0.99):6.1f} ms"
    )
    print(
        f"  pushed to the other seat median {statistics.median(push):6.1f} ms"
        f"  p99 {percentile(push, 0.99):6.1f} ms"
    )
    print(f"  throughput {len(timings) / elapsed:.0f} actions/s")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 4))
