"""The replay page's total time with and without its chart (issue 58): GET /replays/<code>/
of finished rounds of each game (bot rounds, easy against medium, their review done),
through Django's test client on a throw-away SQLite database and the local memory
cache, the game's estimator on (`after`) and off (`before`: Game.chances None, the
page as it was). "cold": the first view of a replay (its chart's curve computed, its
swings' words rendered; the step's board too), the cache emptied before each; "warm":
a second view. Before and after alternate replay by replay, REPEAT times. Run from the
repository root::

    DEBUG=1 python bench/chart_page.py --rounds 20 --repeat 3

Printed per game: wall milliseconds per page, median and max, before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DATABASE_URL"] = "sqlite:///:memory:"

import django

django.setup()

from django.core.cache import cache  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from gamekit.replay import bot_record  # noqa: E402
from rooms import registry  # noqa: E402
from rooms.models import Replay  # noqa: E402
from rooms.reviews import Review  # noqa: E402

GAMES = ("tiles", "cards", "tarot")


def replays_of(slug: str, count: int) -> list[str]:
    game = registry.get(slug)
    codes = []
    for seed in range(count):
        record = bot_record(game.engine, game.bots, 1000 + seed, {1: "easy", 2: "medium"})
        code = f"{slug[:4]}{seed:04d}".ljust(24, "x")
        Replay.objects.create(
            code=code, key=record.key(), game=slug, mode="local", record=record.to_json()
        )
        Review.objects.create(key=record.key(), game=slug, status=Review.DONE, notes=[])
        codes.append(code)
    return codes


def timed(client: Client, code: str) -> float:
    begin = time.perf_counter()
    answer = client.get(f"/replays/{code}/")
    assert answer.status_code == 200, answer.status_code
    return 1000 * (time.perf_counter() - begin)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    setup_test_environment()
    from django.db import connection

    connection.creation.create_test_db(verbosity=0)
    client = Client()
    for slug in GAMES:
        game = registry.get(slug)
        estimator = game.chances
        codes = replays_of(slug, args.rounds)
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeat):
            for code in codes:
                for side in ("before", "after"):
                    object.__setattr__(game, "chances", None if side == "before" else estimator)
                    cache.clear()
                    times.setdefault((side, "cold"), []).append(timed(client, code))
                    times.setdefault((side, "warm"), []).append(timed(client, code))
        object.__setattr__(game, "chances", estimator)
        print(f"{slug}: {len(codes)} replays x {args.repeat}, ms per page (median / max)")
        for view in ("cold", "warm"):
            said = [
                f"{side} {statistics.median(found):6.1f} / {max(found):6.1f}"
                for side in ("before", "after")
                for found in [times[side, view]]
            ]
            print(f"  {view}:  " + "   ".join(said))


if __name__ == "__main__":
    main()
