"""A rummy review's lines, the cards named in words as the board speaks them."""

from __future__ import annotations

from typing import Any

from django import template

from cards.templatetags.cards_board import card_name
from rooms.errors import each
from rooms.review_text import say

register = template.Library()


@register.simple_tag
def review_line(message: dict[str, Any]) -> str:
    return say(message, card=card_name, cards=each(card_name))
