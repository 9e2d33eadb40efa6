"""A rummy review's lines, the cards named as the board names them."""

from __future__ import annotations

from typing import Any

from django import template

from cards.melds import shown
from rooms.review_text import say

register = template.Library()


@register.simple_tag
def review_line(message: dict[str, Any]) -> str:
    return say(message, card=shown)
