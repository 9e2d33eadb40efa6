"""A's win share over mirror pairs for bench/bots.py, and its intervals.

The share counts a win 1 and a draw (or a capped game) 1/2. Its 95% interval is
computed by pairs (the mean of the pair scores, normal approximation: the two games of
a pair are not independent, so a per-game interval would be too narrow); the Wilson
interval over games is printed beside it for comparison. Saved runs can be combined
(disjoint pairs of one seed) or compared pair by pair (the same pairs after a change).
"""

from __future__ import annotations

import json
import math
import re
import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.mirror_pairs import GameRecord


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
                f"  mean {1000 * statistics.fmean(ordered):7.1f} ms"
            )
    return "\n".join(lines)


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
