"""A Tarot review's lines, the cards named in words as the hint names them."""

from __future__ import annotations

from typing import Any

from django import template

from rooms.review_text import say
from tarot.templatetags.tarot_board import card_name

register = template.Library()


@register.simple_tag
def review_line(message: dict[str, Any]) -> str:
    return say(message, card=card_name)
