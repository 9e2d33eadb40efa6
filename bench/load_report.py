"""What bench/ws_load.py counts (Tally) and prints for a phase (Phase)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Tally:
    confirm: list[float] = field(default_factory=list)
    push: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    counting: bool = False
    # Messages that showed a seat gone while the room's two pages were open and had
    # both been seen present (the capacity target: never).
    gone: int = 0

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
        return "\n".join(lines)
