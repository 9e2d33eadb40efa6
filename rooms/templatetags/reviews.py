"""The review panel's lines (rooms/review_text.py): `{% review_line message %}` says a
message whose params need no naming (a game with cards has its own tag)."""

from __future__ import annotations

from typing import Any

from django import template

from rooms.review_text import say

register = template.Library()


@register.simple_tag
def review_line(message: dict[str, Any]) -> str:
    return say(message)
