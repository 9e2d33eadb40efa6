"""The Tarot duel as the site sees it (rooms.registry.Game; docs/games.md)."""

from django.utils.translation import gettext_lazy as _

from rooms.registry import Game
from tarot import board, bots, chances, engine, lesson, narration, review
from tarot.hint import hint
from tarot.templatetags.tarot_board import NAMES

GAME = Game(
    slug="tarot",
    name=_("Tarot duel"),
    summary=_("French tarot for two: a hand and six stacks each, trumps and the Excuse."),
    engine=engine,
    bots=bots,
    board=board.BOARD,
    # A hint is one decision of the strong level: up to about a second of CPU.
    hint=hint,
    review=review,
    chances=chances.chances,
    lesson=lesson.LESSON,
    names=NAMES,
    rates={"hint": (30, 60)},
    counts={"hand_counts": "hand"},
    narrate=narration.narrate,
)
