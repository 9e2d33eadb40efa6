"""Tile rummy as the site sees it (rooms.registry.Game; docs/games.md)."""

from django.utils.translation import gettext_lazy as _

from rooms.registry import Game
from tiles import board, bots, chances, engine, lesson, narration, review, urls
from tiles.hint import hint
from tiles.markup import NAMES

GAME = Game(
    slug="tiles",
    name=_("Tile rummy"),
    summary=_("Numbered tiles in four colours: lay groups and runs, rearrange the table."),
    engine=engine,
    bots=bots,
    urls=urls,
    hint=hint,
    review=review,
    chances=chances.chances,
    lesson=lesson.LESSON,
    names=NAMES,
    reveal=_("Show Player %(seat)s's tiles"),
    hand_key="rack",
    # Each hint may cost up to about a second of CPU; a draft check comes with each edit
    # on the board.
    rates={"hint": (30, 60), "draft": (240, 60)},
    counts={"pool_count": "pool", "rack_counts": "rack"},
    board=board.BOARD,
    narrate=narration.narrate,
)
