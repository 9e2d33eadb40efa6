"""The strength bench: two players of one game, mirror pairs, win share with its interval.

Run from the repository root, e.g.::

    python bench/bots.py --game tiles --a strong --b maxtiles --pairs 200 --seed 1 --jobs 2

A game is found by its modules ``<game>.engine`` and ``<game>.bots`` (``tiles``, ``cards``,
``tarot``; a dotted package such as ``tests.counter_game`` works too). A player is a bot
level (``bots.LEVELS``) or a named baseline from ``bench/baselines/<game>.py``'s
``PLAYERS`` (tiles: ``maxtiles``, ``beginner``): reference players and the outside
players written from published strategies, kept out of the site.

Mirror pairs: each deal is played twice on the same seed and the same first seat, A in
seat 1 then A in seat 2, so that both players get both hands; luck of the deal cancels.
One deal is one game: ``new_round(seed, first_seat)`` up to ``status["over"]`` (for a game
whose round starts a match, that is where the match ends). With ``--matches`` a game is
a whole match instead (rummy: deals until one player has 100), the deals following one
another from the pair's seed, so that both games of a pair see the same deals in the same
order while both matches last; what players feel over a match (points, not deals won) is
then measured. The first seat alternates
from pair to pair. Each game's players get their own rngs, seeded from the deal, so a run
is reproducible from ``--seed`` whatever ``--jobs`` (the decision times are not).
``--set bots.SAMPLES=20`` (repeatable) changes a constant of a module of the game's package
before the games start, for tuning: tune on other seeds than those measured.

Printed: A's win share (a win 1, a draw 1/2) with its 95% interval computed by pairs
(the mean of the pair scores, normal approximation: the two games of a pair are not
independent, so a per-game interval would be too narrow), the Wilson interval over
games for comparison, the average score difference A - B per game, and each player's
decision time median/p99/max, both wall-clock (perf_counter: inflated when the machine is
busy) and CPU time of the process (process_time: what the decision costs). A game that
hits ``--move-cap`` counts as a draw and is reported.

Tuning: ``--save FILE`` keeps a run's pair scores; a later run of the same pairs with
``--paired-with FILE`` (after a change of the code, or with other ``--set`` values) prints
the change of A's share pair by pair, with its interval: most pairs play alike in both
runs, so a change of a point or two shows where two shares' intervals would overlap.

The parts: the players and the games of a pair (bench/mirror_pairs.py), the share and
its intervals (bench/win_share.py); this module is the command line and the run.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Iterable
from importlib import import_module
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.mirror_pairs import MOVE_CAP, GameRecord, load_game, match_rules, play_pair, player
from bench.win_share import Summary, combine, paired_difference, report, summarise


def set_constant(game_name: str, assignment: str) -> None:
    """``bots.SAMPLES=20``: set a constant of ``<game>.bots`` (any module of the game's
    package) to an int or float, refusing a name the module does not have."""
    name, _, text = assignment.partition("=")
    module_name, _, constant = name.rpartition(".")
    if not module_name or not text:
        raise SystemExit(f"--set wants MODULE.NAME=VALUE, not {assignment!r}")
    module = import_module(f"{game_name}.{module_name}")
    if not hasattr(module, constant):
        raise SystemExit(f"{game_name}.{module_name} has no {constant}")
    value: float = float(text) if "." in text else int(text)
    setattr(module, constant, value)


def _pair_job(
    args: tuple[str, str, str, int, int, int, bool],
) -> tuple[GameRecord, GameRecord]:
    return play_pair(*args)


def run(
    game_name: str,
    a: str,
    b: str,
    pairs: int,
    seed: int,
    jobs: int = 1,
    move_cap: int = MOVE_CAP,
    first_pair: int = 0,
    progress: int = 0,
    matches: bool = False,
) -> Summary:
    game = load_game(game_name)
    player(game, a), player(game, b)  # refuse unknown names before starting
    if matches and match_rules(game_name) is None:
        raise SystemExit(f"{game_name} has no matches: no match_over(state) in its engine or deal")
    if a == b:
        raise SystemExit("A and B must differ: a player's rng is seeded by its name")
    tasks = [
        (game_name, a, b, seed, pair, move_cap, matches)
        for pair in range(first_pair, first_pair + pairs)
    ]
    results: list[tuple[GameRecord, GameRecord]] = []

    def collect(done: Iterable[tuple[GameRecord, GameRecord]]) -> None:
        for pair in done:  # in pair order: a partial report covers the first pairs
            results.append(pair)
            if progress and len(results) % progress == 0:
                print(f"[{len(results)} pairs] {report(summarise(a, b, results))}", flush=True)

    if jobs <= 1:
        collect(map(_pair_job, tasks))
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            collect(pool.imap(_pair_job, tasks, chunksize=1))
    return summarise(a, b, results)


def run_key(args: argparse.Namespace) -> dict[str, Any]:
    """What two runs must share for their pairs to be compared one by one."""
    keys = ("game", "a", "b", "seed", "first_pair", "pairs", "matches", "move_cap")
    return {key: getattr(args, key) for key in keys}


def save_scores(path: str, key: dict[str, Any], summary: Summary) -> None:
    Path(path).write_text(json.dumps({**key, "pair_scores": summary.pair_scores}))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="tiles")
    parser.add_argument("--a", default="strong", help="the player whose share is printed")
    parser.add_argument("--b", default="maxtiles")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-pair", type=int, default=0, help="skip this many pairs")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--move-cap", type=int, default=MOVE_CAP, help="per deal")
    parser.add_argument(
        "--matches",
        action="store_true",
        help="a game is a whole match (rummy: deals to 100), not one deal",
    )
    parser.add_argument(
        "--progress", type=int, default=0, help="print the figures so far every N pairs"
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="MODULE.NAME=VALUE",
        help="tuning: a constant of the game's modules, e.g. bots.SAMPLES=20 (repeatable)",
    )
    parser.add_argument(
        "--combine",
        nargs="+",
        metavar="FILE:PAIRS",
        help="report the first PAIRS pairs of saved runs (disjoint pairs, one seed) as one",
    )
    parser.add_argument("--save", metavar="FILE", help="write the pair scores to FILE (JSON)")
    parser.add_argument(
        "--paired-with",
        metavar="FILE",
        help="compare pair by pair with a run saved by --save (same game, players, pairs)",
    )
    args = parser.parse_args(argv)
    if args.combine:
        print(combine(args.combine))
        return
    for assignment in args.set:  # before the pool forks: the workers inherit it
        set_constant(args.game, assignment)
    begin = time.perf_counter()
    summary = run(
        args.game,
        args.a,
        args.b,
        args.pairs,
        args.seed,
        args.jobs,
        args.move_cap,
        args.first_pair,
        args.progress,
        args.matches,
    )
    elapsed = time.perf_counter() - begin
    print(
        f"game {args.game}{' (matches)' if args.matches else ''}, seed {args.seed}, "
        f"pairs {args.first_pair}.."
        f"{args.first_pair + args.pairs - 1}, {args.jobs} jobs, {elapsed:.0f} s"
        + "".join(f", {assignment}" for assignment in args.set)
    )
    print(report(summary))
    if args.paired_with:
        print(paired_difference(args.paired_with, run_key(args), summary))
    if args.save:
        save_scores(args.save, run_key(args), summary)


if __name__ == "__main__":
    main()
