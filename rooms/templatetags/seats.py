"""Seat tags for every game's board: `{% load seats %}`.

- `{% seat_name who seat mode %}`: how the board names seat `who` for the viewer at
  `seat` ("You", "The computer", "Your friend", "Player 2"), marked with the seat's
  colour (rooms.seats.COLOURS; the play page's CSS draws the mark);
- `seat|other_seat`: the other seat (None for a spectator);
- `values|by_seat:seat`: values["1"] or values["2"], the JSON shape of per-seat values;
- `seat|acts:mode`: whether the board is drawn for a seat that may act (its result's
  "Play again" or "Ask for a new round"): not for a watcher nor in a replay.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext

from gamekit.memo import memoized
from gamekit.seats import other
from rooms.seats import COLOURS, COMPUTER_REPLAY, REPLAY_MODES

register = template.Library()


def plain_seat_name(who: int, seat: int | None, mode: str) -> str:
    if mode in ("computer", COMPUTER_REPLAY):
        return gettext("You") if who == seat else gettext("The computer")
    if mode == "friend" and seat is not None:
        return gettext("You") if who == seat else gettext("Your friend")
    return gettext("Player %(number)s") % {"number": who}


@register.simple_tag
def seat_name(who: int | str | None, seat: int | None, mode: str) -> str | SafeString:
    """The seat's name in its colour; "" for no seat."""
    if who is None or who == "":
        return ""
    return seat_name_in(int(who), seat, mode, get_language())


@memoized("rooms.seats.seat_name", 256)
def seat_name_in(who: int, seat: int | None, mode: str, language: str | None) -> SafeString:
    """seat_name in `language`, the active one (the cache key), for a builder that
    asked for it once: drawn once per language, for a board names a seat or two on
    every render (every push)."""
    return format_html(
        '<span class="seat-name" data-colour="{}">{}</span>',
        COLOURS.get(who, ""),
        plain_seat_name(who, seat, mode),
    )


@register.filter
def acts(seat: int | None, mode: str) -> bool:
    """Whether the viewer holds a seat that acts: a watcher (no seat) and a replay (both
    seats shown) get no seat action."""
    return seat is not None and mode not in REPLAY_MODES


@register.filter
def other_seat(seat: int | None) -> int | None:
    return None if seat is None else other(int(seat))


@register.filter
def by_seat(values: dict[str, Any] | None, seat: int | str | None) -> Any:
    """values[str(seat)] for the view's per-seat dicts ({"1": .., "2": ..})."""
    if not values or seat is None:
        return None
    return values.get(str(seat))
