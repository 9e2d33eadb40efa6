"""The edits of a draft (tiles/draft.py) as the tests write them, and the helpers to
replay them: shared by test_draft.py and test_draft_arrange.py."""

import pytest

from gamekit.engine import IllegalAction
from tiles.draft import replay

OLD = [["R1", "R2", "R3"]]


def new_set(*tiles: str) -> dict:
    return {"type": "new_set", "tiles": list(tiles)}


def add(index: int, *tiles: str) -> dict:
    return {"type": "add", "set": index, "tiles": list(tiles)}


def move(source: int, index: int, target: int | str) -> dict:
    return {"type": "move", "from": source, "index": index, "to": target}


def split(index: int, at: int) -> dict:
    return {"type": "split", "set": index, "at": at}


def take_back(index: int, position: int) -> dict:
    return {"type": "take_back", "set": index, "index": position}


UNDO = {"type": "undo"}
RESET = {"type": "reset"}


def refused_edit(table, rack, opened, edits) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        replay(table, rack, opened, edits)
    return caught.value


def codes(draft) -> list[str]:
    return [problem["code"] for problem in draft.problems]
