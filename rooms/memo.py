"""The server's named caches of computed values, each with its bound: what an online
push keeps so that a version is parsed, rendered and encoded once (rooms.online.store,
rooms.online.push). A value is kept only where it can never change for its key (a
committed version's state, board or frame), so a cache is never invalidated, only
bounded: the least recently used entry goes first. Every one is listed in `MEMOS`
(name → Memo), for the tests and the benches to read or clear.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

MEMOS: dict[str, Memo] = {}


class Memo:
    """A bounded, thread-safe map (the rooms' database threads and the event loop share
    it): at most `bound` entries, the least recently used dropped first."""

    def __init__(self, name: str, bound: int) -> None:
        assert name not in MEMOS, f"two caches named {name}"
        self.name = name
        self.bound = bound
        self._values: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        MEMOS[name] = self

    def get(self, key: Hashable) -> Any | None:
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.bound:
                self._values.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()

    def __len__(self) -> int:
        return len(self._values)
