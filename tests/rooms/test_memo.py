"""Every cache of the project has a name and a bound in gamekit.memo, and no other way
to make one is left: the list below is the whole of them (a new cache, a changed bound
or a cache made with functools directly fails here)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from gamekit.memo import CACHES, Memo, memoized

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rooms", "gamekit", "cards", "tarot", "tiles", "config")

EVERY_CACHE = {
    "cards.board.card_markup": 8192,
    "cards.board.face": 512,
    "cards.board.hand_size": 1024,
    "cards.board.melds_words": 1024,
    "cards.board.piles_words": 1024,
    "cards.board.spoken": 4096,
    "cards.narration.said": 4096,
    "rooms.local.sealing.fernet": 4,
    "rooms.online.push.boards": 512,
    "rooms.online.push.frames": 256,
    "rooms.online.sql.statements": 1,
    "rooms.online.store.states": 512,
    "rooms.online.threads.count": 1,
    "rooms.online.threads.executor": 1,
    "rooms.phrases.drawn": 4096,
    "rooms.phrases.said": 4096,
    "rooms.seats.seat_name": 256,
    "tarot.board.card_markup": 16384,
    "tarot.board.card_name": 1024,
    "tarot.board.face": 1024,
    "tarot.board.spoken": 4096,
    "tarot.board.stack_markup": 16384,
    "tarot.board.stacks_words": 4096,
    "tiles.board.count_words": 1024,
    "tiles.board.fixed": 16,
    "tiles.board.reverse": 64,
    "tiles.board.spoken_set": 4096,
    "tiles.board.spoken_tiles": 4096,
    "tiles.board.turn_tools": 64,
    "tiles.markup.label": 1024,
    "tiles.markup.set_item": 4096,
    "tiles.markup.tile_html": 8192,
    "tiles.narration.tiles_words": 4096,
    "tiles.sets.check_sorted": 1 << 16,
}


def source_files() -> list[Path]:
    return [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_every_cache_of_the_project_is_listed_here_with_its_bound():
    for path in source_files():
        if "migrations" not in path.parts:
            importlib.import_module(module_of(path))

    assert {name: cache.bound for name, cache in CACHES.items()} == EVERY_CACHE


def made_with_functools(tree: ast.AST) -> list[int]:
    """The lines that import or call functools' caches (lru_cache, cache)."""
    lines = []
    names = {"lru_cache", "cache"}
    for node in ast.walk(tree):
        imported = isinstance(node, ast.ImportFrom) and node.module == "functools"
        if imported and {alias.name for alias in node.names} & names:
            lines.append(node.lineno)
        called = isinstance(node, ast.Attribute) and node.attr in names
        if called and isinstance(node.value, ast.Name) and node.value.id == "functools":
            lines.append(node.lineno)
    return lines


def test_no_cache_is_made_but_through_gamekit_memo():
    memo = ROOT / "gamekit" / "memo.py"
    found = {
        f"{path.relative_to(ROOT)}:{line}"
        for path in source_files()
        if path != memo
        for line in made_with_functools(ast.parse(path.read_text()))
    }

    assert made_with_functools(ast.parse("import functools\n@functools.cache\ndef f(): pass"))
    assert not found, f"a cache without a name and bound (use gamekit.memo): {sorted(found)}"


def test_a_cache_keeps_at_most_its_bound_the_least_recently_used_going_first():
    calls = []

    @memoized("test.square", 2)
    def square(number: int) -> int:
        calls.append(number)
        return number * number

    memo = Memo("test.memo", 2)
    try:
        square(1), square(2), square(1), square(3), square(1), square(2)
        memo.put("a", 1), memo.put("b", 2), memo.get("a"), memo.put("c", 3)

        assert calls == [1, 2, 3, 2]
        assert len(CACHES["test.square"]) == 2
        assert (memo.get("a"), memo.get("b"), memo.get("c")) == (1, None, 3)
    finally:
        del CACHES["test.square"], CACHES["test.memo"]
