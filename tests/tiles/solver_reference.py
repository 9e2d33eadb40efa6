"""Independent references for tiles.solver's tests, sharing nothing with the solver: a
checker of a placement (every set valid, the table kept, the tiles from the rack), a
brute force that lists every valid set outright, tries every sub-multiset of the rack and
partitions table + chosen tiles into those sets, and random positions to compare on.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations, product

from tiles.solver import Placement

COLOURS = "KBOR"
Position = tuple[list[list[str]], list[str], bool]


# --- an independent checker ------------------------------------------------------------


def number(code: str) -> int:
    return int(code[1:])


def value(code: str) -> int:
    return 30 if code == "J" else number(code)


def is_group(tiles: list[str]) -> bool:
    real = [t for t in tiles if t != "J"]
    same_number = len({number(t) for t in real}) == 1
    return same_number and len(tiles) <= 4 and len({t[0] for t in real}) == len(real)


def is_valid_set(tiles: list[str]) -> bool:
    """A group (3-4, one number, distinct colours) or a run (3+, one colour, consecutive)."""
    real = [t for t in tiles if t != "J"]
    if len(tiles) < 3 or not real:
        return False
    if is_group(tiles):
        return True
    if len({t[0] for t in real}) != 1:
        return False
    # a run written in order: position i holds start + i, jokers included
    start = number(real[0]) - tiles.index(real[0])
    in_order = all(t == "J" or number(t) == start + i for i, t in enumerate(tiles))
    return in_order and start >= 1 and start + len(tiles) - 1 <= 13


def check_placement(position: Position, found: Placement) -> None:
    """Every set valid, new table = old table + placed, placed taken from the rack."""
    table, rack, opened = position
    assert all(is_valid_set(s) for s in found.table), found.table
    before = Counter(t for s in table for t in s)
    after = Counter(t for s in found.table for t in s)
    assert after == before + Counter(found.placed)
    assert not Counter(found.placed) - Counter(rack)
    assert found.placed
    if not opened:
        assert found.table[: len(table)] == table
        new_sets = found.table[len(table) :]
        assert meld_value(new_sets) >= 30


def meld_value(sets: list[list[str]]) -> int:
    """Opening value of written-out sets: a joker counts as the tile it stands for, and a
    set that reads both ways (R9 J J) counts its better reading, as the engine does."""
    total = 0
    for s in sets:
        real = [t for t in s if t != "J"]
        readings = [number(real[0]) * len(s)] if is_group(s) else []
        if len({t[0] for t in real}) == 1 and is_valid_set(s):
            start = number(real[0]) - s.index(real[0])
            readings.append(sum(range(start, start + len(s))))
        total += max(readings)
    return total


def objective(found: Placement | None) -> tuple[int, int]:
    """(tiles placed, value placed with a joker 30): what the solver maximises."""
    if found is None:
        return 0, 0
    return len(found.placed), sum(value(t) for t in found.placed)


# --- an independent brute force --------------------------------------------------------


def all_sets() -> list[tuple[tuple[str, ...], int]]:
    """Every valid set as (sorted tiles, opening value), jokers in any 0-2 positions."""
    found: dict[tuple[str, ...], int] = {}

    def add(tiles: list[str], worth: int) -> None:
        for jokers in range(3):
            for spots in combinations(range(len(tiles)), jokers):
                if jokers == len(tiles):
                    continue
                key = tuple(sorted("J" if i in spots else t for i, t in enumerate(tiles)))
                found[key] = max(found.get(key, 0), worth)

    for colour in COLOURS:
        for start in range(1, 12):
            for end in range(start + 2, 14):
                add([f"{colour}{n}" for n in range(start, end + 1)], sum(range(start, end + 1)))
    for n in range(1, 14):
        for size in (3, 4):
            for colours in combinations(COLOURS, size):
                add([f"{c}{n}" for c in colours], n * size)
    return list(found.items())


SETS_HOLDING: dict[str, list[tuple[Counter[str], int]]] = {}
for _tiles, _worth in all_sets():
    for _tile in set(_tiles) - {"J"}:
        SETS_HOLDING.setdefault(_tile, []).append((Counter(_tiles), _worth))


def fits(needed: Counter[str], have: Counter[str]) -> bool:
    return all(have[t] >= k for t, k in needed.items())


def brute_force(position: Position) -> tuple[int, int]:
    """The best (tiles placed, value placed) by trying every sub-multiset of the rack."""
    table, rack, opened = position
    old = Counter(t for s in table for t in s) if opened else Counter()
    pool = old + Counter(rack)
    holding = {
        tile: [(needed, worth) for needed, worth in SETS_HOLDING[tile] if fits(needed, pool)]
        for tile in pool
        if tile != "J"
    }

    @cache
    def best_meld(remaining: tuple[str, ...]) -> int | None:
        """Highest opening value of a partition of these tiles into sets, None if none.

        The lowest number tile left must be in some set: try each set holding it."""
        if not remaining:
            return 0
        first = min((t for t in remaining if t != "J"), default=None)
        if first is None:
            return None
        have = Counter(remaining)
        best: int | None = None
        for needed, worth in holding[first]:
            if fits(needed, have):
                rest = best_meld(tuple(sorted((have - needed).elements())))
                if rest is not None and (best is None or worth + rest > best):
                    best = worth + rest
        return best

    kinds = sorted(Counter(rack).items())
    choices = []
    for counts in product(*(range(c + 1) for _, c in kinds)):
        chosen = Counter({t: k for (t, _), k in zip(kinds, counts, strict=True) if k})
        score = (sum(chosen.values()), sum(value(t) * k for t, k in chosen.items()))
        choices.append((score, chosen))
    # best score first: the first choice that can be laid out is the answer
    for score, chosen in sorted(choices, key=lambda choice: choice[0], reverse=True):
        if score == (0, 0):
            break
        meld = best_meld(tuple(sorted((old + chosen).elements())))
        if meld is not None and (opened or meld >= 30):
            return score
    return (0, 0)


def random_set(pool: list[str], rng: random.Random, longest: int) -> list[str] | None:
    """A random valid set taken out of the pool, sometimes with a joker, or None."""
    if rng.random() < 0.6:
        colour, length = rng.choice(COLOURS), rng.randint(3, longest)
        start = rng.randint(1, 14 - length)
        tiles = [f"{colour}{n}" for n in range(start, start + length)]
    else:
        n = rng.randint(1, 13)
        tiles = [f"{c}{n}" for c in rng.sample(COLOURS, rng.choice((3, 4)))]
    if rng.random() < 0.15 and "J" in pool:
        tiles[rng.randrange(len(tiles))] = "J"
    if Counter(tiles) - Counter(pool):
        return None
    for t in tiles:
        pool.remove(t)
    return tiles


def random_position(rng: random.Random, sets: int, rack_size: int, longest: int) -> Position:
    """A dealt table of valid sets, and a rack half of tiles near the table's, half random."""
    pool = [f"{c}{n}" for c in COLOURS for n in range(1, 14)] * 2 + ["J", "J"]
    rng.shuffle(pool)
    table: list[list[str]] = []
    for _ in range(sets * 5):
        if len(table) == sets:
            break
        found = random_set(pool, rng, longest)
        if found:
            table.append(found)
    rack: list[str] = []
    on_table = [t for s in table for t in s if t != "J"]
    while len(rack) < rack_size:
        if on_table and rng.random() < 0.5:
            near = rng.choice(on_table)
            colour, n = near[0], number(near)
            wanted = rng.choice(
                [
                    f"{colour}{min(13, n + 1)}",
                    f"{colour}{max(1, n - 1)}",
                    f"{rng.choice(COLOURS)}{n}",
                ]
            )
            if wanted in pool:
                pool.remove(wanted)
                rack.append(wanted)
                continue
        rack.append(pool.pop())
    return table, rack, rng.random() < 0.75


def small_positions(count: int, seed: int) -> list[Position]:
    """Small enough for the brute force; jokers in about half the racks, to stress them."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        table, rack, opened = random_position(rng, rng.randint(0, 3), rng.randint(3, 7), 5)
        jokers_left = 2 - sum(s.count("J") for s in table) - rack.count("J")
        if jokers_left and rng.random() < 0.4:
            rack[rng.randrange(len(rack))] = "J"
        positions.append((table, rack, opened))
    return positions
