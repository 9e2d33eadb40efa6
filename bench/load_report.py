"""What bench/ws_load.py counts (Tally) and prints for a phase (Phase), for a pair of
phases (Row: the game and the relay) and for a run (summary)."""

from __future__ import annotations

import itertools
import statistics
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Tally:
    confirm: list[float] = field(default_factory=list)
    push: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    counting: bool = False
    # Messages that showed a seat gone while the room's two pages were open and had
    # both been seen present (the capacity target: never).
    gone: int = 0
    # --trace: each counted push's stage stamps (bench/stage_trace.py), client's added.
    stages: list[dict[str, float]] = field(default_factory=list)

    def timing(self, confirm: float, push: float) -> None:
        if self.counting:
            self.confirm.append(confirm)
            self.push.append(push)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Phase:
    name: str
    rooms: int
    seconds: float
    tally: Tally
    daphne_cpu: float
    redis_cpu: float
    client_cpu: float
    problems: Counter[str]
    leftovers: dict[str, int]

    @property
    def rate(self) -> float:
        return len(self.tally.confirm) / self.seconds

    def ms(self, values: list[float], share: float) -> float:
        return percentile(values, share) * 1000

    def report(self, processes: int) -> str:
        t = self.tally
        unit = "actions/s" if self.name == "game" else "msgs/s"
        lines = [
            f"{self.name:5} {self.rooms} rooms, {processes} process(es): "
            f"{len(t.confirm)} in {self.seconds:.1f} s = {self.rate:.1f} {unit}",
            f"      confirmation p50 {self.ms(t.confirm, 0.5):7.1f} ms  "
            f"p99 {self.ms(t.confirm, 0.99):7.1f} ms",
            f"      push         p50 {self.ms(t.push, 0.5):7.1f} ms  "
            f"p99 {self.ms(t.push, 0.99):7.1f} ms",
            f"      errors {dict(t.errors) or 0}; server log {dict(self.problems) or 'clean'}",
            f"      CPU: daphne {self.daphne_cpu:.0%} of a core (all processes), "
            f"redis {self.redis_cpu:.0%}, client {self.client_cpu:.0%}",
            f"      left behind after closing: {self.leftovers}",
        ]
        if t.stages:
            lines += stage_lines(t.stages, t.push)
        return "\n".join(lines)


STAGES = ("sent", "in", "db0", "db1", "gs0", "ev", "out", "arrived")


def stage_lines(stages: list[dict[str, float]], push: list[float]) -> list[str]:
    """Each stage's p50/p99, and its mean over all pushes and over the slowest 1 %."""
    slow = percentile(push, 0.99)
    lines = [
        f"      stages of the push ({len(stages)} traced): p50 / p99 / mean / mean of slowest 1 %"
    ]
    for before, after in itertools.pairwise(STAGES):
        spans = [s[after] - s[before] for s in stages if s.get(before) and s.get(after)]
        tail = [
            s[after] - s[before]
            for s in stages
            if s.get(before) and s.get(after) and s["arrived"] - s["sent"] >= slow
        ]
        if not spans:
            continue
        mean = sum(spans) / len(spans) * 1000
        tail_mean = sum(tail) / len(tail) * 1000 if tail else float("nan")
        lines.append(
            f"        {before:>4} -> {after:<7} {percentile(spans, 0.5) * 1000:7.1f} "
            f"{percentile(spans, 0.99) * 1000:7.1f} {mean:7.1f} {tail_mean:7.1f} ms"
        )
    return lines


def name(checkout: Path) -> str:
    return checkout.name


@dataclass
class Row:
    count: int
    checkout: Path
    game: Phase
    relay: Phase

    @property
    def ratio(self) -> float:
        return self.game.rate / self.relay.rate if self.relay.rate else float("nan")

    @property
    def p99(self) -> float:
        """The game's push p99 over the relay's, from the same run."""
        return self.game.ms(self.game.tally.push, 0.99) / self.relay.ms(self.relay.tally.push, 0.99)


def summary(
    rows: list[Row], counts: list[int], repeat: int, processes: int, checkouts: tuple[Path, ...]
) -> None:
    """The table of every pair, then each room count's medians by checkout, with their
    spread, and with two checkouts how the second compares with the first."""
    print("| rooms | code | processes | game actions/s | game p50 / p99 (push) | relay msgs/s "
          "| relay p50 / p99 (push) | ratio | p99 game/relay | errors |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        game, relay = row.game, row.relay
        errors = sum(game.tally.errors.values()) + sum(relay.tally.errors.values())
        print(
            f"| {row.count} | {name(row.checkout)} | {processes} | {game.rate:.1f} | "
            f"{game.ms(game.tally.push, 0.5):.0f} / {game.ms(game.tally.push, 0.99):.0f} ms | "
            f"{relay.rate:.1f} | {relay.ms(relay.tally.push, 0.5):.0f} / "
            f"{relay.ms(relay.tally.push, 0.99):.0f} ms | {row.ratio:.2f} | {row.p99:.1f}x "
            f"| {errors} |"
        )
    if repeat < 2 and len(checkouts) < 2:
        return
    for count in counts:
        medians = {}
        for checkout in checkouts:
            mine = [row for row in rows if row.count == count and row.checkout == checkout]
            if not mine:
                continue
            figures = {
                "actions/s": [row.game.rate for row in mine],
                "ratio": [row.ratio for row in mine],
                "push p99 ms": [row.game.ms(row.game.tally.push, 0.99) for row in mine],
                "p99 game/relay": [row.p99 for row in mine],
            }
            medians[checkout] = {key: statistics.median(values) for key, values in figures.items()}
            spread = ", ".join(
                f"{key} {statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"
                for key, values in figures.items()
            )
            print(f"{count} rooms, {name(checkout)}, {len(mine)} pairs: median {spread}")
        if len(medians) == 2:
            first, second = (medians[c] for c in checkouts)
            print(
                f"{count} rooms, {name(checkouts[0])} / {name(checkouts[1])} (medians): "
                + ", ".join(f"{key} {first[key] / second[key]:.2f}" for key in first)
            )
