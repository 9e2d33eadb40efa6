"""The rule sentences of the seeds (tiles.ru.txt, tiles.pt.txt) and RULES.md that no
other test covers, one test each, and the saves and inputs that contradict them
(damaged saves against the rules, inputs bigger than the whole game)."""

import pytest

from gamekit.engine import IllegalAction
from tests.tiles.positions import RUN_OF_TENS, empty_pool_state, play, refused
from tiles.draft import replay
from tiles.engine import apply, from_json, new_round, to_json
from tiles.sets import check_set, parse_table
from tiles.state import State, next_first_seat, state_from_position


def damaged(data: dict) -> str:
    with pytest.raises(IllegalAction) as caught:
        from_json(data)
    assert caught.value.code == "bad_state"
    return caught.value.params["what"]


def blocked_game() -> State:
    """A game just ended by two passes: the pool is empty, seat 1 holds the lower sum."""
    racks = {1: ["K1", "K2"], 2: ["B13"]}
    state = empty_pool_state(racks)
    return apply(apply(state, 1, {"type": "pass"}), 2, {"type": "pass"})


# --- Rule sentences that had no test of their own ---------------------------------------


def test_sets_already_on_the_table_do_not_count_towards_the_opening():
    # "минимум 30 очков только из новых комбинаций своей стойки": K11 K12 K13 (36) on
    # the table does not help R1 R2 R3 (6) reach 30.
    state = state_from_position(
        {1: ["R1", "R2", "R3", "B1"], 2: ["B2"]},
        [["K11", "K12", "K13"]],
        opened={1: False, 2: True},
    )
    error = refused(state, 1, play([["K11", "K12", "K13"], ["R1", "R2", "R3"]]))
    assert error.code == "opening_too_low"
    assert error.params["total"] == 6


def test_an_opening_may_repeat_a_set_that_is_already_on_the_table():
    # The second copies of K10 K11 K12 make a new set from the rack, beside the old one.
    state = state_from_position(
        {1: [*RUN_OF_TENS, "B1"], 2: ["B2"]}, [RUN_OF_TENS], opened={1: False, 2: True}
    )
    after = apply(state, 1, play([RUN_OF_TENS, RUN_OF_TENS]))
    assert after.opened[1]
    assert after.table == (tuple(RUN_OF_TENS), tuple(RUN_OF_TENS))


def test_a_joker_in_a_group_counts_as_the_number_of_the_group_in_the_opening():
    # K10 B10 J is 10 + 10 + 10 = 30, not 10 + 10 + 30 (or 50).
    state = state_from_position({1: ["K10", "B10", "J", "R1"], 2: ["B2"]})
    assert apply(state, 1, play([["K10", "B10", "J"]])).opened[1]
    state = state_from_position({1: ["K9", "B9", "J", "R1"], 2: ["B2"]})
    assert refused(state, 1, play([["K9", "B9", "J"]])).params["total"] == 27


def test_the_opening_may_not_use_a_joker_taken_from_the_table():
    # O1 O2 O3 stays valid without its joker, but R10 R11 J (33) would use a table tile.
    state = state_from_position(
        {1: ["R10", "R11", "B1"], 2: ["B2"]},
        [["O1", "O2", "O3", "J"]],
        opened={1: False, 2: True},
    )
    error = refused(state, 1, play([["O1", "O2", "O3"], ["R10", "R11", "J"]]))
    assert error.code == "opening_touches_table"


def test_a_joker_freed_from_a_set_may_not_go_back_to_the_rack():
    # The real K5 replaces the joker, but the joker must stay on the table.
    state = state_from_position(
        {1: ["K5", "B1"], 2: ["B2"]}, [["K4", "J", "K6"]], opened={1: True, 2: True}
    )
    error = refused(state, 1, play([["K4", "K5", "K6"]]))
    assert error.code == "table_tile_removed"
    assert error.params == {"tiles": "J"}


def test_the_two_copies_of_a_tile_may_lie_in_different_sets():
    state = state_from_position(
        {1: ["R5", "K5", "B5", "B1"], 2: ["B2"]}, [["R4", "R5", "R6"]], opened={1: True, 2: True}
    )
    after = apply(state, 1, play([["R4", "R5", "R6"], ["R5", "K5", "B5"]]))
    assert after.table == (("R4", "R5", "R6"), ("K5", "B5", "R5"))


@pytest.mark.parametrize(
    "tiles",
    [["R5", "R5", "J"], ["R5", "R5", "K5"], ["R5", "K5", "B5", "R5"], ["R5", "R5", "R6"]],
)
def test_the_same_tile_twice_is_neither_a_group_nor_a_run(tiles):
    assert not check_set(tiles).valid


@pytest.mark.parametrize(
    ("tiles", "read_as"),
    [
        (["J", "R1", "R2"], ("R1", "R2", "R3")),
        (["R12", "R13", "J"], ("R11", "R12", "R13")),
        (["J", "R13", "J", "R12"], ("R10", "R11", "R12", "R13")),
        (["R1", "J", "J"], ("R1", "R2", "R3")),
    ],
)
def test_1_never_follows_13_even_where_a_joker_could_stand_between_them(tiles, read_as):
    check = check_set(tiles)
    assert check.valid
    numbers = iter(check.stands_for)
    read = tuple(next(numbers) if code == "J" else code for code in check.arranged)
    assert read == read_as


def test_a_run_of_all_13_numbers_may_hold_both_jokers_but_not_one_tile_more():
    thirteen = [f"O{n}" for n in range(1, 14) if n not in (1, 13)] + ["J", "J"]
    assert check_set(thirteen).valid
    assert check_set(thirteen).value == sum(range(1, 14))
    assert not check_set([*thirteen[:-2], "O1", "O13", "J"]).valid


def test_the_starting_player_alternates_game_after_game():
    previous = None
    firsts = []
    for game in range(6):
        state = new_round(game, next_first_seat(previous), previous)
        firsts.append((state.first, state.turn, state.game_no))
        previous = state
    assert firsts == [(1, 1, 1), (2, 2, 2), (1, 1, 3), (2, 2, 4), (1, 1, 5), (2, 2, 6)]


def test_after_two_passes_the_player_who_passed_second_may_win():
    racks = {1: ["K13", "B13"], 2: ["B1"]}
    state = empty_pool_state(racks)
    over = apply(apply(state, 1, {"type": "pass"}), 2, {"type": "pass"})
    assert over.result is not None
    assert over.result["winner"] == 2
    assert over.result["scores"] == {1: -25, 2: 25}


def test_a_draft_moved_back_to_where_it_started_counts_as_an_unchanged_table():
    table = [["R1", "R2", "R3", "R4"]]
    edits = [{"type": "move", "from": 0, "index": 3, "to": "new"}]
    assert replay(table, ["B1"], True, edits).changed
    back = [*edits, {"type": "move", "from": 1, "index": 0, "to": 0}]
    assert not replay(table, ["B1"], True, back).changed


# --- Defects: damaged saves that contradict the rules -----------------------------------


def test_a_save_whose_seats_are_not_whole_numbers_is_damaged():
    data = to_json(apply(new_round(3, 1), 1, {"type": "draw"}))
    assert damaged({**data, "turn": 2.0}) == "turn"
    assert damaged({**data, "last": {"seat": 1.0, "type": "draw"}}) == "last"
    assert damaged({**data, "schema": True}) == "schema"


def test_a_save_of_a_game_in_progress_with_an_empty_rack_is_damaged():
    # "Пустая стойка побеждает сразу": an empty rack would have ended the game.
    data = to_json(new_round(3, 1))
    data["racks"] = {"1": data["racks"]["1"] + data["racks"]["2"], "2": []}
    assert damaged(data) == "racks"


def test_a_saved_result_must_follow_from_the_racks():
    over = blocked_game()
    data = to_json(over)
    assert from_json(data) == over
    assert data["result"]["scores"] == {"1": 10, "2": -10}
    inflated = {**data["result"], "scores": {"1": 500, "2": -500}}
    assert damaged({**data, "result": inflated}) == "result"
    swapped = {**data["result"], "winner": 2, "scores": {"1": -10, "2": 10}}
    assert damaged({**data, "result": swapped}) == "result"
    drawn = {**data["result"], "winner": None, "scores": {"1": 0, "2": 0}}
    assert damaged({**data, "result": drawn}) == "result"
    out = {**data["result"], "reason": "out", "scores": {"1": 13, "2": -13}}
    assert damaged({**data, "result": out}) == "result"  # seat 1 still holds tiles


def test_a_saved_win_by_going_out_survives_and_a_forged_one_does_not():
    state = state_from_position({1: RUN_OF_TENS, 2: ["B1", "J"]})
    data = to_json(apply(state, 1, play([RUN_OF_TENS])))
    assert from_json(data).result == {
        "winner": 1,
        "scores": {1: 31, 2: -31},
        "reason": "out",
        "rack_sums": {1: 0, 2: 31},
    }
    forged = {**data["result"], "rack_sums": {"1": 0, "2": 99}, "scores": {"1": 99, "2": -99}}
    assert damaged({**data, "result": forged}) == "result"


# --- Defects: inputs bigger than the whole game -----------------------------------------


def test_a_table_holding_more_tiles_than_the_game_has_is_malformed():
    with pytest.raises(IllegalAction) as caught:
        parse_table([["K1"] * 100] * 100)
    assert caught.value.code == "malformed"
    state = state_from_position({1: [*RUN_OF_TENS, "R1"], 2: ["B1"]})
    error = refused(state, 1, play([["K1"] * 106] * 106))
    assert error.code == "malformed"
    assert len(str(error)) < 200


def test_a_selection_of_more_tiles_than_the_game_has_is_malformed():
    with pytest.raises(IllegalAction) as caught:
        replay([], ["R4"], True, [{"type": "new_set", "tiles": ["K1"] * 10_000}])
    assert caught.value.code == "malformed"
    assert len(str(caught.value)) < 200
