"""Rummy as the site sees it (rooms.registry.Game; docs/games.md)."""

from django.utils.translation import gettext_lazy as _

from cards import board, bots, chances, engine, lesson, narration, review
from cards.hint import hint
from cards.state import match_over
from cards.templatetags.cards_board import NAMES
from rooms.registry import Game

GAME = Game(
    slug="cards",
    name=_("Rummy"),
    summary=_("The card game: draw, meld sets and runs, lay off, discard. First to 100."),
    engine=engine,
    bots=bots,
    board=board.BOARD,
    # A hint is one decision of the strong level (its p99 is kept under a second of CPU).
    hint=hint,
    review=review,
    chances=chances.chances,
    lesson=lesson.LESSON,
    names=NAMES,
    # The move events in words (issue 56): cards/narration.py.
    narrate=narration.narrate,
    rates={"hint": (30, 60)},
    # Rummy's own rule decides who plays first (player 1 in a match's first deal, then
    # the deal alternates), not the round-by-round first_seat.
    opens_by_rules=True,
    counts={"hand_counts": "hand", "stock_count": "stock"},
    over_words=lambda state: None if match_over(state) else _("Deal over"),
)
