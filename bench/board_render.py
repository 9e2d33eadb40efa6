"""The board render time of one online action: both seats' boards of the new state.

    python bench/board_render.py [--games N] [--slugs tiles cards tarot] [--languages en ru]

Online, every confirmed action renders the board of each seat (rooms.online.push.board,
"friend" mode). This plays whole games with the game's own bots (easy against medium,
seat 1 first then seat 2, fixed seeds) and times the game's board (`Game.board.render`,
what rooms.render.render_board calls; on a commit before it, render_board itself) for
both seats of every state reached, views and status computed beforehand (they are not
the render's), in CPU time (process_time: the machine is shared). Each seed is played
once per language, a new deal every time, so a cache of the render helps only where
real play would let it (the same words, the same tiles, a set unchanged since the last
version); a first game warms the process up and is not counted. Prints, per game and
language, the actions timed and the median and 90th percentile of the two renders
together, in microseconds; then the same of the two boards' move events' lists (issue
56: rooms.render.events_html, each event said by the game's narration), which
render_board adds after the board.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz")
os.environ.setdefault("DEBUG", "0")

import django

django.setup()

from django.utils import translation  # noqa: E402

from rooms import registry  # noqa: E402

MOVE_CAP = 2000


def states(game: registry.Game, seed: int) -> list[Any]:
    """Every state after an action of one bot game (easy against medium)."""
    engine, bots = game.engine, game.bots
    levels = {1: "easy", 2: "medium"}
    rng = random.Random(seed)
    state = engine.new_round(seed, 1 + seed % 2)
    status = engine.status(state)
    reached = []
    while not status["over"] and len(reached) < MOVE_CAP:
        seat = status["turn"]
        state = engine.apply(state, seat, bots.choose(state, seat, levels[seat], rng))
        status = engine.status(state)
        reached.append(state)
    return reached


def render(game: registry.Game, view: Any, status: Any, seat: int) -> str:
    board = getattr(game, "board", None)
    if board is not None:
        return board.render(game, view, status, seat, "friend")
    from rooms.board import render_board  # a commit before Game.board (rooms/board.py then)

    return render_board(game, view, status, seat, "friend")


def events_list(game: registry.Game, view: Any, seat: int) -> str:
    """The move events' list rooms.render.render_board adds after the board (issue 56);
    "" on a commit before it."""
    try:
        from rooms.render import events_html
    except ImportError:
        return ""
    return events_html(game, view, seat, "friend")


def action_times(game: registry.Game, seed: int) -> tuple[list[float], list[float]]:
    """The render time of both seats' boards of each state of one game, and of their
    move events' lists, in microseconds."""
    engine = game.engine
    times, listed = [], []
    for state in states(game, seed):
        status = engine.status(state)
        views = {seat: engine.view(state, seat) for seat in (1, 2)}
        start = time.process_time_ns()
        for seat in (1, 2):
            render(game, views[seat], status, seat)
        middle = time.process_time_ns()
        for seat in (1, 2):
            events_list(game, views[seat], seat)
        times.append((middle - start) / 1000)
        listed.append((time.process_time_ns() - middle) / 1000)
    return times, listed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6, help="games per game and language")
    parser.add_argument("--slugs", nargs="+", default=["tiles", "cards", "tarot"])
    parser.add_argument("--languages", nargs="+", default=["en", "ru"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        "game   lang  actions  median us  p90 us  events median us  p90 us"
        "  (both seats' boards per action; their move events' lists)"
    )
    for slug in args.slugs:
        game = registry.get(slug)
        assert game is not None, f"no game {slug!r}"
        for language in args.languages:
            with translation.override(language):
                action_times(game, 10_000)  # warm-up, not counted
                times: list[float] = []
                listed: list[float] = []
                for index in range(args.games):
                    seed = args.seed * 1000 + index
                    boards, lists = action_times(game, seed)
                    times += boards
                    listed += lists
            deciles = statistics.quantiles(times, n=10)
            listed_deciles = statistics.quantiles(listed, n=10)
            print(
                f"{slug:6} {language:5} {len(times):7d}  {statistics.median(times):9.1f}"
                f"  {deciles[8]:6.1f}  {statistics.median(listed):16.1f}  {listed_deciles[8]:6.1f}"
            )


if __name__ == "__main__":
    main()
