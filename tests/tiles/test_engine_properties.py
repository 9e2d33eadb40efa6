"""Invariants of the tile rummy engine across random sequences of legal and illegal actions.

- no tile is created or lost: racks + table + pool are always the 106 tiles;
- every confirmed table is valid;
- an illegal action leaves the state unchanged;
- to_json / from_json round-trip;
- a seat's view never depends on the pool or the opponent's rack (until the game is over);
- whatever a valid draft ends the turn with, apply accepts; an invalid one it refuses;
- finished games' scores add up to zero.
"""

import contextlib
import json
import random
from collections import Counter
from dataclasses import replace
from itertools import pairwise
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit.engine import IllegalAction
from gamekit.seats import other
from tiles.draft import replay_state
from tiles.engine import apply, from_json, new_round, to_json, view
from tiles.sets import ALL_TILES, COLOURS, JOKER, check_set, number, rack_sum, sort_tiles
from tiles.state import State

# --- Finding plays (a crude player, good enough to move games along) ------------------


def sets_in_rack(rack: list[str]) -> list[list[str]]:
    """Disjoint groups and runs of 3+ found greedily in a rack (jokers unused)."""
    left = Counter(rack)
    found = []
    for n in range(13, 0, -1):
        group = [f"{c}{n}" for c in COLOURS if left[f"{c}{n}"]]
        if len(group) >= 3:
            found.append(group)
            left -= Counter(group)
    for c in COLOURS:
        streak: list[str] = []
        for n in range(1, 15):
            if n <= 13 and left[f"{c}{n}"]:
                streak.append(f"{c}{n}")
                continue
            if len(streak) >= 3:
                found.append(streak)
                left -= Counter(streak)
            streak = []
    if left[JOKER] and found and len(found[0]) < 13:
        joined = [*found[0], JOKER]
        if check_set(joined).valid:
            found[0] = joined
    return found


def extension(state: State, seat: int) -> dict[str, Any] | None:
    """Add one rack tile to one table set where it fits."""
    for code in state.racks[seat]:
        for index, tiles in enumerate(state.table):
            if check_set([*tiles, code]).valid:
                table = [list(t) for t in state.table]
                table[index].append(code)
                return {"type": "play", "table": table}
    return None


def meld(state: State, seat: int, how_many: int) -> dict[str, Any] | None:
    found = sets_in_rack(list(state.racks[seat]))[: max(how_many, 1)]
    if not found:
        return None
    return {"type": "play", "table": [*map(list, state.table), *found]}


def junk(rng: random.Random, state: State) -> object:
    table = [list(t) for t in state.table]
    choices: list[object] = [
        None,
        {"type": "play", "table": [*table, ["K1", "K1", "K1"]]},
        {"type": "play", "table": table[1:]},
        {"type": "play", "table": [*table, [rng.choice(ALL_TILES)]]},
        {"type": "play", "table": [*table, [rng.choice(ALL_TILES) for _ in range(3)]]},
        {"type": "play", "table": [[*t, "Z1"] for t in table] or [["Z1"]]},
        {"type": "draw", "table": [*table, ["K1"]]},
        {"type": "pass"},
        {"type": "play"},
        {"type": "fly"},
    ]
    return rng.choice(choices)


def random_draft_action(rng: random.Random, state: State, seat: int) -> dict[str, Any] | None:
    """Make random draft edits; check the draft's verdict against apply's."""
    rack = list(state.racks[seat])
    edits: list[dict[str, Any]] = []
    for _ in range(rng.randint(1, 6)):
        draft = replay_state(state, seat, edits)
        kind = rng.choice(["new_set", "add", "move", "split", "take_back", "undo"])
        table = draft.table
        edit: dict[str, Any]
        if kind in ("new_set", "add") and draft.rack:
            tiles = rng.sample(draft.rack, min(len(draft.rack), rng.randint(1, 3)))
            edit = {"type": kind, "tiles": tiles, "set": rng.randrange(len(table) or 1)}
        elif kind in ("move", "take_back", "split") and table:
            source = rng.randrange(len(table))
            position = rng.randrange(len(table[source]))
            target = rng.choice(["new", rng.randrange(len(table))])
            edit = {"type": kind, "from": source, "set": source, "index": position}
            edit.update({"to": target, "at": position})
        else:
            edit = {"type": "undo"}
        try:
            replay_state(state, seat, [*edits, edit])
        except IllegalAction:
            continue
        edits.append(edit)
    draft = replay_state(state, seat, edits)
    assert sorted(draft.rack + draft.placed) == sorted(rack)
    action = {"type": "play", "table": draft.table}
    error = refusal(state, seat, action)
    if seat != state.turn:  # the draft judges the table only; apply also asks whose turn
        assert error is not None
        assert error.code == "not_your_turn"
    else:
        assert draft.valid == (error is None), (draft, error)
    return action


def choose_action(rng: random.Random, state: State, seat: int) -> object:
    roll = rng.random()
    if roll < 0.3:
        return {"type": "draw"}
    if roll < 0.55:
        return meld(state, seat, rng.randint(1, 3)) or {"type": "draw"}
    if roll < 0.7:
        return extension(state, seat) or {"type": "pass"}
    if roll < 0.8:
        return random_draft_action(rng, state, seat)
    if roll < 0.9:
        return {"type": "pass"}
    return junk(rng, state)


# --- Invariants ------------------------------------------------------------------------


def every_tile(state: State) -> Counter[str]:
    tiles = Counter(state.pool) + Counter(state.racks[1]) + Counter(state.racks[2])
    return tiles + Counter(code for tiles in state.table for code in tiles)


def with_hidden_tiles_shuffled(state: State, seat: int, rng: random.Random) -> State:
    """The same game as `seat` knows it: pool and opponent's rack dealt differently."""
    opponent = other(seat)
    hidden = [*state.pool, *state.racks[opponent]]
    rng.shuffle(hidden)
    count = len(state.racks[opponent])
    return replace(
        state,
        pool=tuple(hidden[count:]),
        racks={seat: state.racks[seat], opponent: tuple(hidden[:count])},
    )


def check_invariants(state: State, rng: random.Random, thorough: bool = True) -> None:
    assert every_tile(state) == Counter(ALL_TILES)
    for tiles in state.table:
        assert check_set(tiles).valid, tiles
    if not thorough and state.result is None:
        return
    data = json.loads(json.dumps(to_json(state)))
    assert from_json(data) == state
    if state.result is None:
        for seat in (1, 2, None):
            shown = view(state, seat)
            for as_seen_by in (1, 2) if seat is None else (seat,):
                twin = with_hidden_tiles_shuffled(state, as_seen_by, rng)
                assert view(twin, seat) == shown
    else:
        scores = state.result["scores"]
        assert scores[1] + scores[2] == 0
        assert state.turn is None


def refusal(state: State, seat: int, action: object) -> IllegalAction | None:
    try:
        apply(state, seat, action)  # type: ignore[arg-type]
    except IllegalAction as error:
        return error
    return None


def step(
    state: State, seat: int, action: object, rng: random.Random, thorough: bool = True
) -> State:
    before = to_json(state)
    error = refusal(state, seat, action)
    if error is not None:
        assert error.code
        assert str(error) == error.message % error.params if error.params else error.message
        assert to_json(state) == before
        return state
    after = apply(state, seat, action)  # type: ignore[arg-type]
    check_invariants(after, rng, thorough)
    return after


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32), first=st.sampled_from([1, 2]), steps=st.integers(1, 120))
def test_random_actions_keep_every_tile_and_every_table_valid(seed, first, steps):
    rng = random.Random(seed)
    state = new_round(seed, first)
    check_invariants(state, rng)
    for _ in range(steps):
        if state.result is not None:
            break
        seat = state.turn if rng.random() < 0.95 else other(state.turn or 1)
        state = step(state, seat, choose_action(rng, state, seat), rng)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_game_played_to_the_end_has_scores_that_add_up(seed):
    rng = random.Random(seed)
    state = new_round(seed, 1 + seed % 2)
    # Draw-heavy play empties the pool; passing then ends the game.
    for _ in range(400):
        if state.result is not None:
            break
        seat = state.turn
        assert seat is not None
        action = meld(state, seat, 3) or extension(state, seat) or {"type": "draw"}
        if not state.pool and action == {"type": "draw"}:
            action = {"type": "pass"}
        # Only the cheap invariants at each step: the random-actions test does the rest.
        state = step(state, seat, action, rng, thorough=False)
        if state.turn == seat:  # refused play: fall back on drawing or passing
            fallback = {"type": "draw" if state.pool else "pass"}
            state = step(state, seat, fallback, rng, thorough=False)
    assert state.result is not None
    result = state.result
    sums = {seat: rack_sum(state.racks[seat]) for seat in (1, 2)}
    assert result["rack_sums"] == sums
    if result["reason"] == "out":
        winner = result["winner"]
        assert not state.racks[winner]
        assert result["scores"][winner] == sums[other(winner)]
    elif sums[1] == sums[2]:
        assert result["winner"] is None
    else:
        assert result["scores"][result["winner"]] == abs(sums[1] - sums[2])


@given(tiles=st.lists(st.sampled_from(sorted(set(ALL_TILES))), min_size=0, max_size=14))
def test_check_set_never_crashes_and_valid_sets_arrange_into_groups_or_runs(tiles):
    check = check_set(tiles)
    if not check.valid:
        assert check.reason
        assert check.message
        assert check.message % check.params
        return
    assert sorted(check.arranged) == sorted(tiles)
    assert check.arranged.count(JOKER) == len(check.stands_for)
    assert check_set(list(check.arranged)) == check
    real = [code for code in check.arranged if code != JOKER]
    if check.kind == "group":
        assert len({number(code) for code in real}) == 1
        assert 3 <= len(tiles) <= 4
    else:
        # Reading the jokers as what they stand for gives consecutive numbers.
        stand_ins = iter(check.stands_for)
        read = [next(stand_ins) if code == JOKER else code for code in check.arranged]
        numbers = [number(code) or 0 for code in read]
        assert all(b == a + 1 for a, b in pairwise(numbers))
        assert len({code[0] for code in read}) == 1
        assert check.value == sum(numbers)


@given(
    rack=st.lists(st.sampled_from(sorted(set(ALL_TILES))), min_size=0, max_size=20),
)
def test_sorting_a_rack_keeps_its_tiles(rack):
    assert Counter(sort_tiles(rack)) == Counter(rack)


# --- Fuzzing: anything a browser could send is refused cleanly --------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 200)
    | st.floats(allow_nan=False)
    | st.sampled_from(["J", "R5", "K13", "X1", "play", "draw", "pass", "new", "1", "2", ""]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["type", "table", "tiles", "set", "from", "to", "index", "at", "x"]),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(action=json_values)
def test_apply_refuses_arbitrary_json_with_illegal_action_only(action):
    state = new_round(1, 1)
    before = to_json(state)
    error = refusal(state, 1, action)
    if error is not None:
        assert to_json(state) == before


@settings(max_examples=300, deadline=None)
@given(edits=json_values)
def test_replay_refuses_arbitrary_edits_with_illegal_action_only(edits):
    state = new_round(1, 1)
    with contextlib.suppress(IllegalAction):
        replay_state(state, 1, edits)


@settings(max_examples=200, deadline=None)
@given(key=st.sampled_from(sorted(to_json(new_round(1, 1)))), junk=json_values)
def test_from_json_of_tampered_data_raises_illegal_action_never_a_crash(key, junk):
    data = to_json(apply(new_round(1, 1), 1, {"type": "draw"}))
    data[key] = junk
    codes = set()
    try:
        from_json(data)
    except IllegalAction as error:
        codes.add(error.code)
    assert codes <= {"bad_state"}
