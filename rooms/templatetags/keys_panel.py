"""`{% load keys_panel %}{% game_keys game as keys %}`: the game's own rows of the play
page's Keys panel, its template `<slug>/keys.html` (rooms/partials/keys_panel.html), or
an empty one for a game that declares no short keys (the panel keeps the shared rows)."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import select_template

register = template.Library()


@register.simple_tag
def game_keys(game: Any) -> Any:
    return select_template([f"{game.slug}/keys.html", "rooms/partials/no_keys.html"])
