"""Exact best placement for tile rummy (the strong bot and the Hint button use it).

``best_placement(table, rack, opened)`` returns the placement that puts the most rack tiles
on the table; ties go to the higher value placed, counting a joker as 30 (the points it
would cost in the rack at the end, so the solver unloads the most expensive tiles first).

Algorithm: a memoised dynamic programme over the numbers 1..13 (after van Rijn, Takes &
Vis 2015, "The complexity of Rummikub problems"). Walking up the numbers, the state is,
per colour, how many runs are open and how long they are (1, 2, or "3 or more", since a
run of three can stop at any time), plus how many jokers are used so far. At each number
and colour we choose how many copies to use (table copies are compulsory, rack copies
optional), how many of them go to groups, and how many jokers fill run slots; once all
four colours of a number are decided, the group tiles of that number (plus jokers) must
split into groups of 3 or 4 distinct colours. Before the initial meld the table is left
alone, the programme runs on the rack only and also tracks the meld value (jokers count
as the number they stand for), capped at 30 because only "at least 30" matters.

What keeps the search small while staying exact:
- a run of length three or more dominates a shorter one (it can do everything the shorter
  one can, and may also stop), so open runs are continued shortest first, runs of three
  or more are continued rather than closed and restarted, and new runs start only from
  the slots left over: the run part of a step is a function of the slot count;
- ``m`` groups can hold a number's group tiles exactly when no colour has more than ``m``
  copies and the total (jokers included) is between ``3m`` and ``4m`` (deal the tiles
  round-robin, then top up the smallest groups with jokers);
- jokers are placed only where a set needs them. A joker leading a run could as well
  end it, unless the run reaches 13; a joker that a set can do without (the end of a
  long run, the fourth of a group) is a "spare", left out of the search and seated at
  the end where there is room (a run ending before 13, a group of three), the room
  being counted in the state;
- branch and bound over the memo: a step is not explored when even placing every rack
  tile still undecided could not beat the best found; rack tiles that fit in no set
  whatever the arrangement are dropped first. A search that fails remembers the best
  it could still reach (fail-soft), which is often well below what it was asked for;
- each search first asks only for placements of every live rack tile: that floor cuts
  every branch dropping a tile, so such a placement, frequent late in a game, is found
  or ruled out fast; only then does the search accept fewer tiles, keeping the bounds
  learnt;
- where that is not enough (a search still running after its first 3,000 states), the
  bound is tightened "Russian doll" fashion: for every count of free jokers, the numbers
  n..13 are solved alone, n from 13 down, relaxed (any runs the lower numbers could
  pass on are there, neither the table jokers nor the opening's 30 required), each
  with the bounds of the smaller ones, within a small budget each. A branch where the
  jokers went elsewhere and a later tile now fits nowhere is then cut at once;
- the same search runs from 13 down (numbers mirrored) in turn with the one from 1 up,
  under a growing budget, and the first to finish answers: where the position is tight
  decides which direction proves the optimum quickly, often tenfold faster. A
  direction's dolls are built just before its second turn, so that they cost nothing
  when the other direction finishes first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

COLOURS = "KBOR"
JOKER = "J"
JOKER_VALUE = 30
OPENING_MINIMUM = 30
HIGHEST = 13

# A placement's score is tiles * _PER_TILE + value: tiles first, then value. The whole
# tile set is worth 788 points, so the value can never spill into the tile count.
_PER_TILE = 1024
_IMPOSSIBLE = -(10**9)
_FIRST_BUDGET = 3000  # states each direction may try before the bounds are tightened
_DOLL_BUDGET = 1000  # states one doll of tighten_bounds may take
_DOLLS_BUDGET = 3000  # and all of them together
_AFTER_LAST = HIGHEST + 1
_GROUP_STEP = len(COLOURS)  # the sub-step after the four colours of a number

# Open runs of one colour: (runs of length 1, of length 2, of length 3 or more).
Runs = tuple[int, int, int]
# In a state the four colours' open runs are packed in one int, 7 bits a colour, each
# colour as ones + 5 * twos + 25 * threes (at most four runs of a colour: two copies and
# two jokers), so that states hash fast.
_RUN_BITS = 7
_RUN_MASK = (1 << _RUN_BITS) - 1
# (number, colour index or _GROUP_STEP, packed open runs, jokers used, group tiles so far
#  at this number, most copies of one colour among them, meld value, room for spare jokers)
State = tuple[int, int, int, int, int, int, int, int]
# A decision: (real tiles used, of which to groups, jokers to runs) for a colour step,
# (jokers to groups,) for a group step.
Decision = tuple[int, ...]


@dataclass(frozen=True)
class Placement:
    """The whole new table (every set valid) and the rack tiles put down to make it."""

    table: list[list[str]]
    placed: list[str]


class SearchTooLong(Exception):
    """best_placement gave up: the search needed more states than ``max_states``."""


def best_placement(
    table: list[list[str]],
    rack: list[str],
    opened: bool,
    *,
    max_states: int | None = None,
    at_least: int = 1,
) -> Placement | None:
    """The placement putting the most rack tiles down (ties: higher value), or None.

    ``table`` is a list of valid sets, ``rack`` the player's tiles, ``opened`` whether the
    player has made the initial meld. Before it, only new sets of rack tiles worth at
    least 30 may be added and the old table comes back unchanged, followed by them.

    ``max_states`` bounds the work (for a request from outside: a state costs a few
    microseconds): past that many states the search stops with SearchTooLong. Whatever
    it answers is exact; without it the search always runs to the end.

    ``at_least`` asks only for placements of at least that many rack tiles (None if
    there is none): ``at_least=len(rack)`` asks whether the rack can go out, which the
    branch and bound answers quickly, since it may cut every branch that drops a tile.
    """
    for code in [*rack, *(code for group in table for code in group)]:
        _parse(code)  # raises ValueError on a bad code
    table_tiles = [code for group in table for code in group] if opened else []
    solution = _solve_both_ways(
        table_tiles, rack, opening=not opened, max_states=max_states, at_least=max(1, at_least)
    )
    if solution is None:
        return None
    runs, groups, placed = solution
    new_sets = _laid_out(runs, groups)
    if opened:
        return Placement(table=new_sets, placed=placed)
    return Placement(table=[list(s) for s in table] + new_sets, placed=placed)


def _solve_both_ways(
    table: list[str],
    rack: list[str],
    opening: bool,
    max_states: int | None = None,
    at_least: int = 1,
) -> tuple[list[list[str]], list[list[str]], list[str]] | None:
    """Search from 1 up and from 13 down in turn, with a growing budget of states.

    Either direction is exact; which one is fast depends on where the position is tight
    (the branch and bound prunes once it meets the tile that cannot be placed), and it
    often differs tenfold. Both keep their memo between turns, so alternating costs at
    most about three times the faster direction. ``max_states`` caps the states of both
    directions together (SearchTooLong past it).
    """
    searches = []
    for mirrored in (False, True):
        on_table = _tile_counts([_mirror(code) if mirrored else code for code in table])
        in_rack = _tile_counts([_mirror(code) if mirrored else code for code in rack])
        live = _without_dead_tiles(on_table, in_rack)
        if sum(map(sum, live.tiles)) + live.jokers < at_least:
            return None  # too many rack tiles fit nowhere
        searches.append((_Search(on_table, live, opening, mirrored), on_table, live))
    budget = _FIRST_BUDGET
    left = max_states
    while True:
        for search, on_table, live in searches:
            if budget == 2 * _FIRST_BUDGET:  # a hard position: bound this search better
                # (just before its second turn: if the first direction then finishes,
                # the other's dolls are not needed)
                spent = search.tighten_bounds(on_table, live)
                if left is not None:
                    left -= spent  # the dolls' states count too
                    if left <= 0:
                        raise SearchTooLong
            turn_budget = budget if left is None else min(budget, left)
            try:
                found = search.solve(turn_budget, at_least)
            except _OutOfBudget:
                if left is not None:
                    left -= turn_budget
                    if left <= 0:
                        raise SearchTooLong from None
                continue
            if found is None or not search.mirrored:
                return found
            runs, groups, placed = found
            return (
                [[_mirror(code) for code in reversed(run)] for run in runs],
                [[_mirror(code) for code in group] for group in groups],
                [_mirror(code) for code in placed],
            )
        budget *= 2


def _mirror(code: str) -> str:
    """The tile seen from the other end of the numbers: R1 <-> R13, R6 <-> R8."""
    return code if code == JOKER else f"{code[0]}{_AFTER_LAST - int(code[1:])}"


def _laid_out(runs: list[list[str]], groups: list[list[str]]) -> list[list[str]]:
    """Runs by colour then first number, then groups by number."""

    def run_key(run: list[str]) -> tuple[int, int]:
        index, code = next((i, c) for i, c in enumerate(run) if c != JOKER)
        colour, number = _parse(code)
        return colour, number - index

    def group_key(group: list[str]) -> int:
        return next(_parse(code)[1] for code in group if code != JOKER)

    return sorted(runs, key=run_key) + sorted(groups, key=group_key)


class _OutOfBudget(Exception):
    """The search used up its budget of new states; it can resume with a larger one."""


def _parse(code: str) -> tuple[int, int]:
    """(colour index, number) of a number tile; (-1, 0) for a joker."""
    if code == JOKER:
        return -1, 0
    colour = COLOURS.find(code[:1])
    if colour < 0 or not code[1:].isdigit() or not 1 <= int(code[1:]) <= HIGHEST:
        raise ValueError(f"not a tile code: {code!r}")
    return colour, int(code[1:])


@dataclass(frozen=True)
class _Counts:
    """Copies of every number tile, indexed [colour][number] (numbers padded to 15), and jokers."""

    tiles: tuple[tuple[int, ...], ...]
    jokers: int


def _tile_counts(codes: Sequence[str]) -> _Counts:
    grid = [[0] * (HIGHEST + 3) for _ in COLOURS]
    jokers = 0
    for code in codes:
        colour, number = _parse(code)
        if colour < 0:
            jokers += 1
        else:
            grid[colour][number] += 1
    return _Counts(tuple(tuple(row) for row in grid), jokers)


def _without_dead_tiles(table: _Counts, rack: _Counts) -> _Counts:
    """The rack minus tiles that fit in no set at all, whatever the arrangement.

    A tile can only be placed in a run of three around it or a group of three at its
    number, with jokers for what is missing. Dropping the others before the search
    removes their branches; dropping one may kill another, hence the loop.
    """
    grid = [list(row) for row in rack.tiles]
    jokers = table.jokers + rack.jokers
    changed = True
    while changed:
        changed = False
        present = [
            [table.tiles[c][n] + grid[c][n] > 0 for n in range(HIGHEST + 3)]
            for c in range(len(COLOURS))
        ]
        for c in range(len(COLOURS)):
            for n in range(1, HIGHEST + 1):
                if grid[c][n] and not _fits_somewhere(present, jokers, c, n):
                    grid[c][n] = 0
                    changed = True
    return _Counts(tuple(tuple(row) for row in grid), rack.jokers)


def _fits_somewhere(present: list[list[bool]], jokers: int, colour: int, number: int) -> bool:
    others = sum(present[c][number] for c in range(len(COLOURS)) if c != colour)
    if others + jokers >= 2:
        return True
    for start in range(max(1, number - 2), min(number, HIGHEST - 2) + 1):
        window = range(start, start + 3)
        missing = sum(not present[colour][n] for n in window if n != number)
        if missing <= jokers:
            return True
    return False


class _Search:
    """The memoised programme for one position; ``solve`` also rebuilds the sets."""

    def __init__(
        self,
        table: _Counts,
        rack: _Counts,
        opening: bool,
        mirrored: bool,
        relaxed: bool = False,
        jokers: int | None = None,
    ) -> None:
        self.mirrored = mirrored
        # The relaxed programme bounds the real one (see _tighten_bounds): it scores
        # numbered rack tiles only, and drops the table jokers' and the opening's demands.
        self.relaxed = relaxed
        # face[n]: what number n is really worth (13 down to 1 when searching mirrored)
        self.face = [_AFTER_LAST - n if mirrored else n for n in range(_AFTER_LAST + 1)]
        self.budget = 0
        self.aspiring = True  # solve asks for every live tile first (see there)
        self.table = table.tiles
        self.rack = rack.tiles
        self.table_jokers = table.jokers
        self.jokers = table.jokers + rack.jokers if jokers is None else jokers
        self.opening = opening
        # After the opening a joker that a set does not need (one ending a run that is long
        # enough without it, or a fourth in a group) is a spare: the search leaves spares
        # out and seats them at the end wherever there is room (a run ending before 13 can
        # grow, a group of three can take a fourth), counting that room as it goes.
        self.spares = not opening and self.jokers > 0
        self.exact: dict[State, int] = {}
        self.at_most: dict[State, int] = {}
        self.colour_choices: dict[
            tuple[int, int, int, int], list[tuple[int, int, int, int, int, int]]
        ]
        self.colour_choices = {}
        self.group_choices: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
        self.joker_gain = 0 if relaxed else rack.jokers * (_PER_TILE + JOKER_VALUE)
        # beyond[j][n]: at least the score of the numbered rack tiles that can go down at
        # numbers n..13 with j jokers free (at first all of them; tighten_bounds lowers
        # it), and rack_gain_from[j][n][step]: at least what the steps from this one
        # onwards can gain with numbered tiles: this number's rack tiles still undecided
        # and beyond[j][n + 1].
        total = 0
        everything = [0] * (_AFTER_LAST + 2)
        for n in range(HIGHEST, 0, -1):
            total += sum(self.rack[c][n] for c in range(len(COLOURS))) * (_PER_TILE + self.face[n])
            everything[n] = total
        self.beyond = [list(everything) for _ in range(self.jokers + 1)]
        self.rack_gain_from = [
            [[0] * (_GROUP_STEP + 2) for _ in range(_AFTER_LAST + 1)]
            for _ in range(self.jokers + 1)
        ]
        for free in range(self.jokers + 1):
            self._gains_from_beyond(free)
        present = [
            [self.table[c][n] + self.rack[c][n] > 0 for n in range(HIGHEST + 3)]
            for c in range(len(COLOURS))
        ]
        # A new run starting at n needs a real tile among n, n+1, n+2 (only two jokers).
        self.run_can_start = [
            [n <= HIGHEST - 2 and any(present[c][n : n + 3]) for n in range(HIGHEST + 1)]
            for c in range(len(COLOURS))
        ]
        # A joker leading a run can move to its end unless the run ends at 13; so runs
        # start with a joker only if the jokers left can fill every gap up to 13.
        self.gaps_to_13 = [
            [sum(not present[c][m] for m in range(n + 1, _AFTER_LAST)) for n in range(_AFTER_LAST)]
            for c in range(len(COLOURS))
        ]
        self.present = present
        # A group at n needs three distinct colours, jokers included.
        self.group_possible = [
            sum(present[c][n] for c in range(len(COLOURS))) + self.jokers >= 3
            for n in range(HIGHEST + 1)
        ]

    def _gains_from_beyond(self, free: int) -> None:
        gains = self.rack_gain_from[free]
        for n in range(HIGHEST, 0, -1):
            total = self.beyond[free][n + 1]
            gains[n][_GROUP_STEP] = total
            gains[n][_GROUP_STEP + 1] = total
            for c in range(len(COLOURS) - 1, -1, -1):
                total += self.rack[c][n] * (_PER_TILE + self.face[n])
                gains[n][c] = total

    def tighten_bounds(self, table: _Counts, rack: _Counts) -> int:
        """Bound what the numbers n..13 can gain with j jokers free by solving them alone.

        A "Russian doll" search, for j = 0 up to every joker and n = 13 down to 2: the
        numbers from n up are solved as if any runs the lower numbers might pass on were
        there (four runs of three or more per colour, free to go on or stop), with j
        jokers, and neither the table jokers nor the opening's 30 required. That
        relaxation can only place more, so its best bounds the real programme's from any
        state at n with j jokers left; each doll is solved with the bounds of the smaller
        ones. They prune the branches where the jokers went elsewhere and a later tile
        now fits nowhere: the plain bound assumes every later rack tile goes down.
        Returns the states the dolls took.
        """
        left = _DOLLS_BUDGET
        for free in range(self.jokers + 1):
            if left <= 0:
                break
            doll = _Search(table, rack, self.opening, self.mirrored, relaxed=True, jokers=free)
            doll.beyond = self.beyond  # tightened together
            doll.rack_gain_from = self.rack_gain_from
            # The steps at a number depend on the jokers still free, not on how many
            # there were: the dolls share them with this search (its groups and spare
            # jokers are as permissive as theirs, or more).
            doll.spares, doll.group_possible = self.spares, self.group_possible
            doll.colour_choices, doll.group_choices = self.colour_choices, self.group_choices
            for n in range(HIGHEST, 1, -1):
                # a run open at n holds a copy of n - 1 or a joker
                entry: State = (n, 0, self._runs_into(n), 0, 0, 0, OPENING_MINIMUM, 0)
                given = doll.budget = min(_DOLL_BUDGET, left)
                try:
                    best = doll._best(entry, -1)
                except _OutOfBudget:
                    left -= given
                    break  # the bigger dolls would cost more than they save
                left -= given - doll.budget
                if best < self.beyond[free][n]:
                    self.beyond[free][n] = best
                    self._gains_from_beyond(free)
        return _DOLLS_BUDGET - left

    def _runs_into(self, number: int) -> int:
        """The packed runs of a doll's entry at ``number``: as many runs of three or more
        per colour as could pass through ``number - 1`` (its copies, every joker)."""
        packed = 0
        for c in range(len(COLOURS)):
            runs = min(4, self.table[c][number - 1] + self.rack[c][number - 1] + self.jokers)
            packed |= _pack((0, 0, runs)) << (_RUN_BITS * c)
        return packed

    def solve(
        self, budget: int, at_least: int = 1
    ) -> tuple[list[list[str]], list[list[str]], list[str]] | None:
        """(runs, groups, rack tiles placed) of the best placement of at least
        ``at_least`` rack tiles, None if there is none.

        Raises _OutOfBudget after ``budget`` new states; calling again resumes.
        """
        self.budget = budget
        start: State = (1, 0, 0, 0, 0, 0, 0, 0)
        if self.aspiring:
            # First ask only for placements of every live tile, the most there can be: a
            # floor that high prunes every branch dropping a tile, so when such a
            # placement exists it comes fast (late in a game it often does). Otherwise
            # the bounds the failed search learnt stay in the memo for the full search.
            everything = self._gain_bound(start) // _PER_TILE
            if everything > at_least:
                floor = everything * _PER_TILE - 1
                if self._best(start, floor) > floor:
                    return self._rebuild(start)
            self.aspiring = False
        # Only placements of at least that many rack tiles count: the floor prunes the rest.
        floor = at_least * _PER_TILE - 1
        if self._best(start, floor) > floor:
            return self._rebuild(start)
        return None

    def _gain_bound(self, state: State) -> int:
        """At most what the steps from ``state`` on can gain."""
        free = self.jokers - state[3]
        return self.rack_gain_from[free][state[0]][state[1]] + self.joker_gain

    def _best(self, state: State, floor: int) -> int:
        """Best score from this state to the end, when it beats ``floor``.

        Branch and bound over the memo: a result above ``floor`` is exact; otherwise it
        is a bound, at most ``floor``, on the true best ("fail-soft": the highest of the
        steps' own bounds, not just ``floor``), and is remembered so that a later visit
        searches again only if its floor is lower than that. Steps come sorted by gain,
        so once a step cannot beat the floor even if every rack tile after it is placed,
        neither can the rest.
        """
        exact, at_most = self.exact, self.at_most
        known = exact.get(state)
        if known is not None:
            return known
        bound = at_most.get(state)
        if bound is not None and bound <= floor:
            return bound
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        number, step, runs, jokers_used, group_tiles, most_copies, meld_value, room = state
        if number == _AFTER_LAST:
            result = self._final_score(state)
            exact[state] = result
            return result
        free_jokers = self.jokers - jokers_used
        after_step = self.rack_gain_from[free_jokers][number][step + 1] + self.joker_gain
        face = self.face[number] if self.opening else 0
        result = _IMPOSSIBLE
        # The hot loops: _group_steps and _colour_steps written out, and the memo of the
        # next state read here, which saves most calls.
        if step == _GROUP_STEP:
            if after_step <= floor:
                at_most[state] = after_step
                return after_step
            key = (group_tiles, most_copies, free_jokers)
            group_choices = self.group_choices.get(key)
            if group_choices is None:
                group_choices = self.group_choices[key] = self._group_choices(*key)
            for jokers, new_room in group_choices:
                beat = floor if floor > result else result
                value = meld_value + face * jokers
                spare_room = room + new_room
                if spare_room > free_jokers - jokers:
                    spare_room = free_jokers - jokers
                following: State = (
                    number + 1,
                    0,
                    runs,
                    jokers_used + jokers,
                    0,
                    0,
                    value if value < OPENING_MINIMUM else OPENING_MINIMUM,
                    spare_room,
                )
                rest = exact.get(following)
                if rest is None:
                    rest = at_most.get(following)
                    if rest is None or rest > beat:
                        rest = self._best(following, beat)
                if rest > result:
                    result = rest
        else:
            colour = step
            key = (number, colour, runs >> (_RUN_BITS * colour) & _RUN_MASK, free_jokers)
            choices = self.colour_choices.get(key)
            if choices is None:
                choices = self.colour_choices[key] = self._colour_choices(*key)
            for gain, runs_change, used, to_groups, jokers, new_room in choices:
                beat = floor if floor > result else result
                if gain + after_step <= beat:
                    if gain + after_step > result:
                        result = gain + after_step  # a bound for the steps left out
                    break
                value = meld_value + face * (used + jokers)
                spare_room = room + new_room
                if spare_room > free_jokers - jokers:
                    spare_room = free_jokers - jokers
                following = (
                    number,
                    colour + 1,
                    runs + runs_change,
                    jokers_used + jokers,
                    group_tiles + to_groups,
                    to_groups if to_groups > most_copies else most_copies,
                    value if value < OPENING_MINIMUM else OPENING_MINIMUM,
                    spare_room,
                )
                rest = exact.get(following)
                if rest is None:
                    rest = at_most.get(following)
                    if rest is None or rest > beat - gain:
                        rest = self._best(following, beat - gain)
                if rest > _IMPOSSIBLE and gain + rest > result:
                    result = gain + rest
        if result > floor:
            exact[state] = result
            return result
        at_most[state] = result  # lower than the bound known before, if any
        return result

    def _final_score(self, state: State) -> int:
        """After 13: every run long enough, table jokers all used, opening worth 30."""
        _, _, runs, jokers_used, _, _, meld_value, _ = state
        for colour in range(len(COLOURS)):
            ones, twos, _ = _unpack(runs >> (_RUN_BITS * colour) & _RUN_MASK)
            if ones or twos:
                return _IMPOSSIBLE
        if self.relaxed:
            return 0
        jokers_down = jokers_used + self._spares_seated(state)
        if jokers_down < self.table_jokers:
            return _IMPOSSIBLE
        if self.opening and meld_value < OPENING_MINIMUM:
            return _IMPOSSIBLE
        return (jokers_down - self.table_jokers) * (_PER_TILE + JOKER_VALUE)

    def _spares_seated(self, final: State) -> int:
        """Jokers still free at the end that go where there is room (all that fit)."""
        return min(self.jokers - final[3], final[7]) if self.spares else 0

    def _steps(self, state: State) -> Iterator[tuple[int, State, Decision]]:
        """Every (score gained, next state, decision) from this state."""
        if state[1] == _GROUP_STEP:
            yield from self._group_steps(state)
        else:
            yield from self._colour_steps(state)

    def _colour_steps(self, state: State) -> Iterator[tuple[int, State, Decision]]:
        number, colour, runs, jokers_used, group_tiles, most_copies, meld_value, room = state
        key = (number, colour, runs >> (_RUN_BITS * colour) & _RUN_MASK, self.jokers - jokers_used)
        choices = self.colour_choices.get(key)
        if choices is None:
            choices = self.colour_choices[key] = self._colour_choices(*key)
        for gain, runs_change, used, to_groups, jokers, new_room in choices:
            value = meld_value
            if self.opening:
                value = min(OPENING_MINIMUM, value + self.face[number] * (used + jokers))
            following: State = (
                number,
                colour + 1,
                runs + runs_change,
                jokers_used + jokers,
                group_tiles + to_groups,
                to_groups if to_groups > most_copies else most_copies,
                value,
                min(room + new_room, self.jokers - jokers_used - jokers),
            )
            yield gain, following, (used, to_groups, jokers)

    def _colour_choices(
        self, number: int, colour: int, packed_runs: int, free_jokers: int
    ) -> list[tuple[int, int, int, int, int, int]]:
        """(gain, change to the packed runs, tiles used, of which to groups, jokers to runs,
        room for spare jokers in the runs that end), best first.

        Depends only on the number, the colour, its open runs and the jokers left, so it
        is computed once per combination.
        """
        ones, twos, threes = _unpack(packed_runs)
        must_continue = ones + twos
        on_table = self.table[colour][number]
        in_rack = self.rack[colour][number]
        groups_allowed = self.group_possible[number]
        # Without a tile of this colour at n+1 or n+2 a joker here cannot fill a gap: it
        # either completes a short run or is a spare (seated at the end instead).
        gap_ahead = self.present[colour][number + 1] or self.present[colour][number + 2]
        # A run ending at n-1 leaves room for 13 - (n - 1) jokers after it.
        room_per_run = min(2, _AFTER_LAST - number) if self.spares else 0
        choices = []
        for used in range(on_table + in_rack, on_table - 1, -1):  # most tiles first
            gain = (used - on_table) * (_PER_TILE + self.face[number])
            for to_groups in range(used + 1 if groups_allowed else 1):
                for jokers in range(free_jokers + 1):
                    slots = used - to_groups + jokers
                    if slots < must_continue:
                        continue
                    to_runs = used - to_groups
                    if self.spares and not gap_ahead and slots > max(must_continue, to_runs):
                        continue  # a spare joker
                    continued_threes = min(slots - must_continue, threes)
                    new_runs = slots - must_continue - continued_threes
                    if new_runs and not self.run_can_start[colour][number]:
                        continue
                    jokers_left = free_jokers - jokers
                    if new_runs > to_runs and self.gaps_to_13[colour][number] > jokers_left:
                        continue  # a run may start with a joker only if it reaches 13
                    runs_after = _pack((new_runs, ones, twos + continued_threes))
                    change = (runs_after - packed_runs) << (_RUN_BITS * colour)
                    room = (threes - continued_threes) * room_per_run
                    choices.append((gain, change, used, to_groups, jokers, room))
        return choices

    def _group_steps(self, state: State) -> Iterator[tuple[int, State, Decision]]:
        number, _, runs, jokers_used, group_tiles, most_copies, meld_value, room = state
        free_jokers = self.jokers - jokers_used
        key = (group_tiles, most_copies, free_jokers)
        choices = self.group_choices.get(key)
        if choices is None:
            choices = self.group_choices[key] = self._group_choices(*key)
        for jokers, new_room in choices:
            value = meld_value
            if self.opening:
                value = min(OPENING_MINIMUM, value + self.face[number] * jokers)
            spare_room = min(room + new_room, free_jokers - jokers)
            following: State = (number + 1, 0, runs, jokers_used + jokers, 0, 0, value, spare_room)
            yield 0, following, (jokers,)

    def _group_choices(
        self, group_tiles: int, most_copies: int, free_jokers: int
    ) -> list[tuple[int, int]]:
        """(jokers added, room for spare jokers) for each way this number's groups close."""
        choices = []
        for jokers in range(free_jokers + 1 if group_tiles else 1):
            groups = _group_count(group_tiles + jokers, most_copies)
            if groups is None:
                continue
            # each group of three has room for a spare joker
            room = 4 * groups - group_tiles - jokers if self.spares else 0
            choices.append((jokers, room))
            if self.spares:
                break  # more jokers than the fewest that make groups would be spares
        return choices

    def _rebuild(self, start: State) -> tuple[list[list[str]], list[list[str]], list[str]]:
        """Follow optimal decisions from the start and lay out the actual sets."""
        builder = _TableBuilder()
        placed: list[str] = []
        state = start
        while state[0] != _AFTER_LAST:
            following, decision = self._optimal_step(state)
            number, colour = state[0], state[1]
            if colour == _GROUP_STEP:
                builder.close_groups(number, decision[0])
            else:
                used, to_groups, jokers = decision
                code = f"{COLOURS[colour]}{number}"
                placed += [code] * (used - self.table[colour][number])
                builder.add_colour(colour, code, used - to_groups, to_groups, jokers)
            state = following
        spares = self._spares_seated(state)
        placed += [JOKER] * (state[3] + spares - self.table_jokers)
        return *builder.finish(spares), placed

    def _optimal_step(self, state: State) -> tuple[State, Decision]:
        """A step from an exactly solved state that keeps its best score."""
        target = self.exact[state]
        for gain, following, decision in self._steps(state):
            rest = self.exact.get(following, _IMPOSSIBLE)
            if rest > _IMPOSSIBLE and gain + rest == target:
                return following, decision
        raise AssertionError("no optimal step to rebuild")  # pragma: no cover


def _pack(runs: Runs) -> int:
    ones, twos, threes = runs
    return ones + 5 * twos + 25 * threes


def _unpack(packed: int) -> Runs:
    return packed % 5, packed // 5 % 5, packed // 25


def _group_count(tiles: int, most_copies: int) -> int | None:
    """The fewest groups holding these tiles (None if impossible; 0 for no tiles).

    ``m`` groups work when no colour appears more than ``m`` times and 3m <= tiles <= 4m.
    """
    if tiles == 0:
        return 0
    for groups in range(max(most_copies, 1), tiles // 3 + 1):
        if 3 * groups <= tiles <= 4 * groups:
            return groups
    return None


class _TableBuilder:
    """Lays out runs and groups as the optimal decisions are replayed number by number."""

    def __init__(self) -> None:
        self.open_runs: list[list[list[str]]] = [[] for _ in COLOURS]
        self.runs: list[tuple[int, int, list[str]]] = []  # (colour, start, tiles)
        self.groups: list[tuple[int, list[str]]] = []  # (number, tiles)
        self.group_tiles: list[str] = []

    def add_colour(self, colour: int, code: str, to_runs: int, to_groups: int, jokers: int) -> None:
        """Continue the shortest open runs with this number's slots, start runs with the rest."""
        slots = [code] * to_runs + [JOKER] * jokers
        open_runs = sorted(self.open_runs[colour], key=len)
        continued, closed = open_runs[: len(slots)], open_runs[len(slots) :]
        for run, tile in zip(continued, slots, strict=False):
            run.append(tile)
        for run in closed:
            self._close_run(colour, run, before=int(code[1:]))
        self.open_runs[colour] = continued + [[tile] for tile in slots[len(continued) :]]
        self.group_tiles += [code] * to_groups

    def close_groups(self, number: int, jokers: int) -> None:
        """Deal this number's group tiles round-robin into groups, then top up with jokers."""
        count = _group_count(len(self.group_tiles) + jokers, _most_copies(self.group_tiles))
        assert count is not None
        groups: list[list[str]] = [[] for _ in range(count)]
        for index, tile in enumerate(sorted(self.group_tiles, key=_colour_order)):
            groups[index % count].append(tile)
        for _ in range(jokers):
            min(groups, key=len).append(JOKER)
        self.groups += [(number, group) for group in groups]
        self.group_tiles = []

    def finish(self, spares: int) -> tuple[list[list[str]], list[list[str]]]:
        """Close the last runs and seat the spare jokers: (runs, groups)."""
        for colour, open_runs in enumerate(self.open_runs):
            for run in open_runs:
                self._close_run(colour, run, before=_AFTER_LAST)
        for _ in range(spares):
            self._seat_spare()
        return [tiles for _, _, tiles in self.runs], [tiles for _, tiles in self.groups]

    def _seat_spare(self) -> None:
        """A joker after a run ending before 13, else as the fourth of a group of three."""
        for _, start, tiles in self.runs:
            if start + len(tiles) - 1 < HIGHEST:
                tiles.append(JOKER)
                return
        for _, tiles in self.groups:
            if len(tiles) == 3:
                tiles.append(JOKER)
                return
        raise AssertionError("no room for a spare joker")  # pragma: no cover

    def _close_run(self, colour: int, run: list[str], before: int) -> None:
        assert len(run) >= 3
        self.runs.append((colour, before - len(run), run))


def _colour_order(code: str) -> int:
    return COLOURS.index(code[0])


def _most_copies(codes: list[str]) -> int:
    return max(Counter(codes).values(), default=0)
