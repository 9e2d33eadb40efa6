"""Tile rummy's move events in words (issue 56): `narrate(event, viewer, mode)`, the
whole sentence the page says for an event (tiles/events.py) to the seat `viewer` (None:
a watcher) in the board's mode, in the active language (Game.narrate).

Each sentence is written whole for each way a board names a seat (rooms.phrases), the
tiles named as their spoken labels name them ("red 7", tiles.markup.label) and the sets
by their number on the table after the move ("set 3", as the board's position says).
A tile the viewer may not see (gamekit.events.HIDDEN) is "a tile".
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, gettext, ngettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from gamekit.events import HIDDEN
from gamekit.memo import memoized
from rooms.phrases import SeatPhrase
from tiles.markup import NUMBER_WORDS, label
from tiles.sets import JOKER

DREW = SeatPhrase(
    you=_("You drew %(tile)s."),
    computer=_("The computer drew %(tile)s."),
    friend=_("Your friend drew %(tile)s."),
    player=_("Player %(number)s drew %(tile)s."),
)
DREW_UNSEEN = SeatPhrase(
    you=_("You drew a tile."),
    computer=_("The computer drew a tile."),
    friend=_("Your friend drew a tile."),
    player=_("Player %(number)s drew a tile."),
)
PASSED = SeatPhrase(
    you=_("You passed."),
    computer=_("The computer passed."),
    friend=_("Your friend passed."),
    player=_("Player %(number)s passed."),
)
LAID = SeatPhrase(
    you=_("You laid %(tiles)s as a new set, set %(set)s."),
    computer=_("The computer laid %(tiles)s as a new set, set %(set)s."),
    friend=_("Your friend laid %(tiles)s as a new set, set %(set)s."),
    player=_("Player %(number)s laid %(tiles)s as a new set, set %(set)s."),
)
LAID_ANOTHER = SeatPhrase(
    you=_("You laid %(tiles)s as another new set, set %(set)s."),
    computer=_("The computer laid %(tiles)s as another new set, set %(set)s."),
    friend=_("Your friend laid %(tiles)s as another new set, set %(set)s."),
    player=_("Player %(number)s laid %(tiles)s as another new set, set %(set)s."),
)
ADDED = SeatPhrase(
    you=_("You added %(tiles)s to set %(set)s."),
    computer=_("The computer added %(tiles)s to set %(set)s."),
    friend=_("Your friend added %(tiles)s to set %(set)s."),
    player=_("Player %(number)s added %(tiles)s to set %(set)s."),
)
MOVED = SeatPhrase(
    you=_("You moved %(tiles)s from other sets to set %(set)s."),
    computer=_("The computer moved %(tiles)s from other sets to set %(set)s."),
    friend=_("Your friend moved %(tiles)s from other sets to set %(set)s."),
    player=_("Player %(number)s moved %(tiles)s from other sets to set %(set)s."),
)
MELDED = SeatPhrase(
    you=ngettext_lazy(
        "Your initial meld: %(counter)s point.", "Your initial meld: %(counter)s points.", "counter"
    ),
    computer=ngettext_lazy(
        "The computer's initial meld: %(counter)s point.",
        "The computer's initial meld: %(counter)s points.",
        "counter",
    ),
    friend=ngettext_lazy(
        "Your friend's initial meld: %(counter)s point.",
        "Your friend's initial meld: %(counter)s points.",
        "counter",
    ),
    player=ngettext_lazy(
        "Player %(number)s's initial meld: %(counter)s point.",
        "Player %(number)s's initial meld: %(counter)s points.",
        "counter",
    ),
)
WENT_OUT = SeatPhrase(
    you=ngettext_lazy(
        "You played your last tile and won %(counter)s point.",
        "You played your last tile and won %(counter)s points.",
        "counter",
    ),
    computer=ngettext_lazy(
        "The computer played its last tile and won %(counter)s point.",
        "The computer played its last tile and won %(counter)s points.",
        "counter",
    ),
    friend=ngettext_lazy(
        "Your friend played their last tile and won %(counter)s point.",
        "Your friend played their last tile and won %(counter)s points.",
        "counter",
    ),
    player=ngettext_lazy(
        "Player %(number)s played their last tile and won %(counter)s point.",
        "Player %(number)s played their last tile and won %(counter)s points.",
        "counter",
    ),
)
BLOCKED = SeatPhrase(
    you=ngettext_lazy(
        "Two passes in a row end the round: you won %(counter)s point with the lower rack sum.",
        "Two passes in a row end the round: you won %(counter)s points with the lower rack sum.",
        "counter",
    ),
    computer=ngettext_lazy(
        "Two passes in a row end the round: the computer won %(counter)s point with the lower "
        "rack sum.",
        "Two passes in a row end the round: the computer won %(counter)s points with the lower "
        "rack sum.",
        "counter",
    ),
    friend=ngettext_lazy(
        "Two passes in a row end the round: your friend won %(counter)s point with the lower "
        "rack sum.",
        "Two passes in a row end the round: your friend won %(counter)s points with the lower "
        "rack sum.",
        "counter",
    ),
    player=ngettext_lazy(
        "Two passes in a row end the round: Player %(number)s won %(counter)s point with the "
        "lower rack sum.",
        "Two passes in a row end the round: Player %(number)s won %(counter)s points with the "
        "lower rack sum.",
        "counter",
    ),
)
BLOCKED_DRAW = _("Two passes in a row end the round: the rack sums are equal, a draw.")

SET_WORDS = {"new_set": LAID, "add": ADDED, "moved": MOVED}

# A colour said once before several numbers ("red 4, 5"): an adjective that agrees with
# several tiles ("красные", "vermelhas").
COLOURS_OF_SEVERAL = {
    "K": pgettext_lazy("several tiles' colour", "black"),
    "B": pgettext_lazy("several tiles' colour", "blue"),
    "O": pgettext_lazy("several tiles' colour", "orange"),
    "R": pgettext_lazy("several tiles' colour", "red"),
}


@memoized("tiles.narration.tiles_words", 4096)
def tiles_words(codes: tuple[str, ...], language: str | None) -> str:
    """Tiles by their spoken names in order, tiles of one colour side by side named
    with the colour once, as the label's pattern puts it: "orange 3, 4, 5", "оранжевые
    тройка, четвёрка, пятёрка", "3, 4, 5 laranja"; a joker by its name."""
    runs: list[list[str]] = []
    for code in codes:
        if runs and code != JOKER and runs[-1][0] != JOKER and runs[-1][0][0] == code[0]:
            runs[-1].append(code)
        else:
            runs.append([code])
    said = []
    for run in runs:
        if len(run) == 1:
            said.append(label(run[0], language))
            continue
        numbers = ", ".join(str(NUMBER_WORDS.get(code[1:], code[1:])) for code in run)
        colour = COLOURS_OF_SEVERAL[run[0][0]]
        said.append(gettext("%(colour)s %(number)s") % {"colour": colour, "number": numbers})
    return ", ".join(said)


def narrate(event: dict[str, Any], viewer: int | None, mode: str) -> str:
    """The sentence of `event` (as `viewer` may see it) for `viewer` in `mode`."""
    kind, who, facts = event["kind"], event["seat"], event["facts"]
    language = get_language()
    if kind == "draw":
        tile = event["pieces"][0] if event["pieces"] else HIDDEN
        if tile == HIDDEN:
            return DREW_UNSEEN.said(who, viewer, mode, language)
        return DREW.said(who, viewer, mode, language, tile=label(tile, language))
    if kind == "pass":
        return PASSED.said(who, viewer, mode, language)
    if kind in SET_WORDS:
        phrase = LAID_ANOTHER if kind == "new_set" and facts.get("another") else SET_WORDS[kind]
        tiles = tiles_words(tuple(event["pieces"]), language)
        number = event["target"].removeprefix("set-")
        return phrase.said(who, viewer, mode, language, tiles=tiles, set=number)
    if kind == "initial_meld":
        return MELDED.said(who, viewer, mode, language, counter=facts["points"])
    if kind == "round_over":
        winner = facts["winner"]
        if winner is None:
            return str(BLOCKED_DRAW)
        points = facts["scores"][str(winner)]
        phrase = WENT_OUT if facts["reason"] == "out" else BLOCKED
        return phrase.said(winner, viewer, mode, language, counter=points)
    raise ValueError(f"not a tile rummy event: {kind!r}")
