"""A round's points and a match's totals in whole sentences (issue 56): what the end of
a round says after its heading ("You won") and its reason, for a screen reader, which
hears the result's table only when it goes looking for it. Each game's result template
draws them with `{% load score_words %}` (rooms/templatetags/score_words.py)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import ngettext_lazy

from rooms.phrases import SeatPhrase

SCORES = SeatPhrase(
    you=ngettext_lazy("You score %(counter)s point.", "You score %(counter)s points.", "counter"),
    computer=ngettext_lazy(
        "The computer scores %(counter)s point.",
        "The computer scores %(counter)s points.",
        "counter",
    ),
    friend=ngettext_lazy(
        "Your friend scores %(counter)s point.", "Your friend scores %(counter)s points.", "counter"
    ),
    player=ngettext_lazy(
        "Player %(number)s scores %(counter)s point.",
        "Player %(number)s scores %(counter)s points.",
        "counter",
    ),
)
LOSES = SeatPhrase(
    you=ngettext_lazy("You lose %(counter)s point.", "You lose %(counter)s points.", "counter"),
    computer=ngettext_lazy(
        "The computer loses %(counter)s point.", "The computer loses %(counter)s points.", "counter"
    ),
    friend=ngettext_lazy(
        "Your friend loses %(counter)s point.", "Your friend loses %(counter)s points.", "counter"
    ),
    player=ngettext_lazy(
        "Player %(number)s loses %(counter)s point.",
        "Player %(number)s loses %(counter)s points.",
        "counter",
    ),
)
MATCH = SeatPhrase(
    you=ngettext_lazy(
        "You have %(counter)s point in the match.",
        "You have %(counter)s points in the match.",
        "counter",
    ),
    computer=ngettext_lazy(
        "The computer has %(counter)s point in the match.",
        "The computer has %(counter)s points in the match.",
        "counter",
    ),
    friend=ngettext_lazy(
        "Your friend has %(counter)s point in the match.",
        "Your friend has %(counter)s points in the match.",
        "counter",
    ),
    player=ngettext_lazy(
        "Player %(number)s has %(counter)s point in the match.",
        "Player %(number)s has %(counter)s points in the match.",
        "counter",
    ),
)


def _order(seat: int | None) -> tuple[int, int]:
    """The viewer's own seat first; for a watcher or a replay, Player 1 first."""
    return (2, 1) if seat == 2 else (1, 2)


def _value(values: dict[str, Any] | None, who: int) -> int | None:
    value = (values or {}).get(str(who))
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def round_points(scores: dict[str, Any] | None, seat: int | None, mode: str) -> str:
    """Each seat's points of the round ({"1": 23, "2": -23}): "You score 23 points. The
    computer loses 23 points." A seat without a number is left out."""
    words = []
    for who in _order(seat):
        points = _value(scores, who)
        if points is None:
            continue
        phrase = LOSES if points < 0 else SCORES
        words.append(phrase.text(who, seat, mode, counter=abs(points)))
    return " ".join(words)


def match_points(totals: dict[str, Any] | None, seat: int | None, mode: str) -> str:
    """Each seat's total in the match (rummy): "You have 112 points in the match. ..." """
    words = []
    for who in _order(seat):
        points = _value(totals, who)
        if points is not None:
            words.append(MATCH.text(who, seat, mode, counter=points))
    return " ".join(words)
