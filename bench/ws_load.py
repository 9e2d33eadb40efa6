"""Online play under load, next to the bare transport, measured from outside.

    python bench/ws_load.py --rooms 50 200 [--processes P] [--seconds 30] [--repeat N]
    python bench/ws_load.py --rooms 50 200 --processes 2 --repeat 3 --against DIR
    python bench/ws_load.py --rooms 1000 --hold 600 --pause 20   # the capacity run

It starts what it needs and stops it after: a redis-server of its own on a free port,
a PostgreSQL database of its own (on 127.0.0.1:5432, dropped after), P daphne
processes with DEBUG=0 serving the site plus the relay of bench/relay.py. With
`--stack memory` it uses SQLite and the in-memory layer instead (one process only).

For each room count it runs two phases of `--seconds` each, in this order, with the
same client: the relay (R rooms, two sockets each; the seat to move sends a message,
which comes back on both sockets, then the other seat sends) and the game (R tile rummy
rooms; the seat to move draws, or passes once the pool is empty, and waits for its own
new state (the confirmation) and the other seat's (the push); a finished game is
restarted with two new_round messages, not counted). The seats of a room sit on
different processes when P > 1. Pages ping every 10 s as the browser does.

Printed per phase: actions (or messages) per second, p50/p99 of the confirmation and
of the push, errors by kind (server refusals, timeouts, a seat shown gone), the CPU of
the daphne processes and of Redis (share of one core), the client's own CPU, what the
server logs held (tracebacks, "over capacity", "Too many connections"), and what a
closed socket left behind (group members in Redis, seats still marked connected).
Then the ratio game/relay from the same run. Wall-clock figures depend on what else
runs on the machine: compare only figures of one run. This machine's speed also drifts
over minutes (other tenants of its host): `--repeat N` runs N pairs of phases per room
count, in alternate orders (relay first, then game first), and prints each pair's ratio
and their median.

`--against DIR` compares this checkout with another (a worktree of the commit before a
change, its .venv beside it): P daphne processes serve each, on the same Redis and
database (the same migrations), and each repeat measures a pair of phases on one and
then on the other, in alternate orders (this checkout first, then DIR first; relay,
game, game, relay, then game, relay, relay, game). Printed at the end per room count
and checkout: the median and the range of actions/s, of the ratio game/relay, of the
push p99 and of the p99 game/relay, and the first checkout's medians over DIR's.

`--hold S` is the capacity run instead: R rooms opened (2R sockets), the daphne
processes' memory measured before and after (per idle socket), then S seconds with
every room moving once every `--pause` seconds, pings flowing, every presence checked.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402

from bench.load_report import Phase, Row, Tally, name, percentile, summary  # noqa: E402
from bench.load_rooms import TIMEOUT, GameRoom, Refused, RelayRoom, Room  # noqa: E402
from bench.load_services import Services, make_rooms, rss_bytes, setup_django  # noqa: E402


async def keep_moving(room: Room, stop: asyncio.Event, pause: float = 0.0) -> None:
    number = 0
    if pause:
        # Each room's first move at a moment of its own, as players' are: started all at
        # once, 1,000 rooms queued 1,000 actions in one instant, which took seconds to
        # drain and, being 5 % of a 10-minute run's actions, made its p99 (23 s).
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), pause * random.random())
    while not stop.is_set():
        try:
            await room.move(number)
        except Refused as refused:
            if room.tally.counting:
                room.tally.errors[refused.code] += 1
            if isinstance(room, GameRoom):
                with contextlib.suppress(Refused):
                    await room.resync()
        except websockets.ConnectionClosed:
            if room.tally.counting:
                room.tally.errors["connection closed"] += 1
            return
        number += 1
        if pause:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), pause * (0.5 + random.random()))


async def open_all(rooms: list[Room], openers: list, tally: Tally, limit: int = 50) -> list[Room]:
    """Open the rooms, `limit` at a time; the rooms that opened. A room whose socket
    did not open, or whose hello or sync timed out, is counted as an error ("open: …")
    and left out: one slow room does not end the run."""
    gate = asyncio.Semaphore(limit)

    async def one(room: Room, opener) -> Room | None:
        async with gate:
            try:
                await opener
                return room
            except Refused as refused:
                tally.errors[f"open: {refused.code}"] += 1
            except (OSError, TimeoutError, websockets.InvalidHandshake) as error:
                tally.errors[f"open: {type(error).__name__}"] += 1
            except websockets.ConnectionClosed:
                tally.errors["open: connection closed"] += 1
            await room.close()
            return None

    opened = await asyncio.gather(
        *(one(room, opener) for room, opener in zip(rooms, openers, strict=True))
    )
    return [room for room in opened if room is not None]


async def run_phase(
    name: str, services: Services, rooms_count: int, seconds: float, codes: list | None
) -> Phase:
    tally = Tally()
    servers = services.servers
    rooms: list[Room] = []
    openers = []
    for number in range(rooms_count):
        pair = (servers[number % len(servers)], servers[(number + 1) % len(servers)])
        if name == "relay":
            room = RelayRoom(tally, pair)
            openers.append(room.open(number))
        else:
            room = GameRoom(tally, pair)
            code, host, guest = codes[number]
            openers.append(room.open(code, (host, guest)))
        rooms.append(room)
    rooms = await open_all(rooms, openers, tally)
    problems_before = services.log_problems()
    stop = asyncio.Event()
    movers = [asyncio.create_task(keep_moving(room, stop)) for room in rooms]
    await asyncio.sleep(2)  # warm up: every room moving
    tally.counting = True
    daphne0, redis0 = services.cpu()
    client0, started = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    tally.counting = False
    elapsed = time.perf_counter() - started
    daphne1, redis1 = services.cpu()
    client1 = time.process_time()
    stop.set()
    await asyncio.wait(movers, timeout=TIMEOUT + 5)
    await asyncio.gather(*(room.close() for room in rooms))
    await asyncio.sleep(3)  # the disconnect handlers
    leftovers = await asyncio.to_thread(services.leftovers)
    return Phase(
        name,
        rooms_count,
        elapsed,
        tally,
        (daphne1 - daphne0) / elapsed,
        (redis1 - redis0) / elapsed,
        (client1 - client0) / elapsed,
        services.log_problems() - problems_before,
        leftovers,
    )


async def hold(services: Services, rooms_count: int, seconds: float, pause: float) -> None:
    """The capacity run: 2R sockets open for `seconds`, each room moving now and then."""
    codes = await asyncio.to_thread(make_rooms, rooms_count + len(services.servers))
    tally = Tally()
    servers = services.servers
    # A room on each process first, opened, moved and closed: what the first sockets of a
    # process load once (code, templates, connections) is not memory per socket.
    for number, (code, host, guest) in enumerate(codes[rooms_count:]):
        warm = GameRoom(Tally(), (servers[number], servers[(number + 1) % len(servers)]))
        await warm.open(code, (host, guest))
        await warm.move(0)
        await warm.close()
    await asyncio.sleep(3)
    rss0 = sum(rss_bytes(pid) for pid in services.pids())
    rooms = []
    openers = []
    for number, (code, host, guest) in enumerate(codes[:rooms_count]):
        pair = (servers[number % len(servers)], servers[(number + 1) % len(servers)])
        room = GameRoom(tally, pair)
        openers.append(room.open(code, (host, guest)))
        rooms.append(room)
    opened = time.perf_counter()
    rooms = await open_all(rooms, openers, tally)
    sockets = 2 * len(rooms)
    print(
        f"{sockets} of {2 * rooms_count} sockets open in {time.perf_counter() - opened:.1f} s;"
        f" failed to open: {dict(tally.errors) or 0}",
        flush=True,
    )
    await asyncio.sleep(5)
    rss1 = sum(rss_bytes(pid) for pid in services.pids())
    print(
        f"daphne memory (VmRSS, all processes): {rss0 / 2**20:.0f} MiB before, "
        f"{rss1 / 2**20:.0f} MiB with {sockets} idle sockets: "
        f"{(rss1 - rss0) / max(sockets, 1) / 1024:.1f} KiB per socket",
        flush=True,
    )
    problems_before = services.log_problems()
    stop = asyncio.Event()
    tally.counting = True
    daphne0, redis0 = services.cpu()
    client0 = time.process_time()
    started = time.perf_counter()
    movers = [asyncio.create_task(keep_moving(room, stop, pause)) for room in rooms]
    seen = 0
    for minute in range(int(seconds // 60)):
        await asyncio.sleep(60)
        still_open = sum(page.socket.close_code is None for r in rooms for page in r.pages.values())
        recent = tally.confirm[seen:]
        seen = len(tally.confirm)
        client = (time.process_time() - client0) / (time.perf_counter() - started)
        print(
            f"  {minute + 1} min: {len(tally.confirm)} actions, errors {dict(tally.errors) or 0},"
            f" {still_open} sockets open, seats shown gone while open: {tally.gone};"
            f" this minute's confirmation p50 {percentile(recent, 0.5) * 1000:.0f} ms,"
            f" p99 {percentile(recent, 0.99) * 1000:.0f} ms, max {max(recent, default=0):.1f} s;"
            f" client CPU so far {client:.0%}",
            flush=True,
        )
    await asyncio.sleep(seconds % 60)
    tally.counting = False
    elapsed = time.perf_counter() - started
    daphne1, redis1 = services.cpu()
    stop.set()
    await asyncio.wait(movers, timeout=TIMEOUT + 5)
    still_open = sum(page.socket.close_code is None for r in rooms for page in r.pages.values())
    await asyncio.gather(*(room.close() for room in rooms))
    await asyncio.sleep(5)
    leftovers = await asyncio.to_thread(services.leftovers)
    phase = Phase(
        "game",
        rooms_count,
        elapsed,
        tally,
        (daphne1 - daphne0) / elapsed,
        (redis1 - redis0) / elapsed,
        (time.process_time() - client0) / elapsed,
        services.log_problems() - problems_before,
        leftovers,
    )
    print(f"{still_open} of {sockets} sockets still open at the end")
    print(f"seats ever shown gone while both pages were open: {tally.gone}")
    print(phase.report(len(servers)))


async def main(args: argparse.Namespace) -> None:
    against = (args.against.resolve(),) if args.against else ()
    services = Services(args.stack, args.processes, args.profile, args.trace, against=against)
    try:
        services.start()
        await asyncio.to_thread(setup_django, services.env)
        print(
            f"stack: {'Redis, PostgreSQL' if args.stack == 'redis' else 'in-memory, SQLite'}; "
            f"{args.processes} daphne process(es) per checkout; load {os.getloadavg()[0]:.2f}; "
            + "; ".join(f"{name(c)}: {c}" for c in services.checkouts),
            flush=True,
        )
        if args.hold:
            await hold(services, args.rooms[0], args.hold, args.pause)
            return
        rows: list[Row] = []
        for count in args.rooms:
            for repeat in range(args.repeat):
                # Pairs of phases in alternate orders, and with two checkouts these in
                # alternate orders too (relay game game relay, both ways, then game relay
                # relay game): the machine's speed drifts over minutes (other tenants of
                # its host), which would favour one phase, or one checkout.
                order = services.checkouts[:: 1 if repeat % 2 == 0 else -1]
                for position, checkout in enumerate(order):
                    services.use(checkout)
                    relay_first = (position + repeat // len(order)) % 2 == 0
                    row = await pair(services, args, count, checkout, relay_first)
                    if row is not None:
                        rows.append(row)
        print()
        summary(rows, args.rooms, args.repeat, args.processes, services.checkouts)
    finally:
        services.stop()


async def pair(
    services: Services, args: argparse.Namespace, count: int, checkout: Path, relay_first: bool
) -> Row | None:
    """A relay phase and a game phase of `count` rooms on `checkout`'s processes."""
    relay = game = None
    label = f"[{name(checkout)}] " if len(services.checkouts) > 1 else ""
    for kind in ("relay", "game") if relay_first else ("game", "relay"):
        if kind == "relay" and args.phases != "game":
            relay = await run_phase("relay", services, count, args.seconds, None)
            print(label + relay.report(args.processes), flush=True)
        elif kind == "game" and args.phases != "relay":
            codes = await asyncio.to_thread(make_rooms, count)
            game = await run_phase("game", services, count, args.seconds, codes)
            print(label + game.report(args.processes), flush=True)
    if relay is None or game is None:
        return None
    row = Row(count, checkout, game, relay)
    print(
        f"{label}ratio game/relay {row.ratio:.2f}; push p99 game/relay {row.p99:.1f}x", flush=True
    )
    return row


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[50])
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--stack", choices=("redis", "memory"), default="redis")
    parser.add_argument("--phases", choices=("both", "game", "relay"), default="both")
    parser.add_argument(
        "--repeat", type=int, default=1, help="pairs of phases per room count, in alternate orders"
    )
    parser.add_argument(
        "--profile", default="", help="cProfile the daphne processes into PROFILE.<pid>.prof"
    )
    parser.add_argument(
        "--trace", action="store_true", help="time each stage of the pushes (stage_trace.py)"
    )
    parser.add_argument("--hold", type=float, default=0, help="capacity run: seconds to hold")
    parser.add_argument("--pause", type=float, default=20, help="capacity run: s between moves")
    parser.add_argument(
        "--against", type=Path, help="another checkout, served and measured in turns with this one"
    )
    args = parser.parse_args(argv)
    if args.stack == "memory" and args.processes != 1:
        parser.error("the in-memory layer serves one process only")
    return args


if __name__ == "__main__":
    asyncio.run(main(arguments()))
