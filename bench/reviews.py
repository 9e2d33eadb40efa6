"""The review by the computer (issue 25), measured.

    python bench/reviews.py decisions [--rounds 100] [--games tiles cards tarot]
    python bench/reviews.py computer [--moves 60]
    python bench/reviews.py busy --seconds 120 [--workers 2] [--nice 19]
    python bench/reviews.py beside --rooms 200 --hold 60 --pause 5 --repeat 3

`decisions`: ROUNDS finished rounds of each game, the strong level against medium
(seats alternating by seed), each reviewed decision by decision (the game's judge_at on
the state before it, as the worker runs it); printed per game: rounds, decisions
judged, the CPU time per decision (median, p99, max) and per round (median, max), and
how the notes fall (best, ok, miss, none).

`computer`: the computer's moves through the site's worker pool
(rooms.local.computer.computer_replies, 2 workers, Tarot at the strong level, the
slowest) timed from the request's side: idle; while two reviews run in the same server
process through rooms.reviews.judge_chunk (their own worker at nice 19, the site's
way), each looping over Tarot rounds; and while they run in the computer's own pool
instead, one chunk at a time (one of its two workers: the first design).

`busy`: what one server process's review slot does to the machine: one worker process
judging review chunks back to back for SECONDS (for a load bench beside it, e.g.
bench/ws_load.py, run with and without it); `--nice N` runs that worker at niceness N;
`--workers N` runs N such workers (one per server process: two for two daphne processes);
like the site's, they judge in the machine's review slots (rooms.workers.machine_slot:
one core fewer than the machine has), so on 2 cores one chunk at a time among them.

`beside`: play in other rooms while reviews run, measured from outside. It runs
bench/ws_load.py's capacity run (two daphne processes, Redis, PostgreSQL; ROOMS rooms,
each moving once every PAUSE seconds, for HOLD seconds: a load the machine carries, not
a saturating one) REPEAT times without and REPEAT times with `busy` beside it (WORKERS
review workers, by default two, one per daphne process, the site's way (`--policy`),
judging back to back for the whole run), in
alternate orders (without/with, then with/without, ...), since the machine's speed
drifts over minutes. Printed: each run's actions/s and its confirmation and push
p50/p99, then the medians of each side.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gamekit.replay import Record, bot_record, states  # noqa: E402

GAMES = ("tiles", "cards", "tarot")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bot_round(slug: str, seed: int) -> Record:
    """One round, the strong level against medium (strong is seat 1 on even seeds)."""
    engine, bots = import_module(f"{slug}.engine"), import_module(f"{slug}.bots")
    levels = {1: "strong", 2: "medium"} if seed % 2 == 0 else {1: "medium", 2: "strong"}
    return bot_record(engine, bots, seed, levels, first=1 + seed % 2)


def decisions(args: argparse.Namespace) -> None:
    for slug in args.games:
        engine, review = import_module(f"{slug}.engine"), import_module(f"{slug}.review")
        per_decision, per_round, kinds = [], [], Counter()
        for seed in range(args.seed, args.seed + args.rounds):
            record = bot_round(slug, seed)
            every, key = states(engine, record), record.key()
            spent = 0.0
            for i in review.decisions(record):
                begin = time.process_time()
                note = review.judge_at(every[i], record, i, key)
                took = time.process_time() - begin
                per_decision.append(took)
                spent += took
                kinds[note["kind"]] += 1
            per_round.append(spent)
        ms = [1000 * t for t in per_decision]
        print(
            f"{slug}: {args.rounds} rounds, {len(ms)} decisions; CPU per decision ms "
            f"median {statistics.median(ms):.2f} p99 {percentile(ms, 0.99):.1f} "
            f"max {max(ms):.0f}; per round s median {statistics.median(per_round):.2f} "
            f"max {max(per_round):.2f}; notes {dict(kinds)}",
            flush=True,
        )


def computer(args: argparse.Namespace) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()
    from rooms import registry, reviews
    from rooms.local import computer as site
    from rooms.workers import judge_job

    game = registry.get("tarot")
    engine = game.engine
    records = [bot_round("tarot", seed) for seed in range(12)]
    # Positions where the computer (seat 2) is to move, from those rounds.
    positions = [
        s
        for record in records
        for s in states(engine, record)
        if engine.status(s)["turn"] == site.COMPUTER_SEAT
    ]
    positions = random.Random(1).sample(positions, args.moves)
    site.computer_pool()  # started (and warmed) before timing
    time_moves(site, game, positions[:4])

    def phase(name: str, reviewers: int, where: str) -> None:
        """Computer moves timed while `reviewers` reviews run, each judging chunks back
        to back: `where` "own" in the review's niced worker (the site's way), "shared"
        in the computer's pool, one chunk of all reviews at a time (the first design)."""
        stop = threading.Event()
        judged = Counter()
        shared = threading.BoundedSemaphore(1)

        def judge(module: str, record_json: dict, chunk: list[int]) -> None:
            if where == "own":
                reviews.judge_chunk(module, record_json, chunk)
                return
            with shared:
                site.computer_pool().submit(judge_job, module, record_json, chunk).result()

        def review_loop(number: int) -> None:
            module = game.review.__name__
            while not stop.is_set():
                for record in records:
                    steps = game.review.decisions(record)
                    for at in range(0, len(steps), reviews.CHUNK):
                        if stop.is_set():
                            return
                        chunk = steps[at : at + reviews.CHUNK]
                        judge(module, record.to_json(), chunk)
                        judged[number] += len(chunk)

        threads = [threading.Thread(target=review_loop, args=(n,)) for n in range(reviewers)]
        for thread in threads:
            thread.start()
        time.sleep(1 if reviewers else 0)
        begin = time.perf_counter()
        waits = time_moves(site, game, positions)
        spent = time.perf_counter() - begin
        stop.set()
        for thread in threads:
            thread.join()
        ms = [1000 * w for w in waits]
        print(
            f"{name}: {len(ms)} computer moves, wall ms median {statistics.median(ms):.0f} "
            f"p90 {percentile(ms, 0.9):.0f} p99 {percentile(ms, 0.99):.0f} max {max(ms):.0f}; "
            f"reviews judged {sum(judged.values())} decisions in {spent:.0f} s",
            flush=True,
        )

    reviews.review_pool().submit(os.getpid).result()  # started before timing
    for _ in range(args.repeat):
        phase("idle", 0, "own")
        phase("2 reviews in their own worker (nice 19)", 2, "own")
        phase("2 reviews in the computer's pool (1 of its 2 workers)", 2, "shared")


def time_moves(site, game, positions) -> list[float]:
    waits = []
    for number, state in enumerate(positions):
        payload = {"seed": number, "moves": 0, "level": "strong"}
        begin = time.perf_counter()
        site.computer_replies(game, payload, state)
        waits.append(time.perf_counter() - begin)
    return waits


def busy(args: argparse.Namespace) -> None:
    """One worker process judging chunks back to back (as one server's review slot)."""
    import multiprocessing
    import signal
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from rooms.workers import judge_job, lower_priority

    records = {slug: [bot_round(slug, seed) for seed in range(2)] for slug in GAMES}
    context = multiprocessing.get_context("forkserver")
    pool = ProcessPoolExecutor(
        args.workers,
        mp_context=context,
        initializer=lower_priority if args.policy == "site" else os.nice,
        initargs=(args.nice,),
    )
    begin = time.perf_counter()
    end, judged = begin + args.seconds, Counter()
    stop = threading.Event()  # SIGTERM: the load beside has ended
    signal.signal(signal.SIGTERM, lambda *_: stop.set())

    def slot(number: int) -> None:
        """One server process's review slot: a chunk at a time, back to back."""
        while time.perf_counter() < end and not stop.is_set():
            for slug, rounds in records.items():
                review = import_module(f"{slug}.review")
                for record in rounds:
                    steps = review.decisions(record)
                    for at in range(0, len(steps), 8):
                        chunk = steps[at : at + 8]
                        job = pool.submit(judge_job, review.__name__, record.to_json(), chunk)
                        try:
                            job.result()
                        except BrokenProcessPool:  # the workers were stopped from outside
                            return
                        judged[number] += len(chunk)
                        if time.perf_counter() > end or stop.is_set():
                            return

    slots = [threading.Thread(target=slot, args=(n,)) for n in range(args.workers)]
    for thread in slots:
        thread.start()
    for thread in slots:
        while thread.is_alive():  # in short waits, so that SIGTERM's handler runs
            thread.join(0.2)
    pool.shutdown()
    print(
        f"busy: {sum(judged.values())} decisions judged in {time.perf_counter() - begin:.0f} s "
        f"by {args.workers} worker(s) at nice {args.nice}, policy {args.policy}",
        flush=True,
    )


LOAD_FIGURES = {
    "rate": re.compile(r"^game .* = ([\d.]+) actions/s", re.M),
    "confirmation": re.compile(r"confirmation p50\s+([\d.]+) ms\s+p99\s+([\d.]+) ms"),
    "push": re.compile(r"push\s+p50\s+([\d.]+) ms\s+p99\s+([\d.]+) ms"),
    "errors": re.compile(r"errors (.*); server log (.*)"),
}


def beside(args: argparse.Namespace) -> None:
    """ws_load's capacity run without and with review workers beside it, alternated."""
    load = [
        sys.executable, str(ROOT / "bench" / "ws_load.py"), "--processes", "2",
        "--rooms", str(args.rooms), "--hold", str(args.hold), "--pause", str(args.pause),
    ]  # fmt: skip
    # The review workers outlast the load run's set-up and its whole hold.
    reviewing = [
        sys.executable, str(ROOT / "bench" / "reviews.py"), "busy", "--workers", str(args.workers),
        "--nice", "19", "--seconds", str(args.hold + 120), "--policy", args.policy,
    ]  # fmt: skip
    rows = []
    for run in range(2 * args.repeat):
        # without, with; with, without; ... (the machine's speed drifts over minutes)
        with_reviews = (run % 2 == 1) != (run // 2 % 2 == 1)
        busy_process = (
            subprocess.Popen(reviewing, stdout=subprocess.PIPE, text=True) if with_reviews else None
        )
        begin = time.perf_counter()
        out = subprocess.run(load, capture_output=True, text=True, check=True).stdout
        judged = ""
        if busy_process:
            busy_process.terminate()
            judged = busy_process.communicate()[0].strip()
        rate = float(LOAD_FIGURES["rate"].search(out)[1])
        confirm = LOAD_FIGURES["confirmation"].search(out).groups()
        push = LOAD_FIGURES["push"].search(out).groups()
        errors = LOAD_FIGURES["errors"].search(out).groups()
        row = (with_reviews, rate, *map(float, confirm), *map(float, push))
        rows.append(row)
        print(
            f"run {run + 1} {'with reviews   ' if with_reviews else 'without reviews'} "
            f"({time.perf_counter() - begin:.0f} s, load {os.getloadavg()[0]:.2f}): "
            f"{rate:.1f} actions/s; confirmation p50/p99 {confirm[0]}/{confirm[1]} ms; "
            f"push p50/p99 {push[0]}/{push[1]} ms; errors {errors[0]}; log {errors[1]}"
            + (f"; {judged}" if judged else ""),
            flush=True,
        )
    print("\n| reviews beside | runs | actions/s | confirmation p50 / p99 | push p50 / p99 |")
    print("|---|---|---|---|---|")
    for side in (False, True):
        mine = [r for r in rows if r[0] == side]
        med = [statistics.median(r[i] for r in mine) for i in range(1, 6)]
        print(
            f"| {f'{args.workers} worker(s), {args.policy}' if side else 'none'} | {len(mine)} | "
            f"{med[0]:.1f} | "
            f"{med[1]:.1f} / {med[2]:.1f} ms | {med[3]:.1f} / {med[4]:.1f} ms |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    one = sub.add_parser("decisions")
    one.add_argument("--rounds", type=int, default=100)
    one.add_argument("--seed", type=int, default=1)
    one.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    two = sub.add_parser("computer")
    two.add_argument("--moves", type=int, default=60)
    two.add_argument("--repeat", type=int, default=2)
    three = sub.add_parser("busy")
    three.add_argument("--seconds", type=float, default=120)
    three.add_argument(
        "--nice", type=int, default=0, help="the worker's niceness (0: as the server)"
    )
    three.add_argument("--workers", type=int, default=1, help="review slots (server processes)")
    policy = {
        "choices": ("site", "nice"),
        "default": "site",
        "help": "site: the site's way (rooms.workers.lower_priority: the niceness and "
        "SCHED_IDLE); nice: the niceness alone",
    }
    three.add_argument("--policy", **policy)
    four = sub.add_parser("beside")
    four.add_argument("--rooms", type=int, default=200)
    four.add_argument("--hold", type=int, default=60)
    four.add_argument("--pause", type=float, default=5)
    four.add_argument("--repeat", type=int, default=3)
    four.add_argument("--policy", **policy)
    four.add_argument("--workers", type=int, default=2, help="review workers beside the load")
    args = parser.parse_args()
    {"decisions": decisions, "computer": computer, "busy": busy, "beside": beside}[args.what](args)


if __name__ == "__main__":
    main()
