"""The games the site offers, by slug. The rooms app knows games only through this.

A game app registers one `Game` in its AppConfig.ready(): everything the site needs of
it (docs/games.md). config/urls.py mounts each game's own URLs under /<slug>/.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import import_module
from importlib.util import find_spec
from typing import Any, cast

from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.functional import Promise
from django.utils.translation import gettext

from rooms.engine import Bots, Engine
from rooms.seats import DEFAULT_LEVEL, LEVEL_NAMES, LEVELS

MODES = ("local", "computer", "friend")


@dataclass(frozen=True)
class Game:
    slug: str
    name: str | Promise
    summary: str | Promise
    engine_path: str  # the module that keeps the Engine protocol (rooms.engine)
    bots_path: str  # the module with choose(state, seat, level, rng)
    levels: tuple[str, ...] = LEVELS
    # The game's own endpoints (a URLconf module), mounted under /<slug>/; None: none.
    urls: str | None = None
    # Per-client request limits of those endpoints, by kind: (requests, seconds).
    rates: Mapping[str, tuple[int, int]] = field(default_factory=dict, hash=False)
    # The home page's small picture of the game, drawn with the game's own CSS (a
    # static file it links); default "<slug>/art.html".
    art: str = ""
    # Whether the board has hx-* elements of its own (tile rummy's draft form): the play
    # page then loads htmx in every mode, not only for its level form and seat claim.
    htmx: bool = False
    # A function `board(view, status, seat, mode) -> str` ("module:name") that builds
    # the board template's markup without the template engine, byte for byte (tile
    # rummy's, tiles/board_markup.py: two boards per action online, issue 12); "": the
    # template renders it.
    board_markup: str = ""
    # A function `hint(state, seat) -> dict` ("module:name"): the answer of the hint
    # endpoint (rooms/hints.py) for a game on one device or against the computer; "":
    # the game has no hint.
    hint: str = ""

    @property
    def available(self) -> bool:
        """Whether the game has landed, engine and board (otherwise "coming soon").

        An engine can land before its board; the game stays "coming soon" until both do.
        """
        if not self.has_engine:
            return False
        try:
            get_template(self.board_template)
        except TemplateDoesNotExist:
            return False
        return True

    @property
    def has_engine(self) -> bool:
        try:
            return find_spec(self.engine_path) is not None
        except ModuleNotFoundError:  # its package is missing
            return False

    @cached_property
    def engine(self) -> Engine:
        return cast(Engine, import_module(self.engine_path))

    @cached_property
    def board_function(self) -> Callable[..., str] | None:
        if not self.board_markup:
            return None
        module, name = self.board_markup.split(":")
        return cast(Callable[..., str], getattr(import_module(module), name))

    @cached_property
    def hint_function(self) -> Callable[[Any, int], dict[str, Any]] | None:
        if not self.hint:
            return None
        module, name = self.hint.split(":")
        return cast(Callable[[Any, int], dict[str, Any]], getattr(import_module(module), name))

    @cached_property
    def bots(self) -> Bots:
        return cast(Bots, import_module(self.bots_path))

    @property
    def level_choices(self) -> list[tuple[str, str, bool]]:
        """(level, translated name, whether it is the default) for the level picker."""
        default = DEFAULT_LEVEL if DEFAULT_LEVEL in self.levels else self.levels[0]
        return [
            (level, gettext(LEVEL_NAMES.get(level, level)), level == default)
            for level in self.levels
        ]

    # --- Templates (each game writes them under templates/<slug>/) ---------------------

    @property
    def board_template(self) -> str:
        """The board of one seat (context: game, view, status, seat, mode)."""
        return f"{self.slug}/board.html"

    @property
    def assets_template(self) -> str:
        """Included in the play page's <head>: the game's CSS and deferred JS."""
        return f"{self.slug}/assets.html"

    def rules_templates(self, language: str) -> list[str]:
        """The rules page in `language`, English when there is none."""
        return [f"{self.slug}/rules/{language}.html", f"{self.slug}/rules/en.html"]

    @property
    def art_template(self) -> str:
        return self.art or f"{self.slug}/art.html"


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
