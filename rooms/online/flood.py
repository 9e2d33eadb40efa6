"""A per-connection token bucket: a burst of `capacity` messages, refilled steadily."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    def __init__(
        self,
        capacity: float = 20,
        per_seconds: float = 2,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.capacity = capacity
        self.rate = capacity / per_seconds
        self.tokens = capacity
        self.clock = clock
        self.updated = clock()

    def take(self) -> bool:
        """Whether one more message may pass now."""
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
