"""Sentences that name a seat, written whole for each way a board names it.

A board names a seat "You", "The computer", "Your friend" or "Player 2"
(rooms.templatetags.seats). Glued into one pattern ("Melds of %(owner)s") that gives
"Melds of You" in English, "Jogos de O computador" in Portuguese and a verb that cannot
agree in Russian ("Вы взял(а)"). So a game writes each such sentence once per case, as
four catalogue entries, and a board picks the one that fits:

    MELDS_HEADING = SeatPhrase(
        you=_("Your melds"),
        computer=_("The computer's melds"),
        friend=_("Your friend's melds"),
        player=_("Player %(number)s's melds"),
    )

with `gettext_lazy` (or `ngettext_lazy(singular, plural, "counter")` for a sentence
with a count), so that makemessages finds the entries. `phrase.tag` draws it;
a game's tag library (rooms.templatetags.phrase_tags) makes it a template tag named
after it: `{% melds_heading who seat mode %}` draws the sentence marked with the seat's colour;
further keyword arguments fill the sentence's other placeholders.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from gamekit.memo import memoized
from rooms.seats import COLOURS, COMPUTER_REPLAY


def seat_case(who: int, seat: int | None, mode: str) -> str:
    """How the viewer at `seat` names seat `who`: "you", "computer", "friend" or "player"
    (the cases of rooms.templatetags.seats.plain_seat_name)."""
    if mode in ("computer", COMPUTER_REPLAY):
        return "you" if who == seat else "computer"
    if mode == "friend" and seat is not None:
        return "you" if who == seat else "friend"
    return "player"


@dataclass(frozen=True, eq=False)  # hashed by identity: lazy entries hash in a language
class SeatPhrase:
    """One sentence about a seat, in each of its four cases (lazy catalogue entries;
    `player` holds `%(number)s`)."""

    you: Any
    computer: Any
    friend: Any
    player: Any

    def text(self, who: int | str, seat: int | None, mode: str, **values: Any) -> str:
        """The sentence in the active language, its placeholders filled."""
        who = int(who)
        entry = getattr(self, seat_case(who, seat, mode))
        return str(entry % {"number": who, **values})

    def said(
        self, who: int | str, seat: int | None, mode: str, language: str | None, **values: Any
    ) -> str:
        """`text` in `language`, the active one (the cache key), made once per language
        and values: a move's narration (Game.narrate) is said on every render of a board,
        for every seat, while its event is kept."""
        try:
            return _said(self, who, seat, mode, language, tuple(values.items()))
        except TypeError:  # an unhashable value
            return self.text(who, seat, mode, **values)

    def tag(
        self, who: int | str | None, seat: int | None, mode: str, **values: Any
    ) -> str | SafeString:
        """The sentence marked with the seat's colour; "" for no seat."""
        if who is None or who == "":
            return ""
        return format_html(
            '<span class="seat-name" data-colour="{}">{}</span>',
            COLOURS.get(int(who), ""),
            self.text(who, seat, mode, **values),
        )

    def drawn(
        self,
        who: int | str | None,
        seat: int | None,
        mode: str,
        language: str | None,
        **values: Any,
    ) -> str | SafeString:
        """`tag` in `language`, the active one (the cache key), drawn once per language
        and values: a board draws some on every render, on every push to every seat."""
        try:
            return _drawn(self, who, seat, mode, language, tuple(values.items()))
        except TypeError:  # an unhashable value
            return self.tag(who, seat, mode, **values)

    def as_tag(self) -> Callable[..., str | SafeString]:
        """`drawn` in the active language as a plain function (a template tag's signature
        may not have `self`)."""

        def tag(who: int | str | None, seat: int | None, mode: str, **values: Any):
            return self.drawn(who, seat, mode, get_language(), **values)

        return tag


@memoized("rooms.phrases.drawn", 4096)
def _drawn(
    phrase: SeatPhrase, who: Any, seat: Any, mode: str, language: str | None, values: Any
) -> str | SafeString:
    return phrase.tag(who, seat, mode, **dict(values))


@memoized("rooms.phrases.said", 4096)
def _said(
    phrase: SeatPhrase, who: Any, seat: Any, mode: str, language: str | None, values: Any
) -> str:
    return phrase.text(who, seat, mode, **dict(values))
