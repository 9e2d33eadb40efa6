"""The registered games for any page: `{% load games %}`.

- `{% registered_games as games %}`: the games of the registry (rooms.registry), in
  the order the apps are installed, so that no template names a game in fixed text;
- `{% game_names as names %}`: their names, joined by commas (not `as games`: a page
  may hold a list by that name).
"""

from __future__ import annotations

from django import template

from rooms import registry

register = template.Library()


@register.simple_tag
def registered_games() -> list[registry.Game]:
    return registry.all_games()


@register.simple_tag
def game_names() -> str:
    """The registered games' names in the active language, joined by commas."""
    return ", ".join(str(game.name) for game in registry.all_games())
