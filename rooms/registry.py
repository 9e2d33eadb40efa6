"""The games the site offers, by slug. The rooms app knows games only through this.

A game app registers one `Game` in its AppConfig.ready(): everything the site needs of
it (docs/games.md), its engine and bots as the modules themselves. `register` checks
the game against the engine protocol (gamekit.engine) and refuses a malformed one with an
error that says what is missing, at start-up rather than at a player's first move.
config/urls.py mounts each game's own URLs under /<slug>/.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import Any, Protocol, cast

from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_lazy

from gamekit.engine import ENGINE_FUNCTIONS, STATUS_KEYS, Bots, Engine, Seat, Status, View
from gamekit.lesson import Lesson
from gamekit.seats import LEVELS
from rooms.seats import DEFAULT_LEVEL, LEVEL_NAMES

MODES = ("local", "computer", "friend")
REVIEW_FUNCTIONS = ("decisions", "judge", "summary")
SHOW_CARDS = gettext_lazy("Show Player %(seat)s's cards")  # Game.reveal of a card game


class Board(Protocol):
    """What draws a game's board for one seat: after every action, for every seat
    (docs/games.md)."""

    @property
    def available(self) -> bool:
        """Whether the board exists yet (a game is "coming soon" until it does)."""

    def render(
        self,
        game: Game,
        view: View,
        status: Status,
        seat: Seat | None,
        mode: str,
        request: HttpRequest | None = None,
    ) -> SafeString:
        """The board's HTML for `seat` (None: a spectator) in `mode`, every value in it
        escaped by the board: safe to put in a page as it is (a replay's first step is
        part of the replay's page)."""


@dataclass(frozen=True)
class TemplateBoard:
    """A board drawn by a template, with the context docs/games.md promises: game, view,
    status, seat and mode, and `board`, what its `context` function builds from the view
    in Python (`context(view, seat, mode) -> dict`) so that the template only draws."""

    template: str
    context: Callable[[View, Seat | None, str], dict[str, Any]] | None = None

    @property
    def available(self) -> bool:
        try:
            get_template(self.template)
        except TemplateDoesNotExist:
            return False
        return True

    def render(
        self,
        game: Game,
        view: View,
        status: Status,
        seat: Seat | None,
        mode: str,
        request: HttpRequest | None = None,
    ) -> SafeString:
        context = {"game": game, "view": view, "status": status, "seat": seat, "mode": mode}
        if self.context is not None:
            context["board"] = self.context(view, seat, mode)
        return render_to_string(self.template, context, request=request)


@dataclass(frozen=True)
class Game:
    slug: str
    name: str | Promise
    summary: str | Promise
    engine: Engine  # the module that keeps the Engine protocol (gamekit.engine)
    bots: Bots  # the module with choose(state, seat, level, rng)
    levels: tuple[str, ...] = LEVELS
    # The game's own endpoints (its URLconf module), mounted under /<slug>/; None: none.
    urls: ModuleType | None = None
    # Per-client request limits of those endpoints, by kind: (requests, seconds).
    rates: Mapping[str, tuple[int, int]] = field(default_factory=dict, hash=False)
    # The home page's small picture of the game, drawn with the game's own CSS (a
    # static file it links); default "<slug>/art.html".
    art: str = ""
    # What draws the board of one seat (a Board); None: TemplateBoard("<slug>/board.html").
    board: Board | None = None
    # A function `hint(state, seat) -> dict`: the answer of the hint endpoint
    # (rooms/local/hints.py) for a game on one device or against the computer; None: no hint.
    hint: Callable[[Any, int], dict[str, Any]] | None = None
    # The review by the computer of a finished round (issue 25): a pure module with
    # decisions(record), judge(record, steps) and summary(notes) (gamekit/review.py),
    # imported by name in the computer's worker processes; None: no review.
    review: ModuleType | None = None
    # What the admin's room summary shows of a position: view key -> label, each key a
    # number or a number per seat in engine.view(state, None) ({"pool_count": "pool"}).
    counts: Mapping[str, str] = field(default_factory=dict, hash=False)
    # Whether the engine's rules say who plays first (new_round may then take its
    # first_seat as a suggestion); otherwise a round starts with the first_seat it is
    # given (rooms.seats.first_seat: the seats take turns from round to round).
    opens_by_rules: bool = False
    # The one-device cover's button, naming what the next player's pieces are; "":
    # SHOW_CARDS. (Not a lazy default: the dataclass would render it at import, before
    # translations can be, in the computer's worker processes.)
    reveal: str | Promise = ""
    # The key of a seat's own pieces in engine.view(state, seat): a replay of a finished
    # round shows both seats' (rooms.replays).
    hand_key: str = "hand"
    # The guided first round, "Learn to play" (gamekit.lesson.Lesson); None: none.
    lesson: Lesson | None = None
    # How the game says the pieces its refusals name, by param: {"card": a card's code ->
    # its name in words, as the board's spoken labels say it} (rooms.errors.describe).
    names: Mapping[str, Callable[[Any], str]] = field(default_factory=dict, hash=False)
    # What the turn line says of a game's end that is not the round's (a state -> its
    # words, or None for "Round over"): rummy's "Deal over" after a deal that does not
    # end the match, as its board's own words say (docs/games.md); None: always "Round over".
    over_words: Callable[[Any], str | Promise | None] | None = None
    # The narration of a move event (issue 56, gamekit.events): `narrate(event, viewer,
    # mode) -> str`, the whole sentence in the active language for the seat that moved,
    # the other seat or a watcher (viewer None), naming seats as the board does
    # ("You", "The computer", "Your friend", "Player 2"); None: the game has none yet.
    narrate: Callable[[Any, int | None, str], str] | None = None
    # Each seat's chance to win the round from a state with both hands known, the chart
    # under a replay (issue 58, gamekit/chances.py): `chances(state) -> {1: p, 2: p}`,
    # each in [0, 1], adding up to at most 1; None: no chart.
    chances: Callable[[Any], dict[int, float]] | None = None

    def __post_init__(self) -> None:
        if self.board is None:  # frozen: the default set once, here
            object.__setattr__(self, "board", TemplateBoard(f"{self.slug}/board.html"))

    @property
    def available(self) -> bool:
        """Whether the game's board has landed (otherwise "coming soon"): an engine can
        land before its board."""
        return cast(Board, self.board).available

    @property
    def level_choices(self) -> list[tuple[str, str, bool]]:
        """(level, translated name, whether it is the default) for the level picker."""
        default = DEFAULT_LEVEL if DEFAULT_LEVEL in self.levels else self.levels[0]
        return [
            (level, gettext(LEVEL_NAMES.get(level, level)), level == default)
            for level in self.levels
        ]

    @property
    def reveal_pattern(self) -> str:
        """`reveal` in the active language, with `{seat}` for play.js to fill."""
        return str(self.reveal or SHOW_CARDS) % {"seat": "{seat}"}

    # --- Templates (each game writes them under templates/<slug>/) ---------------------

    @property
    def assets_template(self) -> str:
        """Included in the play page's <head>: the game's CSS and deferred JS."""
        return f"{self.slug}/assets.html"

    @property
    def styles_template(self) -> str:
        """The game's board CSS alone (a replay draws boards without their scripts)."""
        return f"{self.slug}/styles.html"

    def rules_templates(self, language: str) -> list[str]:
        """The rules page in `language`, English when there is none."""
        return [f"{self.slug}/rules/{language}.html", f"{self.slug}/rules/en.html"]

    @property
    def art_template(self) -> str:
        return self.art or f"{self.slug}/art.html"


_games: dict[str, Game] = {}


def problems(game: Game) -> list[str]:
    """What is wrong with `game` as a registration (empty: nothing)."""
    found = []
    engine, bots = game.engine, game.bots
    engine_name = getattr(engine, "__name__", repr(engine))
    missing = [name for name in ENGINE_FUNCTIONS if not callable(getattr(engine, name, None))]
    if missing:
        found.append(f"its engine {engine_name} lacks {', '.join(missing)}")
    if not isinstance(getattr(engine, "SCHEMA", None), int):
        found.append(f"its engine {engine_name} has no integer SCHEMA")
    if not callable(getattr(bots, "choose", None)):
        found.append(
            f"its bots {getattr(bots, '__name__', repr(bots))} lack choose(state, seat, level, rng)"
        )
    if not game.levels:
        found.append("it has no bot levels")
    if game.hint is not None and not callable(game.hint):
        found.append(f"its hint {game.hint!r} is not a function hint(state, seat)")
    if game.chances is not None and not callable(game.chances):
        found.append(f"its chances {game.chances!r} is not a function chances(state)")
    if game.hint is not None and "hint" not in game.rates:
        found.append('it has a hint but no rates["hint"]')
    if game.review is not None:
        absent = [n for n in REVIEW_FUNCTIONS if not callable(getattr(game.review, n, None))]
        if absent:
            found.append(f"its review {game.review.__name__} lacks {', '.join(absent)}")
    board = game.board
    if not callable(getattr(board, "render", None)) or not hasattr(board, "available"):
        found.append(f"its board {board!r} is not a Board (render(...) and available)")
    if game.lesson is not None and not isinstance(game.lesson, Lesson):
        found.append(f"its lesson {game.lesson!r} is not a gamekit.lesson.Lesson")
    if game.urls is not None and not hasattr(game.urls, "urlpatterns"):
        found.append(f"its urls {game.urls!r} is not a URLconf module (no urlpatterns)")
    if not missing:
        state = engine.new_round(0, 1)
        status = engine.status(state)
        if set(status) != STATUS_KEYS:
            found.append(f"its status has the keys {sorted(status)}, not {sorted(STATUS_KEYS)}")
        view = engine.view(state, None) or {}
        absent = sorted(key for key in game.counts if key not in view)
        if absent:
            found.append(f"its counts {absent} are not in its view")
    return found


def register(game: Game) -> None:
    """Offer `game` on the site; ImproperlyConfigured if it is malformed."""
    wrong = problems(game)
    if wrong:
        raise ImproperlyConfigured(
            f"The game {game.slug!r} cannot be registered: {'; '.join(wrong)}."
        )
    _games[game.slug] = game


def discover() -> None:
    """Register the GAME of every installed app that has a module `game` (rooms'
    AppConfig.ready): a game plugs in by being in INSTALLED_APPS, nothing else."""
    for app in apps.get_app_configs():
        name = f"{app.name}.game"
        if find_spec(name) is None:
            continue
        game = getattr(import_module(name), "GAME", None)
        if not isinstance(game, Game):
            raise ImproperlyConfigured(f"{name} defines no GAME = Game(...).")
        register(game)


def get(slug: str) -> Game | None:
    return _games.get(slug)


def all_games() -> list[Game]:
    return list(_games.values())


def unregister(slug: str) -> None:
    """Forget a game (tests register a test-only game and remove it afterwards)."""
    _games.pop(slug, None)
