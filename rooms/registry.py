"""The games the site offers, by slug. The rooms app knows games only through this."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType

from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.functional import Promise

MODES = ("local", "computer", "friend")
LEVELS = ("easy", "medium", "strong")


@dataclass(frozen=True)
class Game:
    slug: str
    name: str | Promise
    summary: str | Promise
    engine_path: str
    bots_path: str

    @property
    def available(self) -> bool:
        """Whether the game has landed, engine and board (otherwise "coming soon").

        An engine can land before its board; the game stays "coming soon" until both do.
        """
        if find_spec(self.engine_path) is None:
            return False
        try:
            get_template(f"{self.slug}/board.html")
        except TemplateDoesNotExist:
            return False
        return True

    @cached_property
    def engine(self) -> ModuleType:
        return import_module(self.engine_path)

    @cached_property
    def bots(self) -> ModuleType:
        return import_module(self.bots_path)


_games: dict[str, Game] = {}


def register(game: Game) -> None:
    _games[game.slug] = game


def get(slug: str) -> Game | None:
    return _games.get(slug)


def all_games() -> list[Game]:
    return list(_games.values())


def unregister(slug: str) -> None:
    """Forget a game (tests register a test-only game and remove it afterwards)."""
    _games.pop(slug, None)
