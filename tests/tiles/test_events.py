"""What tile rummy's move events say a move did (tiles/events.py, issue 56): a draw (its
tile to the drawer alone), a pass, new sets and the initial meld's points, tiles added
to a set, the table rearranged (which tiles moved into which set), the round's end with
its result; numbered on within the round, the latest two turns kept."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from gamekit.events import HIDDEN
from tests.tiles.positions import RUN_OF_TENS, empty_pool_state, play
from tiles.engine import apply, new_round, view
from tiles.state import state_from_position


def said(events: list[dict]) -> list[tuple]:
    """The events as (n, seat, kind, pieces, source, target, facts)."""
    return [
        (e["n"], e["seat"], e["kind"], e["pieces"], e["source"], e["target"], e["facts"])
        for e in events
    ]


def test_a_draw_names_its_tile_to_the_drawer_only() -> None:
    state = state_from_position({1: ["K1", "B2"], 2: ["O3", "R4"]}, seed=4)
    drawn = state.pool[-1]
    after = apply(state, 1, {"type": "draw"})
    assert said(view(after, 1)["events"]) == [(1, 1, "draw", [drawn], "pool", "hand-1", {})]
    for other in (2, None):
        assert said(view(after, other)["events"]) == [
            (1, 1, "draw", [HIDDEN], "pool", "hand-1", {})
        ]


def test_an_initial_meld_lays_each_new_set_then_says_its_points() -> None:
    racks = {1: ["K10", "K11", "K12", "B7", "O7", "R7", "O1"], 2: ["B1", "B2"]}
    state = state_from_position(racks, opened={1: False, 2: False})
    after = apply(state, 1, play([RUN_OF_TENS, ["B7", "O7", "R7"]]))
    assert said(after.events) == [
        (1, 1, "new_set", ["K10", "K11", "K12"], "hand-1", "set-1", {"another": False}),
        (2, 1, "new_set", ["B7", "O7", "R7"], "hand-1", "set-2", {"another": True}),
        (3, 1, "initial_meld", [], "", "", {"points": 54}),
    ]


def test_tiles_added_to_a_set_on_the_table_are_an_add_to_that_set() -> None:
    table = [["R1", "R2", "R3"], ["K5", "B5", "O5"]]
    state = state_from_position({1: ["R4", "R5", "R5", "B9"], 2: ["B1"]}, table)
    after = apply(state, 1, play([["R1", "R2", "R3", "R4", "R5"], ["K5", "B5", "O5"]]))
    assert said(after.events) == [(1, 1, "add", ["R4", "R5"], "hand-1", "set-1", {})]


def test_a_rearranged_table_says_which_tiles_moved_into_which_set() -> None:
    # B8 leaves the run for a new group with the rack's O8 and R8; the run keeps the rest.
    table = [["B5", "B6", "B7", "B8"], ["K1", "K2", "K3"]]
    state = state_from_position({1: ["O8", "R8", "K13"], 2: ["B1"]}, table)
    after = apply(state, 1, play([["K1", "K2", "K3"], ["B5", "B6", "B7"], ["B8", "O8", "R8"]]))
    assert said(after.events) == [
        (1, 1, "moved", ["B8"], "table", "set-3", {}),
        (2, 1, "add", ["O8", "R8"], "hand-1", "set-3", {}),
    ]


def test_going_out_ends_with_the_round_and_its_result() -> None:
    state = state_from_position({1: RUN_OF_TENS, 2: ["B1", "O2"]})
    after = apply(state, 1, play([RUN_OF_TENS]))
    assert said(after.events)[-1] == (
        3,
        1,
        "round_over",
        [],
        "",
        "",
        {
            "winner": 1,
            "reason": "out",
            "scores": {"1": 3, "2": -3},
            "rack_sums": {"1": 0, "2": 3},
        },
    )


def test_two_passes_end_the_round_with_the_lower_rack_sum() -> None:
    state = empty_pool_state({1: ["K1", "K2"], 2: ["O9"]})
    after = apply(apply(state, 1, {"type": "pass"}), 2, {"type": "pass"})
    assert said(after.events) == [
        (1, 1, "pass", [], "", "", {}),
        (2, 2, "pass", [], "", "", {}),
        (
            3,
            2,
            "round_over",
            [],
            "",
            "",
            {
                "winner": 1,
                "reason": "blocked",
                "scores": {"1": 6, "2": -6},
                "rack_sums": {"1": 3, "2": 9},
            },
        ),
    ]


def test_the_state_keeps_the_other_seats_turn_and_the_one_just_played() -> None:
    state = new_round(8, 1)
    for seat in (1, 2, 1):
        state = apply(state, seat, {"type": "draw"})
    assert [(e["n"], e["seat"]) for e in state.events] == [(2, 2), (3, 1)]
    # The next round numbers from 1 again, with none kept.
    assert new_round(9, 2, state).events == ()


def test_in_whole_bot_games_every_play_says_each_rack_tile_once_and_where_it_went() -> None:
    from rooms import registry
    from tests.rooms.test_game_contract import games_of

    game = registry.get("tiles")
    assert game is not None
    plays = 0
    for _level, _seed, states in games_of(game):
        for before, after in pairwise(states):
            if after.last is None or after.last["type"] != "play":
                continue
            plays += 1
            seat = after.last["seat"]
            made = [
                e for e in after.events if e["n"] > max((x["n"] for x in before.events), default=0)
            ]
            from_rack = Counter(
                code for e in made if e["source"] == f"hand-{seat}" for code in e["pieces"]
            )
            assert from_rack == Counter(after.last["placed"])
            for e in made:
                if e["target"].startswith("set-"):
                    into = Counter(after.table[int(e["target"][4:]) - 1])
                    assert Counter(e["pieces"]) <= into, e
            opened = [e for e in made if e["kind"] == "initial_meld"]
            assert len(opened) == (not before.opened[seat])
    assert plays > 20
