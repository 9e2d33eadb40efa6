"""The review panel's lines (rooms/review_text.py): `{% review_line message %}` says a
message whose params need no naming (a game with cards has its own tag); `{% review_summary
lines %}` says a seat's summary (gamekit.review.tally): its total, then its groups."""

from __future__ import annotations

from typing import Any

from django import template

from rooms.review_text import say

register = template.Library()


@register.simple_tag
def review_line(message: dict[str, Any]) -> str:
    return say(message)


@register.simple_tag
def review_summary(lines: list[dict[str, Any]]) -> str:
    """ "21 cards played: 2 that cost points; 19 the strong level would have played too."
    (each group's message without its punctuation, joined here)."""
    said = [say(line) for line in lines]
    return f"{said[0]} {'; '.join(said[1:])}." if len(said) > 1 else " ".join(said)
