"""The board's HTML, the one render of every way to play: local play renders one board
per answer (rooms.local.views), an online push one per version, seat and language
(rooms.online.push, which keeps them), a replay one per step (rooms.replay_views)."""

from __future__ import annotations

from typing import cast

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
    a page that includes it (a replay's first step) draws it, never shows its markup."""
    board = cast(registry.Board, game.board)
    return mark_safe(board.render(game, view, status, seat, mode, request))
