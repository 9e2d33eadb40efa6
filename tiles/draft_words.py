"""What the page says of a draft edit (issue 56): the player's latest change of the table
in a whole sentence ("New set 3 with red 7.", "Added blue 7 to set 2.", "The table is
back as it was."), then each set whose problem is new or changed by it ("Set 3: mixed
colours, a run must be all one colour."). The draft endpoint (tiles/views.py) puts it in
its answer, and rooms/static/rooms/announce.js says it once; a restored draft says
nothing (the page asks for no words then).

The sentences come from replaying the edits before and after the latest ones
(tiles.draft.table_after): the set numbers are those the page shows after the edit, the
tiles by their spoken names (tiles.markup.label)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from django.utils.translation import get_language, gettext, ngettext

from rooms.errors import describe
from tiles.draft import table_after
from tiles.markup import NAMES, label
from tiles.sets import check_set

Table = list[list[str]]


def _names(codes: Sequence[str]) -> str:
    language = get_language()
    return ", ".join(label(code, language) for code in codes)


def _new_set(edit: dict[str, Any], before: Table, after: Table) -> str:
    return gettext("New set %(number)s with %(tiles)s.") % {
        "number": len(after),
        "tiles": _names(edit["tiles"]),
    }


def _add(edit: dict[str, Any], before: Table, after: Table) -> str:
    return gettext("Added %(tiles)s to set %(number)s.") % {
        "tiles": _names(edit["tiles"]),
        "number": edit["set"] + 1,
    }


def _move(edit: dict[str, Any], before: Table, after: Table) -> str:
    """A table tile to another set or a new one, the sets named as the player chose them
    (before the move); a set left empty is gone, and said so."""
    source, target = edit["from"], edit["to"]
    values = {"tile": _names([before[source][edit["index"]]]), "from": source + 1}
    if target == "new":
        emptied = len(after) == len(before)  # one set gone, one made
        values["to"] = len(after)
        words = gettext("Moved %(tile)s from set %(from)s to new set %(to)s.") % values
    else:
        emptied = len(after) < len(before)
        values["to"] = target + 1
        words = gettext("Moved %(tile)s from set %(from)s to set %(to)s.") % values
    if emptied:
        words += " " + gettext("Set %(number)s, now empty, is gone.") % {"number": source + 1}
    return words


def _split(edit: dict[str, Any], before: Table, after: Table) -> str:
    index = edit["set"]
    return gettext(
        "Split set %(number)s in two: set %(number)s is %(first)s; set %(next)s is %(second)s."
    ) % {
        "number": index + 1,
        "next": index + 2,
        "first": _names(after[index]),
        "second": _names(after[index + 1]),
    }


def _take_back(edit: dict[str, Any], before: Table, after: Table) -> str:
    return gettext("Took %(tile)s back from set %(number)s to your rack.") % {
        "tile": _names([before[edit["set"]][edit["index"]]]),
        "number": edit["set"] + 1,
    }


def _arrange(edit: dict[str, Any], before: Table, after: Table) -> str:
    """The hint's table: the rack tiles it placed, then each set it made or changed."""
    placed = Counter(code for tiles in after for code in tiles) - Counter(
        code for tiles in before for code in tiles
    )
    codes = []
    for code in (code for tiles in after for code in tiles):
        if placed[code] > 0:
            codes.append(code)
            placed[code] -= 1
    words = [
        ngettext(
            "The hint placed %(counter)s tile: %(tiles)s.",
            "The hint placed %(counter)s tiles: %(tiles)s.",
            len(codes),
        )
        % {"counter": len(codes), "tiles": _names(codes)}
    ]
    kept = Counter(tuple(sorted(tiles)) for tiles in before)
    for index, tiles in enumerate(after):
        key = tuple(sorted(tiles))
        if kept[key]:
            kept[key] -= 1
            continue
        words.append(
            gettext("Set %(number)s is now %(tiles)s.")
            % {"number": index + 1, "tiles": _names(tiles)}
        )
    return " ".join(words)


def _undo(edit: dict[str, Any], before: Table, after: Table) -> str:
    return gettext("The last change is undone.")


def _reset(edit: dict[str, Any], before: Table, after: Table) -> str:
    return gettext("The table is back as it was.")


SENTENCES = {
    "new_set": _new_set,
    "add": _add,
    "move": _move,
    "split": _split,
    "take_back": _take_back,
    "arrange": _arrange,
    "undo": _undo,
    "reset": _reset,
}


def _problems(table: Table) -> dict[int, str]:
    """Each invalid set's reason by its index, in the active language."""
    found = {}
    for index, tiles in enumerate(table):
        check = check_set(tiles)
        if not check.valid:
            found[index] = describe(check.error(index + 1), NAMES)["message"]
    return found


def edit_words(
    table: Sequence[Sequence[str]],
    rack: Sequence[str],
    opened: bool,
    edits: list[dict[str, Any]],
    count: int,
) -> str:
    """What the last `count` of `edits` did (a turn's start `table`, `rack`, `opened`, as
    tiles.draft.replay takes them, the edits already replayed without error), and the
    sets whose problem they made new or changed; "" for none."""
    count = max(0, min(count, len(edits)))
    if not count:
        return ""
    start = len(edits) - count
    previous, _ = table_after(table, rack, opened, edits[:start])
    first = previous
    words = []
    for number in range(start, len(edits)):
        after, _ = table_after(table, rack, opened, edits[: number + 1])
        edit = edits[number]
        words.append(SENTENCES[edit["type"]](edit, previous, after))
        previous = after
    was = _problems(first)
    words += [text for index, text in _problems(previous).items() if was.get(index) != text]
    return " ".join(words)
