"""The board's HTML, the one render of every way to play: local play renders one board
per answer (rooms.local.views), an online push one per version, seat and language
(rooms.online.push, which keeps them), a replay one per step (rooms.replay_views).

After the board, the move events of its view (gamekit.events, issue 56) as a hidden
list, each item the event's data and its sentence (`Game.narrate`, in the active
language): what announce.js says and motion.js plays, the items numbered above the last
one the page has shown for that round (docs/games.md, "Move events")."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any, cast

from django.http import HttpRequest
from django.utils.safestring import SafeString, mark_safe

from gamekit.engine import Seat, Status, View
from rooms import registry


def render_board(
    game: registry.Game,
    view: View,
    status: Status,
    seat: Seat | None,
    mode: str,
    request: HttpRequest | None = None,
) -> SafeString:
    """The board of one seat, drawn by the game's Board (`<slug>/board.html` with the
    context docs/games.md promises, unless the game has a builder of its own): HTML the
    board escaped, marked safe here whatever kind of string the board returned, so that
    a page that includes it (a replay's first step) draws it, never shows its markup;
    then the view's move events, said (events_html)."""
    board = cast(registry.Board, game.board)
    html = board.render(game, view, status, seat, mode, request)
    return mark_safe(f"{html}{events_html(game, view, seat, mode)}")


def _pieces(pieces: Iterable[Any]) -> str:
    return " ".join(str(piece) for piece in pieces)


def events_html(game: registry.Game, view: View, seat: Seat | None, mode: str) -> str:
    """The view's events as the page reads them, one item per event in order, each said
    by the game's narration for `seat` (None: a watcher) in `mode`; "" when the view has
    none or the game no narration. Every value escaped."""
    events = view.get("events") if isinstance(view, dict) else None
    if not events or game.narrate is None:
        return ""
    items = [
        f'<li data-event="{int(one["n"])}" data-seat="{int(one["seat"])}"'
        f' data-kind="{escape(one["kind"])}" data-pieces="{escape(_pieces(one["pieces"]))}"'
        f' data-source="{escape(one["source"])}" data-target="{escape(one["target"])}">'
        f"{escape(game.narrate(one, seat, mode))}</li>"
        for one in events
    ]
    game_no = escape(str(view.get("game_no", 1)))
    # Whose words these are: on one device announce.js keeps a place in them per player.
    viewer = int(seat) if seat else 0
    return (
        f'\n<ol hidden data-events data-game-no="{game_no}" data-viewer="{viewer}">'
        f"{''.join(items)}</ol>\n"
    )
