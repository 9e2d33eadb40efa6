"""Every cache of computed values the project keeps, each named with its bound.

Two kinds, one list (`CACHES`, name → cache, for the tests and the benches to read or
clear; tests/rooms/test_memo.py lists every name and bound, and fails on a cache made
any other way):

- `@memoized(name, bound)`: a function whose result depends only on its arguments
  (functools.lru_cache underneath: its C lookup is what a board's hundred calls a
  render can afford). A result in the active language takes the language as an
  argument: the caller asked for it once per render, and Django's get_language costs a
  microsecond a call, forty calls a board.
- `Memo(name, bound)`: a map filled by hand, where the key is not a call's arguments
  (a committed version's state, board or frame online: rooms.online.store and
  rooms.online.push).

A value is kept only where it can never change for its key, so nothing is invalidated,
only bounded: the least recently used entry goes first. Pure Python (no Django), so
the engines' caches live here too.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Protocol, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class Cache(Protocol):
    name: str
    bound: int

    def clear(self) -> None: ...

    def __len__(self) -> int: ...


CACHES: dict[str, Cache] = {}


def _register(cache: Cache) -> None:
    assert cache.name not in CACHES, f"two caches named {cache.name}"
    assert cache.bound > 0, f"the cache {cache.name} has no bound"
    CACHES[cache.name] = cache


class Memoized:
    """The entry of a @memoized function in CACHES."""

    def __init__(self, name: str, bound: int, function: Any) -> None:
        self.name = name
        self.bound = bound
        self.function = function

    def clear(self) -> None:
        self.function.cache_clear()

    def __len__(self) -> int:
        return self.function.cache_info().currsize


def memoized(name: str, bound: int) -> Callable[[F], F]:
    """The function's results kept by arguments, at most `bound` of them."""

    def decorate(function: F) -> F:
        cached = functools.lru_cache(maxsize=bound)(function)
        _register(Memoized(name, bound, cached))
        return cached  # type: ignore[return-value]

    return decorate


class Memo:
    """A bounded, thread-safe map (the rooms' database threads and the event loop share
    it): at most `bound` entries, the least recently used dropped first."""

    def __init__(self, name: str, bound: int) -> None:
        self.name = name
        self.bound = bound
        self._values: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        _register(self)

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
