"""Daphne's own CPU per game action and per relay message, over a fixed count of them.

    python bench/daphne_cpu.py [--rooms 50] [--count 2000] [--phases game relay]
                               [--repeat N] [--base DIR] [--spy OUT]

The stack of bench/ws_load.py (its own redis-server and PostgreSQL database, one daphne
process with DEBUG=0 serving the site and the relay) and its client, the rooms moving
as fast as they can; after a warm-up of `--count`/5, the CPU time of the daphne process
(user + system, from /proc: the time it waited for a core is not counted) over the next
`--count` confirmed actions or messages, divided by their number. Pings flow as from
the pages. Less at the mercy of the machine's load than ws_load.py's rates, but not
free of it: a busy machine makes every instruction dearer (caches, shared cores).

`--base DIR` starts a second daphne from another checkout of the project (e.g. a
`git archive` of the base commit), and each of the `--repeat` rounds measures both,
one stretch after the other, so that base and branch see the same machine; the median
of each is printed. `--spy OUT` records each counted stretch with py-spy (`OUT.<phase>.
<server>.txt`, collapsed stacks of the threads holding the GIL), when py-spy is installed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.load_report import Tally  # noqa: E402
from bench.load_services import APPLICATION, CLOCK_TICKS, Services, make_rooms, setup_django  # noqa: E402
from bench.ws_load import GameRoom, RelayRoom, keep_moving, open_all  # noqa: E402
from tests.live_server import DaphneProcess  # noqa: E402


def user_system(pid: int) -> tuple[float, float]:
    """User and system CPU seconds of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / CLOCK_TICKS, int(fields[12]) / CLOCK_TICKS


async def measure(
    server: DaphneProcess, label: str, name: str, rooms_count: int, count: int, spy: str
) -> float:
    """Daphne's CPU seconds per action (or message) over `count` of them."""
    tally = Tally()
    rooms, openers = [], []
    codes = await asyncio.to_thread(make_rooms, rooms_count) if name == "game" else None
    for number in range(rooms_count):
        if name == "relay":
            room = RelayRoom(tally, (server, server))
            openers.append(room.open(number))
        else:
            room = GameRoom(tally, (server, server))
            openers.append(room.open(codes[number][0], codes[number][1:]))
        rooms.append(room)
    rooms = await open_all(rooms, openers, tally)
    tally.counting = True  # every confirmation is kept from here on; counted below
    stop = asyncio.Event()
    movers = [asyncio.create_task(keep_moving(room, stop)) for room in rooms]
    warm = max(count // 5, 1)
    while len(tally.confirm) < warm:
        await asyncio.sleep(0.01)
    pid = server.process.pid
    spying = None
    if spy:
        py_spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
        spying = subprocess.Popen(
            [py_spy, "record", "-p", str(pid), "--gil", "-r", "250", "-f", "raw",
             "-o", f"{spy}.{name}.{label}.txt"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        await asyncio.sleep(1)
    first = len(tally.confirm)
    user0, system0 = user_system(pid)
    wall0, client0 = time.perf_counter(), time.process_time()
    while len(tally.confirm) < first + count:
        await asyncio.sleep(0.01)
    done = len(tally.confirm) - first
    user1, system1 = user_system(pid)
    wall, client = time.perf_counter() - wall0, time.process_time() - client0
    user, system = user1 - user0, system1 - system0
    if spying is not None:
        spying.send_signal(signal.SIGINT)
        spying.wait(30)
    stop.set()
    await asyncio.wait(movers, timeout=70)
    await asyncio.gather(*(room.close() for room in rooms))
    cpu = user + system
    print(
        f"{label:6} {name:5} {rooms_count} rooms: {done} in {wall:.1f} s, daphne CPU "
        f"{cpu / done * 1000:.2f} ms each (user {user / done * 1000:.2f}, system "
        f"{system / done * 1000:.2f}; {cpu / wall:.0%} of a core); client {client / wall:.0%};"
        f" load {os.getloadavg()[0]:.1f}; errors {dict(tally.errors) or 0}",
        flush=True,
    )
    await asyncio.sleep(2)
    return cpu / done


async def main(args: argparse.Namespace) -> None:
    services = Services("redis", 1)
    try:
        services.start()
        servers = {"branch": services.servers[0]}
        if args.base:
            log = services.folder / "base.log"
            services.logs.append(log)
            with log.open("wb") as out:
                servers["base"] = DaphneProcess(
                    services.env,
                    log=out,
                    seconds=30,
                    application=APPLICATION,
                    cwd=Path(args.base).resolve(),
                )
        await asyncio.to_thread(setup_django, services.env)
        print(f"branch {ROOT}, base {args.base or '-'}; load {os.getloadavg()[0]:.2f}", flush=True)
        figures: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeat):
            for phase in args.phases:
                for label, server in reversed(servers.items()):
                    cost = await measure(server, label, phase, args.rooms, args.count, args.spy)
                    figures.setdefault((label, phase), []).append(cost)
        for (label, phase), costs in figures.items():
            listed = ", ".join(f"{cost * 1000:.2f}" for cost in costs)
            print(f"median {label} {phase}: {statistics.median(costs) * 1000:.2f} ms ({listed})")
        print(f"load {os.getloadavg()[0]:.2f}; log {dict(services.log_problems()) or 'clean'}")
        if os.environ.get("BENCH_LOG_GREP"):
            for log in services.logs:
                for line in log.read_text().splitlines():
                    if os.environ["BENCH_LOG_GREP"] in line:
                        print(f"{log.name}: {line}")
    finally:
        for server in servers.values() if "servers" in locals() else ():
            server.stop()
        services.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--phases", nargs="+", choices=("game", "relay"), default=["game"])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--base", default="", help="a checkout to measure against, in turns")
    parser.add_argument("--spy", default="", help="py-spy each counted stretch into SPY.*.txt")
    asyncio.run(main(parser.parse_args()))
