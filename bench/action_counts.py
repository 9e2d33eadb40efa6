"""What one online action costs in counts rather than time: the Python calls per action
by where their code lives, the SQL statements per action, the channel layer's calls per
action. Unlike CPU time these hardly move with the machine's load, so two checkouts
compare on a busy machine (issue 57: where did the extra CPU go?).

    python bench/action_counts.py [ROOMS] [--stack memory|redis] [--against DIR] [--profile OUT]

bench/action_cpu.py's rooms and loop (its warm-up room not counted), with every thread
profiled (cProfile) and the statements and the layer's calls counted. Calls of a
coroutine count once per resumption, so the layer's and asyncio's vary a little with
timing; the project's own code and the statements do not. `--against DIR` measures DIR's
code too (each checkout in a process of its own) and prints both side by side;
`--profile OUT` keeps each checkout's merged profile (OUT.<checkout>.prof, for pstats).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import re
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import action_cpu  # noqa: E402

PROJECT = ("rooms/online", "rooms", "tiles", "gamekit", "config")


def area(path: str) -> str:
    """Where a function's code lives: a part of the project, a library, or Python's own."""
    if path == "~" or path.startswith("<"):
        return "builtins"
    found = re.search(r"site-packages/([^/]+)", path)
    if found:
        return found.group(1).removesuffix(".py")
    for part in PROJECT:
        if re.search(rf"/{part}/[^/]+$", path) or (part == "rooms" and "/rooms/" in path):
            return part
    return "python" if "/lib/python3" in path else "other"


class Counting:
    """Profiles every thread and counts statements and layer calls while `on`."""

    def __init__(self) -> None:
        self.on = False
        self.profiles: list[cProfile.Profile] = []
        self.statements: Counter[str] = Counter()
        self.layer: Counter[str] = Counter()
        self.lock = threading.Lock()

    def thread_hook(self, frame: Any, event: str, arg: Any) -> None:
        # Set for every thread (threading.setprofile): a thread's profile starts at its
        # first call once counting is on, and replaces this hook.
        if self.on:
            profile = cProfile.Profile()
            with self.lock:
                self.profiles.append(profile)
            profile.enable()

    def install(self) -> None:
        from channels.layers import get_channel_layer
        from django.db.backends import utils

        execute = utils.CursorWrapper.execute

        def counted(cursor: Any, sql: str, params: Any = None) -> Any:
            if self.on:
                self.statements[" ".join(str(sql).split())[:70]] += 1
            return execute(cursor, sql, params)

        utils.CursorWrapper.execute = counted
        layer = get_channel_layer()
        for name in ("send", "group_send", "group_add", "group_discard"):
            method = getattr(layer, name)

            async def call(*args: Any, _method: Any = method, _name: str = name) -> Any:
                if self.on:
                    self.layer[_name] += 1
                return await _method(*args)

            setattr(layer, name, call)


async def play(rooms: int, out: str) -> None:
    counting = COUNTING
    counting.install()
    await action_cpu.play_room()  # the warm-up room, not counted
    counting.on = True
    main = cProfile.Profile()
    counting.profiles.append(main)
    main.enable()
    actions = 0
    for _ in range(rooms):
        actions += (await action_cpu.play_room())[0]
    main.disable()
    counting.on = False
    stats = None
    for profile in counting.profiles:
        profile.disable()  # a thread's own: stops where it is (the main one already has)
        profile.create_stats()
        if profile.stats:
            stats = pstats.Stats(profile) if stats is None else stats.add(profile)
    calls: Counter[str] = Counter()
    for (path, _line, _name), (primitive, *_rest) in stats.stats.items():
        calls[area(path)] += primitive
    if out:
        stats.dump_stats(out)
    print(
        "COUNTS "
        + json.dumps(
            {
                "actions": actions,
                "calls": dict(calls),
                "statements": dict(counting.statements),
                "layer": dict(counting.layer),
            }
        ),
        flush=True,
    )


def run(code: Path, args: argparse.Namespace) -> dict[str, Any]:
    out = f"{args.profile}.{code.name}.prof" if args.profile else ""
    command = [sys.executable, __file__, str(args.rooms), "--stack", args.stack]
    done = subprocess.run(
        [*command, "--code", str(code), "--profile", out], capture_output=True, text=True
    )
    found = re.search(r"^COUNTS (.*)$", done.stdout, re.MULTILINE)
    if done.returncode or found is None:
        sys.exit(f"{code}: exited with {done.returncode}\n{done.stdout}{done.stderr}")
    return json.loads(found.group(1))


def table(results: dict[str, dict[str, Any]]) -> None:
    names = list(results)
    counted = ", ".join(f"{name}: {result['actions']} actions" for name, result in results.items())
    print(f"per action ({counted})")
    print(f"{'':60} " + " ".join(f"{n:>10}" for n in names))
    for section in ("calls", "statements", "layer"):
        keys = sorted({key for r in results.values() for key in r[section]})
        per = {n: {k: v / r["actions"] for k, v in r[section].items()} for n, r in results.items()}
        # The project's own code first, then the rest by the first checkout's count.
        keys.sort(key=lambda k: (k not in PROJECT, -per[names[0]].get(k, 0.0)))
        print(f"{section}:")
        for key in keys:
            row = " ".join(f"{per[n].get(key, 0.0):10.2f}" for n in names)
            print(f"  {key[:58]:58} {row}")
        total = " ".join(f"{sum(per[n].values()):10.2f}" for n in names)
        print(f"  {'(all)':58} {total}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rooms", type=int, nargs="?", default=1)
    parser.add_argument("--stack", choices=("memory", "redis"), default="memory")
    parser.add_argument("--code", type=Path, help="the checkout whose code is measured")
    parser.add_argument("--against", type=Path, help="another checkout, measured beside it")
    parser.add_argument("--profile", default="", help="keep the merged profile in this file")
    args = parser.parse_args()
    if args.code is not None:  # one measure, in this process
        threading.setprofile(COUNTING.thread_hook)
        action_cpu.play = lambda rooms: play(rooms, args.profile)  # type: ignore[assignment]
        action_cpu.measure(action_cpu.arguments([str(args.rooms), "--stack", args.stack,
                                                 "--code", str(args.code)]))  # fmt: skip
        return
    checkouts = [ROOT, *([args.against.resolve()] if args.against else [])]
    table({code.name: run(code, args) for code in checkouts})


COUNTING = Counting()

if __name__ == "__main__":
    main()
