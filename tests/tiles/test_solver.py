"""tiles.solver.best_placement: hand-made cases, then exactness against independent methods.

The brute force below shares nothing with the solver: it lists every valid set outright,
tries every sub-multiset of the rack, and partitions table + chosen tiles into those sets.
The rummikub-solver ILP (a dev-only dependency) is a second reference on bigger positions;
its tests skip when it is not installed.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations, product

import pytest

from tests.tiles import ilp_reference
from tiles import solver
from tiles.solver import Placement, best_placement

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


# --- hand-made cases -------------------------------------------------------------------


def test_solver_lays_a_run_and_a_group_from_the_rack_after_opening() -> None:
    found = best_placement([], ["R1", "R2", "R3", "K9", "B9", "O9", "K2"], True)
    assert found is not None
    assert sorted(found.placed) == sorted(["R1", "R2", "R3", "K9", "B9", "O9"])
    assert found.table == [["R1", "R2", "R3"], ["K9", "B9", "O9"]]


def test_solver_returns_none_when_nothing_fits() -> None:
    assert best_placement([["R5", "R6", "R7"]], ["K1", "B8", "O12"], True) is None


def test_solver_returns_none_for_an_empty_rack() -> None:
    assert best_placement([["R5", "R6", "R7"]], [], True) is None


def test_solver_extends_a_run_at_both_ends() -> None:
    found = best_placement([["B5", "B6", "B7"]], ["B4", "B8", "K1"], True)
    assert found is not None
    assert found.table == [["B4", "B5", "B6", "B7", "B8"]]


def test_solver_splits_a_run_to_place_a_middle_tile() -> None:
    found = best_placement([["R1", "R2", "R3", "R4", "R5"]], ["R3"], True)
    assert found is not None
    assert found.placed == ["R3"]
    assert sorted(found.table) == [["R1", "R2", "R3"], ["R3", "R4", "R5"]]


def test_solver_takes_a_tile_from_a_group_of_four_to_make_a_run() -> None:
    table = [["K7", "B7", "O7", "R7"], ["K1", "B1", "O1"]]
    found = best_placement(table, ["R5", "R6"], True)
    assert found is not None
    assert sorted(found.placed) == ["R5", "R6"]
    assert ["R5", "R6", "R7"] in found.table
    check_placement((table, ["R5", "R6"], True), found)


def test_solver_keeps_every_table_tile_in_a_valid_set() -> None:
    # R4 fits at the end of the run only if the table stays whole; it is the only play.
    table = [["R1", "R2", "R3"], ["K5", "B5", "O5"]]
    found = best_placement(table, ["R4", "K13"], True)
    assert found is not None
    assert found.placed == ["R4"]
    check_placement((table, ["R4", "K13"], True), found)


def test_solver_uses_a_joker_to_fill_a_gap() -> None:
    found = best_placement([], ["O3", "J", "O5"], True)
    assert found is not None
    assert found.table == [["O3", "J", "O5"]]


def test_solver_writes_a_joker_in_the_position_it_fills() -> None:
    found = best_placement([], ["K11", "K12", "J"], True)
    assert found is not None
    assert found.table in ([["J", "K11", "K12"]], [["K11", "K12", "J"]])


def test_solver_never_puts_a_joker_after_13() -> None:
    found = best_placement([], ["K12", "K13", "J"], True)
    assert found is not None
    assert found.table == [["J", "K12", "K13"]]


def test_solver_must_place_the_table_jokers_too() -> None:
    table = [["R5", "J", "R7"]]
    found = best_placement(table, ["R6"], True)
    assert found is not None
    assert Counter(t for s in found.table for t in s)["J"] == 1
    check_placement((table, ["R6"], True), found)


def test_solver_opens_with_exactly_30() -> None:
    found = best_placement([], ["R9", "R10", "R11"], False)
    assert found is not None
    assert found.table == [["R9", "R10", "R11"]]


def test_solver_refuses_an_opening_worth_29() -> None:
    assert best_placement([], ["K8", "K9", "K12", "B12"], False) is None
    assert best_placement([], ["R8", "R9", "R10", "R1", "R2"], False) is None  # 27 + 3


def test_solver_counts_a_joker_as_the_tile_it_stands_for_when_opening() -> None:
    # 9 + J(10) + 11 = 30, the joker is worth 10 here, not 30
    assert best_placement([], ["K9", "J", "K11"], False) is not None
    # 1 + J(2) + 3 and 7 + 7 + 7 make 27, or 7 + 7 + 7 + J(7) 28: short of 30
    assert best_placement([], ["K1", "J", "K3", "K7", "B7", "O7"], False) is None


def test_solver_opens_with_several_sets_adding_up_to_30() -> None:
    found = best_placement([], ["K1", "K2", "K3", "B8", "O8", "R8", "K13"], False)
    assert found is not None
    assert len(found.placed) == 6


def test_solver_leaves_the_table_unchanged_before_the_opening() -> None:
    table = [["R1", "R2", "R3"]]
    found = best_placement(table, ["R4", "K10", "B10", "O10"], False)
    assert found is not None
    assert found.table == [["R1", "R2", "R3"], ["K10", "B10", "O10"]]
    assert "R4" not in found.placed


def test_solver_prefers_the_higher_value_when_tile_counts_tie() -> None:
    found = best_placement([["K1", "K2", "K3"], ["K11", "K12", "K13"]], ["B1", "B13"], True)
    # either tile needs two others; neither fits: nothing to do
    assert found is None
    found = best_placement([["K2", "K3", "K4"], ["K9", "K10", "K11"]], ["K1", "K12"], True)
    assert found is not None
    assert len(found.placed) == 2
    found = best_placement([], ["B1", "B2", "B3", "B11", "B12", "B13"], True)
    assert found is not None
    assert len(found.placed) == 6
    found = best_placement([], ["R1", "R2", "R3", "R11", "R12", "J"], True)
    assert found is not None
    assert objective(found) == (6, 1 + 2 + 3 + 11 + 12 + 30)


def test_solver_rejects_unknown_tile_codes() -> None:
    with pytest.raises(ValueError, match="not a tile code"):
        best_placement([], ["X5"], True)
    with pytest.raises(ValueError, match="not a tile code"):
        best_placement([], ["R14"], True)


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


def test_the_brute_force_agrees_with_hand_worked_answers() -> None:
    assert brute_force(([["R1", "R2", "R3", "R4", "R5"]], ["R3", "K1"], True)) == (1, 3)
    assert brute_force(([], ["R9", "R10", "R11"], False)) == (3, 30)
    assert brute_force(([], ["R8", "R9", "R10"], False)) == (0, 0)
    assert brute_force(([], ["K9", "J", "K11", "K1"], False)) == (3, 50)


@pytest.mark.parametrize("seed", range(5))
def test_solver_matches_the_brute_force_on_random_small_positions(seed: int) -> None:
    for position in small_positions(100, seed):
        found = best_placement(*position)
        if found is not None:
            check_placement(position, found)
        assert objective(found) == brute_force(position), position


# --- the rummikub-solver ILP as a second reference -------------------------------------


NO_ILP = "rummikub-solver (a dev-only reference) is not installed"


def ilp_tile_count(position: Position) -> int:
    pytest.importorskip("rummikub_solver", reason=NO_ILP)
    return ilp_reference.ilp_tile_count(position)


def test_solver_places_at_least_as_many_tiles_as_the_ilp_on_mid_game_positions() -> None:
    """The ILP leaves out sets it deems wasteful (a joker ending a run longer than 3, a
    joker in a group of 4) and maximises only number tiles when opening, so with jokers it
    may place fewer: there our table is checked valid, which proves the ILP short. Without
    jokers both are exact and must agree."""
    pytest.importorskip("rummikub_solver", reason=NO_ILP)
    rng = random.Random(2015)
    for _ in range(120):
        position = random_position(rng, rng.randint(2, 8), rng.randint(5, 14), longest=6)
        found = best_placement(*position)
        if found is not None:
            check_placement(position, found)
        ours, theirs = objective(found)[0], ilp_tile_count(position)
        has_jokers = "J" in position[1] or any("J" in s for s in position[0])
        if has_jokers:
            assert ours >= theirs, position
        else:
            assert ours == theirs, position


def test_the_ilp_falls_short_where_a_joker_ends_a_long_run_and_the_solver_does_not() -> None:
    """A disagreement found while testing, decided for the solver: the ILP's set list
    leaves out runs longer than three ending with a joker, and its opening maximises
    numbered tiles only. R5 R6 R7 R8 J is a valid run of five (jokers as R9)."""
    pytest.importorskip("rummikub_solver", reason=NO_ILP)
    for position, tiles in [
        (([], ["R5", "R6", "R7", "R8", "J"], True), 5),
        (([], ["R9", "R10", "R11", "J"], False), 4),
    ]:
        found = best_placement(*position)
        assert found is not None
        check_placement(position, found)
        assert len(found.placed) == tiles
        assert ilp_tile_count(position) == tiles - 1


# --- the tightened bounds (tighten_bounds) never change the answer ----------------------


@pytest.fixture
def bounds_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tighten the bounds after one state, with no limit on the dolls: every position,
    not only the hard ones, goes through them."""
    monkeypatch.setattr(solver, "_FIRST_BUDGET", 1)
    monkeypatch.setattr(solver, "_DOLL_BUDGET", 10**9)


@pytest.mark.parametrize("seed", range(3))
def test_tightened_bounds_keep_the_brute_force_answer(bounds_at_once: None, seed: int) -> None:
    for position in small_positions(100, 50 + seed):
        found = best_placement(*position)
        if found is not None:
            check_placement(position, found)
        assert objective(found) == brute_force(position), position


def test_tightened_bounds_keep_the_answer_on_late_game_positions(bounds_at_once: None) -> None:
    """Racks of 20-30 tiles against tables of 9-14 sets: the answer with the bounds tightened
    from the start is the answer of the plain search (the default: only hard positions
    get them), and the ILP's where there are no jokers."""
    rng = random.Random(2026)
    for _ in range(12):
        position = random_position(rng, rng.randint(9, 14), rng.randint(20, 30), longest=6)
        table, rack, _ = position
        position = (table, rack, True)
        found = best_placement(*position)
        if found is not None:
            check_placement(position, found)
        with pytest.MonkeyPatch.context() as plain:
            plain.setattr(solver, "_FIRST_BUDGET", 10**9)  # never tighten
            assert objective(best_placement(*position)) == objective(found), position
        has_jokers = "J" in rack or any("J" in s for s in table)
        if ilp_reference.installed() and not has_jokers:
            assert objective(found)[0] == ilp_reference.ilp_tile_count(position), position


@pytest.mark.parametrize("seed", range(2))
def test_at_least_finds_the_best_placement_of_that_many_tiles_or_none(seed: int) -> None:
    for position in small_positions(60, 70 + seed):
        table, rack, opened = position
        tiles, _ = brute_force(position)
        for at_least in (len(rack), max(1, tiles), tiles + 1):
            found = best_placement(table, rack, opened, at_least=at_least)
            if tiles >= at_least:
                assert found is not None, (position, at_least)
                check_placement(position, found)
                assert objective(found) == brute_force(position), (position, at_least)
            else:
                assert found is None, (position, at_least)


@pytest.mark.parametrize("seed", range(2))
def test_searches_cut_after_a_few_states_and_resumed_keep_the_brute_force_answer(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """Turns of 2, 4, 8... states with next to no dolls: both searches stop and resume
    often, inside the pass asking for every live tile and in the full one, so the
    bounds they remember (fail-soft) are used across turns and passes."""
    monkeypatch.setattr(solver, "_FIRST_BUDGET", 2)
    monkeypatch.setattr(solver, "_DOLL_BUDGET", 1)
    for position in small_positions(100, 90 + seed):
        found = best_placement(*position)
        if found is not None:
            check_placement(position, found)
        assert objective(found) == brute_force(position), position
