"""The review by the computer (issue 25), measured.

    python bench/reviews.py decisions [--rounds 100] [--games tiles cards tarot]
    python bench/reviews.py computer [--moves 60]
    python bench/reviews.py busy --seconds 120

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
bench/ws_load.py, run with and without it); `--nice N` runs that worker at niceness N.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from collections import Counter
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gamekit.replay import Record, record_of, states  # noqa: E402

GAMES = ("tiles", "cards", "tarot")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bot_round(slug: str, seed: int) -> Record:
    """One round, the strong level against medium (strong is seat 1 on even seeds)."""
    engine, bots = import_module(f"{slug}.engine"), import_module(f"{slug}.bots")
    levels = {1: "strong", 2: "medium"} if seed % 2 == 0 else {1: "medium", 2: "strong"}
    state = engine.new_round(seed, 1 + seed % 2)
    start, steps, rng = engine.to_json(state), [], random.Random(seed)
    while not engine.status(state)["over"]:
        seat = engine.status(state)["turn"]
        action = bots.choose(state, seat, levels[seat], rng)
        steps.append((seat, action))
        state = engine.apply(state, seat, action)
    return record_of(start, steps)


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
    from gamekit.review import judge_job
    from rooms import registry, reviews
    from rooms.local import computer as site

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
    from concurrent.futures import ProcessPoolExecutor

    from gamekit.review import judge_job

    records = {slug: [bot_round(slug, seed) for seed in range(2)] for slug in GAMES}
    context = multiprocessing.get_context("forkserver")
    pool = ProcessPoolExecutor(1, mp_context=context, initializer=os.nice, initargs=(args.nice,))
    end, judged = time.perf_counter() + args.seconds, 0
    while time.perf_counter() < end:
        for slug, rounds in records.items():
            review = import_module(f"{slug}.review")
            for record in rounds:
                steps = review.decisions(record)
                for at in range(0, len(steps), 8):
                    chunk = steps[at : at + 8]
                    pool.submit(judge_job, review.__name__, record.to_json(), chunk).result()
                    judged += len(chunk)
                    if time.perf_counter() > end:
                        break
    pool.shutdown()
    print(f"busy: {judged} decisions judged in {args.seconds} s", flush=True)


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
    args = parser.parse_args()
    {"decisions": decisions, "computer": computer, "busy": busy}[args.what](args)


if __name__ == "__main__":
    main()
