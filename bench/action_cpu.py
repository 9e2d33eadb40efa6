"""CPU time per confirmed online action, in one process: less at the mercy of the
machine's load than bench/ws_load.py's rates (time.process_time counts this process's
CPU only, its threads included, not the time it waited for a core).

    python bench/action_cpu.py [ROOMS]

Tile rummy rooms played through the real consumer (config.asgi, Channels' test
communicator: no daphne, the in-memory layer, SQLite in a temporary folder, DEBUG=0):
the seat to move draws until the pool is empty; each action is timed from the send to
the new state on both sockets (the confirmation and the push). A first room warms the
process up and is not counted. The figure includes the test client's side (its JSON
decoding, the in-memory layer's copies), which a daphne process does not spend.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.update(
    DJANGO_SETTINGS_MODULE="config.settings",
    DEBUG="0",
    SECRET_KEY="bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz",
    STATIC_MANIFEST="0",
    SECURE_SSL_REDIRECT="0",
    ALLOWED_HOSTS="testserver",
    CONN_MAX_AGE="60",
    DATABASE_URL=f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3",
)
os.environ.pop("REDIS_URL", None)

import django

django.setup()

from channels.db import database_sync_to_async  # noqa: E402
from channels.testing import WebsocketCommunicator  # noqa: E402
from django.core.management import call_command  # noqa: E402

from config.asgi import application  # noqa: E402
from rooms.models import Room  # noqa: E402

HEADERS = [(b"host", b"testserver"), (b"origin", b"http://testserver")]


def make_room() -> tuple[str, str, str]:
    room = Room.objects.create_for("tiles")
    return room.code, room.claim_host_seat(), room.claim_guest_seat()


async def next_of(socket: WebsocketCommunicator, kind: str) -> dict:
    while True:
        message = await socket.receive_json_from(timeout=60)
        if message["type"] == kind:
            return message


async def play_room() -> tuple[int, float, float]:
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


async def main(rooms: int) -> None:
    # One room first, not counted: the first board, URL reverse and query of a process
    # import and compile what every later one reuses (a third of a second in all).
    await play_room()
    total, cpu, wall = 0, 0.0, 0.0
    for _ in range(rooms):
        actions, room_cpu, room_wall = await play_room()
        total, cpu, wall = total + actions, cpu + room_cpu, wall + room_wall
    print(
        f"{total} actions: CPU {cpu / total * 1000:.1f} ms per action (both pushes included), "
        f"wall {wall / total * 1000:.1f} ms; load {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    call_command("migrate", verbosity=0)
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2))
