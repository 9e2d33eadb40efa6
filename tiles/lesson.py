"""Tile rummy's guided first round (gamekit/lesson.py): a rack that holds every rule of
RULES.md's tile rummy in five turns. A run worth 9 is refused as an initial meld, then
made with a group of four 10s (49 points); the blue 10 moves from the group into a new
run (a rearrangement); the joker makes a run; a draw ends a turn. The computer draws.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gamekit.engine import gettext_noop
from gamekit.lesson import LEARNER, Lesson, Step
from tiles import engine
from tiles.sets import set_key
from tiles.state import State, state_from_position

RACK = ("B2", "B3", "B4", "R10", "K10", "O10", "B10", "B11", "B12", "O5", "O6", "J", "K1", "R13")
COMPUTER_RACK = (
    "K2",
    "K3",
    "K5",
    "K7",
    "K9",
    "O1",
    "O2",
    "R3",
    "R4",
    "R6",
    "R8",
    "B7",
    "B8",
    "K12",
)
DRAW = {"type": "draw"}

RUN = ["B2", "B3", "B4"]
TENS = ["R10", "K10", "O10", "B10"]


def deal() -> State:
    return state_from_position({1: RACK, 2: COMPUTER_RACK}, opened={1: False, 2: False}, seed=46)


def same(a: State, b: State) -> bool:
    """The same table (sets in any order) and the same racks."""
    return Counter(map(set_key, a.table)) == Counter(map(set_key, b.table)) and all(
        sorted(a.racks[seat]) == sorted(b.racks[seat]) for seat in (1, 2)
    )


def placed(state: State, action: dict[str, Any]) -> list[str]:
    """The rack tiles a play puts on the table (Lesson.pieces); none for a draw."""
    if action.get("type") != "play":
        return []
    after = engine.apply(state, LEARNER, action)
    return list((Counter(state.racks[LEARNER]) - Counter(after.racks[LEARNER])).elements())


def play(*sets: list[str]) -> dict[str, Any]:
    return {"type": "play", "table": [list(tiles) for tiles in sets]}


LESSON = Lesson(
    deal=deal,
    same=same,
    pieces=placed,
    steps=(
        Step(
            gettext_noop(
                "A run is three or more tiles of one colour in a row. Select your blue 2, 3 "
                "and 4 (click or tap them, or Enter on each) and press New set: the line "
                "under the table says why that is not enough yet. Then put your four 10s in "
                "a new set the same way and press End turn."
            ),
            play(RUN),
            refused="opening_too_low",
        ),
        Step(
            gettext_noop(
                "Your first sets must be worth 30 points together. Add a group, three or "
                "four tiles of one number in different colours: your four 10s."
            ),
            play(RUN, TENS),
            replies=(DRAW,),
        ),
        Step(
            gettext_noop(
                "Once you have melded, you may rearrange the table. Take the blue 10 from "
                "the group and make a run of blue 10, 11 and 12."
            ),
            play(RUN, TENS[:3], ["B10", "B11", "B12"]),
            replies=(DRAW,),
        ),
        Step(
            gettext_noop(
                "The joker stands for any tile. Make a run of your orange 5 and 6 with the joker."
            ),
            play(RUN, TENS[:3], ["B10", "B11", "B12"], ["O5", "O6", "J"]),
            replies=(DRAW,),
        ),
        Step(
            gettext_noop("Nothing more to play: draw a tile from the pool. It ends your turn."),
            DRAW,
            replies=(DRAW,),
        ),
    ),
)
