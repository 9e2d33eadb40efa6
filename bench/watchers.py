"""Watchers do not slow the players (issue 25, rooms/online/watchers.py), measured.

    nice -n 19 python bench/watchers.py [--stack redis|memory] [--processes 2]
        [--watchers 50] [--seconds 20] [--repeat 2] [--pause 0]

Part 1, from outside, as bench/ws_load.py runs the site (its services: a redis-server
and a PostgreSQL database of its own, P daphne processes with DEBUG=0; `--stack memory`:
SQLite and the in-memory layer, one process): one tile rummy room whose seats move as
fast as the server answers (the seat to move draws, or passes; a finished round is
restarted), or `--pause` seconds apart as people play, in phases of `--seconds`: with
no watcher, and with `--watchers` watcher sockets on the room (spread over the
processes), in alternate orders `--repeat` times. Printed per phase: moves a second,
the players' p50/p99 of the confirmation and of the push, the p50/p99 of the moment the
last watcher had the move's frame, whether every watcher got the same frame of every
version ("missed": versions some watcher skipped, its next frame having come first: the
seats sit on two processes, whose pushes to the watchers may cross in Redis; each frame
is a whole state, and an older one is never shown after a newer), and the daphne
processes' CPU per move.

Part 2, in this process (the ASGI app through Channels' test client, the in-memory
layer, the same database): a room with `--watchers` watchers, half in English and half
in Russian, played for 30 moves; counted: the spectator boards rendered (calls of the
board's render with seat None) and the spectator frames built, per version.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.load_report import Tally, percentile  # noqa: E402
from bench.load_rooms import GameRoom, Page, Refused, socket_url  # noqa: E402
from bench.load_services import Services, make_rooms, setup_django  # noqa: E402


class Watcher(Page):
    """A watcher's socket: every frame's version and arrival, and the frame itself."""

    def __init__(self, tally: Tally) -> None:
        super().__init__(tally, game=False)
        self.seen: dict[int, tuple[float, str]] = {}

    async def read(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.socket:
                arrived = time.perf_counter()
                message = json.loads(text)
                if message.get("type") == "state":
                    self.seen.setdefault(message["version"], (arrived, text))


async def phase(room: GameRoom, watchers: list[Watcher], seconds: float, pause: float) -> dict:
    tally = room.tally
    tally.confirm.clear()
    tally.push.clear()
    tally.errors.clear()
    for watcher in watchers:
        watcher.seen.clear()
    started: dict[int, float] = {}
    tally.counting = True
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        version = room.state["version"]
        over = room.state["status"]["over"]
        began = time.perf_counter()
        try:
            await room.move(0)
        except Refused as refused:
            tally.errors[refused.code] += 1
            await room.resync()
            continue
        if not over:
            started[version + 1] = began
        if pause:
            await asyncio.sleep(pause)
    tally.counting = False
    await asyncio.sleep(1)  # the last frames on their way
    last, same, missed = [], 0, 0
    for version, began in started.items():
        frames = [w.seen.get(version) for w in watchers]
        if not watchers:
            continue
        if any(frame is None for frame in frames):
            missed += 1
            continue
        last.append(max(arrived for arrived, _ in frames) - began)
        same += len({text for _, text in frames}) == 1
    return {
        "moves": len(started),
        "confirm": tally.confirm[:],
        "push": tally.push[:],
        "last watcher": last,
        "same frame": same,
        "missed": missed,
        "errors": dict(tally.errors),
    }


def ms(values: list[float], share: float) -> str:
    return f"{percentile(values, share) * 1000:.1f}" if values else "-"


async def outside(args: argparse.Namespace, services: Services) -> None:
    servers = services.servers
    ((code, host, guest),) = await asyncio.to_thread(make_rooms, 1)
    tally = Tally()
    pair = (servers[0], servers[-1])
    room = await GameRoom(tally, pair).open(code, (host, guest))
    rows = []
    for repeat in range(args.repeat):
        counts = [0, args.watchers] if repeat % 2 == 0 else [args.watchers, 0]
        for count in counts:
            watchers = []
            for number in range(count):
                server = servers[number % len(servers)]
                watcher = Watcher(tally)
                await watcher.open(socket_url(server, f"/ws/rooms/{code}/"), server.url)
                await watcher.send({"type": "hello", "watch": True})
                watchers.append(watcher)
            await asyncio.sleep(1)
            await room.resync()
            cpu_before = services.cpu()[0]
            result = await phase(room, watchers, args.seconds, args.pause)
            cpu = services.cpu()[0] - cpu_before
            await asyncio.gather(*(watcher.close() for watcher in watchers))
            moves = max(result["moves"], 1)
            rows.append(
                f"| {count} | {result['moves'] / args.seconds:.1f} "
                f"| {ms(result['confirm'], 0.5)} / {ms(result['confirm'], 0.99)} "
                f"| {ms(result['push'], 0.5)} / {ms(result['push'], 0.99)} "
                f"| {ms(result['last watcher'], 0.5)} / {ms(result['last watcher'], 0.99)} "
                f"| {result['same frame']}/{result['moves'] if count else 0} "
                f"| {result['missed']} | {cpu / moves * 1000:.1f} | {result['errors'] or ''} |"
            )
            print(rows[-1], flush=True)
            await asyncio.sleep(2)  # the watchers' leaving told
    await room.close()
    print(
        "\n| watchers | moves/s | confirm p50/p99 ms | push p50/p99 ms "
        "| last watcher p50/p99 ms | same frame | missed | daphne CPU ms/move | errors |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))


async def inside(watchers_count: int, moves: int = 30) -> None:
    """Renders per version, counted in this process."""
    import random

    from channels.testing import WebsocketCommunicator

    from config.asgi import application
    from rooms import registry, render
    from rooms.online import push

    renders = {"spectator": 0}
    board = render.render_board

    def counting(game, view, status, seat, mode, request=None):
        if seat is None:
            renders["spectator"] += 1
        return board(game, view, status, seat, mode, request)

    render.render_board = counting
    ((code, host_key, guest_key),) = await asyncio.to_thread(make_rooms, 1)

    async def socket(hello: dict, language: bytes) -> WebsocketCommunicator:
        headers = [(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1")]
        headers.append((b"accept-language", language))
        page = WebsocketCommunicator(application, f"/ws/rooms/{code}/", headers=headers)
        await page.connect()
        await page.send_json_to(hello)
        return page

    async def next_state(page: WebsocketCommunicator) -> dict:
        while (message := await page.receive_json_from(timeout=30))["type"] != "state":
            pass
        return message

    seats = {1: await socket({"type": "hello", "key": host_key}, b"en")}
    seats[2] = await socket({"type": "hello", "key": guest_key}, b"en")
    for page in seats.values():
        await next_state(page)
    pages = [
        await socket({"type": "hello", "watch": True}, b"en" if n % 2 else b"ru")
        for n in range(watchers_count)
    ]
    for page in pages:
        await next_state(page)
    game = registry.get("tiles")
    rng = random.Random(1)
    spectator_before, built_before = renders["spectator"], push.built
    await seats[1].send_json_to({"type": "sync"})
    state = await next_state(seats[1])
    played = 0
    while played < moves and not state["status"]["over"]:
        from rooms.models import Room

        room = await asyncio.to_thread(lambda: Room.objects.get(code=code))
        seat = state["status"]["turn"]
        action = game.bots.choose(room.game_state(), seat, "easy", rng)
        await seats[seat].send_json_to(
            {"type": "action", "version": state["version"], "action": action}
        )
        state = await next_state(seats[seat])
        await next_state(seats[3 - seat])
        for page in pages:
            assert (await next_state(page))["version"] == state["version"]
        played += 1
    for page in [*pages, *seats.values()]:
        await page.disconnect()
    render.render_board = board
    spectator = renders["spectator"] - spectator_before
    built = push.built - built_before
    print(
        f"\n{watchers_count} watchers (en and ru), {played} moves: {spectator} spectator "
        f"boards rendered ({spectator / played:.2f} a version), {built} frames built "
        f"({built / played:.2f} a version), {watchers_count * played} frames sent"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stack", choices=("redis", "memory"), default="redis")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--watchers", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--pause", type=float, default=0, help="seconds between moves")
    args = parser.parse_args()
    processes = 1 if args.stack == "memory" else args.processes
    services = Services(args.stack, processes)
    try:
        services.start()
        setup_django(services.env)
        asyncio.run(outside(args, services))
        asyncio.run(inside(args.watchers))
        print(f"\nserver log problems: {dict(services.log_problems()) or 'none'}")
    finally:
        services.stop()


if __name__ == "__main__":
    main()
