"""The strength bench: two players of one game, mirror pairs, win share with its interval.

Run from the repository root, e.g.::

    python bench/bots.py --game tiles --a strong --b maxtiles --pairs 200 --seed 1 --jobs 2

A game is found by its modules ``<game>.engine`` and ``<game>.bots`` (``tiles``, ``cards``,
``tarot``; a dotted package such as ``tests.counter_game`` works too). A player is a bot
level (``bots.LEVELS``) or a named baseline from ``<game>.baselines.PLAYERS`` when that
module exists (tiles: ``maxtiles``, ``beginner``), or from ``bench/baselines/<game>.py``'s
``PLAYERS``: the outside players written from published strategies, kept out of the site.

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
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

LEVELS = ("easy", "medium", "strong")  # when a bots module does not list its own
MOVE_CAP = 2000  # a tile game ends well before; the cap only guards the bench

Player = Callable[[Any, int, random.Random], dict[str, Any]]


@dataclass(frozen=True)
class Game:
    engine: ModuleType
    bots: ModuleType
    baselines: dict[str, Player]


@cache
def load_game(name: str) -> Game:
    package = name
    engine = import_module(f"{package}.engine")
    bots = import_module(f"{package}.bots")
    baselines: dict[str, Player] = {}
    if find_spec(f"{package}.baselines") is not None:
        baselines = dict(import_module(f"{package}.baselines").PLAYERS)
    outside = f"bench.baselines.{package}"
    if "." not in package and find_spec(outside) is not None:
        baselines.update(import_module(outside).PLAYERS)
    return Game(engine, bots, baselines)


def players_of(game: Game) -> list[str]:
    return [*getattr(game.bots, "LEVELS", LEVELS), *game.baselines]


def player(game: Game, name: str) -> Player:
    if name in game.baselines:
        return game.baselines[name]
    if name in getattr(game.bots, "LEVELS", LEVELS):

        def level(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
            return game.bots.choose(state, seat, name, rng)

        return level
    raise SystemExit(f"unknown player {name!r}: expected one of {', '.join(players_of(game))}")


def deal_seed(seed: int, pair: int) -> int:
    """The deal of pair ``pair`` in a run seeded ``seed`` (stable across Python runs)."""
    digest = hashlib.sha256(f"bench:{seed}:{pair}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def fingerprint(state: Any) -> str:
    return hashlib.sha256(repr(state).encode()).hexdigest()[:16]


@dataclass
class GameRecord:
    deal: int
    first: int
    seats: dict[int, str]  # seat -> player name
    start: str  # fingerprint of the state dealt
    winner: int | None = None
    scores: dict[int, int] = field(default_factory=dict)
    moves: int = 0
    capped: bool = False
    times: dict[str, list[float]] = field(default_factory=dict)  # player -> wall seconds
    cpu: dict[str, list[float]] = field(default_factory=dict)  # player -> CPU seconds


def play_game(
    game_name: str,
    seats: dict[int, str],
    deal: int,
    first: int,
    move_cap: int = MOVE_CAP,
    matches: bool = False,
) -> GameRecord:
    """One game from deal ``deal``, seat -> player name; every action timed. With
    ``matches``, the game is a whole match: deals follow one another (the engine's
    ``new_round(seed, first, previous)``) until its ``match_over(state)``, and the match
    totals (``match_totals``, ``match_winner``) decide."""
    from cards.deal import match_over, match_totals, match_winner  # rummy's match

    game = load_game(game_name)
    choose = {seat: player(game, name) for seat, name in seats.items()}
    # Each player's rng depends on the deal and on the player, not on the seat it sits in.
    rngs = {seat: random.Random(f"{deal}:{name}") for seat, name in seats.items()}
    state = game.engine.new_round(deal, first)
    record = GameRecord(deal, first, dict(seats), fingerprint(state))
    record.times = {name: [] for name in seats.values()}
    record.cpu = {name: [] for name in seats.values()}
    status = game.engine.status(state)
    deals = 1
    while not status["over"] or (matches and not match_over(state)):
        if status["over"]:  # the next deal of the match, its seed from the first's
            state = game.engine.new_round(deal_seed(deal, deals), first, state)
            deals += 1
            status = game.engine.status(state)
            continue
        if record.moves >= move_cap * deals:
            record.capped = True
            return record
        seat = status["turn"]
        begin, begin_cpu = time.perf_counter(), time.process_time()
        action = choose[seat](state, seat, rngs[seat])
        record.cpu[seats[seat]].append(time.process_time() - begin_cpu)
        record.times[seats[seat]].append(time.perf_counter() - begin)
        state = game.engine.apply(state, seat, action)
        record.moves += 1
        status = game.engine.status(state)
    if matches:
        record.winner = match_winner(state)
        record.scores = dict(match_totals(state))
        return record
    record.winner = status.get("winner")
    scores = status["scores"] or {}
    record.scores = {int(seat): points for seat, points in scores.items()}
    if record.winner is None and record.scores and record.scores[1] != record.scores[2]:
        record.winner = 1 if record.scores[1] > record.scores[2] else 2
    return record


def play_pair(
    game_name: str,
    a: str,
    b: str,
    seed: int,
    pair: int,
    move_cap: int = MOVE_CAP,
    matches: bool = False,
) -> tuple[GameRecord, GameRecord]:
    """The same deal twice, A in seat 1 then in seat 2, the same seat starting both
    (with ``matches``, the same deals in the same order, as long as both matches last)."""
    deal = deal_seed(seed, pair)
    first = 1 + pair % 2
    return (
        play_game(game_name, {1: a, 2: b}, deal, first, move_cap, matches),
        play_game(game_name, {1: b, 2: a}, deal, first, move_cap, matches),
    )


def share_of(record: GameRecord, name: str) -> float:
    """1 if ``name`` won the game, 1/2 for a draw (or a capped game), else 0."""
    if record.winner is None:
        return 0.5
    return 1.0 if record.seats[record.winner] == name else 0.0


def score_difference(record: GameRecord, a: str) -> int:
    if not record.scores:
        return 0
    seat_a = next(seat for seat, name in record.seats.items() if name == a)
    return record.scores[seat_a] - record.scores[3 - seat_a]


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    half /= 1 + z * z / trials
    return centre - half, centre + half


def by_pairs(pair_scores: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """(mean, low, high): the mean pair score with a normal 95% interval."""
    n = len(pair_scores)
    mean = statistics.fmean(pair_scores)
    if n < 2:
        return mean, 0.0, 1.0
    half = z * statistics.stdev(pair_scores) / math.sqrt(n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


@dataclass
class Summary:
    a: str
    b: str
    pairs: int
    share: float
    low: float
    high: float
    wilson: tuple[float, float]
    wins: int
    losses: int
    draws: int
    capped: int
    score_difference: float
    times: dict[str, list[float]]
    cpu: dict[str, list[float]]
    pair_scores: list[float] = field(default_factory=list)


def summarise(a: str, b: str, results: list[tuple[GameRecord, GameRecord]]) -> Summary:
    games = [record for pair in results for record in pair]
    pair_scores = [(share_of(x, a) + share_of(y, a)) / 2 for x, y in results]
    share, low, high = by_pairs(pair_scores)
    shares = [share_of(record, a) for record in games]
    times: dict[str, list[float]] = {a: [], b: []}
    cpu: dict[str, list[float]] = {a: [], b: []}
    for record in games:
        for name, spent in record.times.items():
            times[name] += spent
        for name, spent in record.cpu.items():
            cpu[name] += spent
    return Summary(
        a=a,
        b=b,
        pairs=len(results),
        share=share,
        low=low,
        high=high,
        wilson=wilson(sum(shares), len(games)),
        wins=shares.count(1.0),
        losses=shares.count(0.0),
        draws=shares.count(0.5),
        capped=sum(record.capped for record in games),
        score_difference=statistics.fmean(score_difference(r, a) for r in games),
        times=times,
        cpu=cpu,
        pair_scores=pair_scores,
    )


def percentile(ordered: list[float], fraction: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def report(summary: Summary) -> str:
    s = summary
    lines = [
        f"{s.a} vs {s.b}: {s.pairs} mirror pairs ({2 * s.pairs} games), "
        f"{s.wins} won, {s.losses} lost, {s.draws} drawn, {s.capped} hit the move cap",
        f"  win share of {s.a}: {100 * s.share:.1f}%  95% interval by pairs "
        f"{100 * s.low:.1f}-{100 * s.high:.1f}%  (Wilson over games "
        f"{100 * s.wilson[0]:.1f}-{100 * s.wilson[1]:.1f}%)",
        f"  average score difference {s.a} - {s.b}: {s.score_difference:+.1f} per game",
    ]
    for name in dict.fromkeys((s.a, s.b)):
        for clock, spent in (("wall", s.times[name]), ("CPU", s.cpu[name])):
            ordered = sorted(spent)
            if not ordered:
                continue
            lines.append(
                f"  {name:>10} decisions {len(ordered):6d} {clock:>4}: median "
                f"{1000 * statistics.median(ordered):7.1f} ms  p99 "
                f"{1000 * percentile(ordered, 0.99):7.1f} ms  max {1000 * ordered[-1]:7.1f} ms"
            )
    return "\n".join(lines)


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
    if matches and not hasattr(game.engine, "match_over"):
        raise SystemExit(f"{game_name} has no matches: its engine has no match_over(state)")
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


def recovered_pairs(text: str, pairs: int) -> list[float]:
    """The pair scores of the first ``pairs`` pairs of a printed run (its progress line
    or its final report): the game counts are exact, and with no drawn game a pair
    scores 1, 1/2 or 0 with n1 - n0 = won - pairs, so the split that reproduces the
    printed interval (rounded to 0.1%) is the one."""
    found = re.search(
        rf"\b{pairs} mirror pairs \(\d+ games\), (\d+) won, \d+ lost, (\d+) drawn"
        r".*?by pairs ([\d.]+)-([\d.]+)%",
        text,
        re.S,
    )
    if found is None or int(found.group(2)):
        raise SystemExit(f"no figures without draws for {pairs} pairs")
    won, low, high = int(found.group(1)), float(found.group(3)), float(found.group(4))
    best: tuple[float, list[float]] | None = None
    for n0 in range(pairs + 1):
        n1 = n0 + won - pairs
        n_half = pairs - n1 - n0
        if n1 < 0 or n_half < 0:
            continue
        scores = [1.0] * n1 + [0.5] * n_half + [0.0] * n0
        _, lo, hi = by_pairs(scores)
        error = abs(100 * lo - low) + abs(100 * hi - high)
        if best is None or error < best[0]:
            best = (error, scores)
    assert best is not None
    return best[1]


def combine(segments: list[str]) -> str:
    """``FILE:PAIRS`` segments of one seed (disjoint pair ranges, each a saved run's
    output) as one run: the share and its interval by pairs over all their pairs."""
    scores: list[float] = []
    for segment in segments:
        path, _, pairs = segment.rpartition(":")
        scores += recovered_pairs(Path(path).read_text(), int(pairs))
    share, low, high = by_pairs(scores)
    return (
        f"{len(scores)} mirror pairs combined: win share {100 * share:.1f}%  "
        f"95% interval by pairs {100 * low:.1f}-{100 * high:.1f}%"
    )


def run_key(args: argparse.Namespace) -> dict[str, Any]:
    """What two runs must share for their pairs to be compared one by one."""
    keys = ("game", "a", "b", "seed", "first_pair", "pairs", "matches", "move_cap")
    return {key: getattr(args, key) for key in keys}


def save_scores(path: str, key: dict[str, Any], summary: Summary) -> None:
    Path(path).write_text(json.dumps({**key, "pair_scores": summary.pair_scores}))


def paired_difference(path: str, key: dict[str, Any], summary: Summary) -> str:
    """The change of A's share against a saved run of the same pairs (another commit, or
    other ``--set`` values): the mean difference of the pair scores with its 95% interval.
    Most pairs play alike in both runs, so this is far narrower than two shares' intervals."""
    saved = json.loads(Path(path).read_text())
    if {k: saved.get(k) for k in key} != key:
        raise SystemExit(f"{path} holds a run of other pairs or players than {key}")
    if len(summary.pair_scores) < 2:
        raise SystemExit("--paired-with needs at least 2 pairs for an interval")
    pairs = zip(summary.pair_scores, saved["pair_scores"], strict=True)
    differences = [now - then for now, then in pairs]
    mean = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / math.sqrt(len(differences))
    low, high = mean - half, mean + half
    changed = sum(1 for difference in differences if difference)
    return (
        f"against {path}: {100 * mean:+.2f} points ({100 * low:+.2f} to {100 * high:+.2f}), "
        f"{changed} of {len(differences)} pairs scored differently"
    )


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
