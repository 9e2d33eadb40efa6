from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = _("Rummy")

    def ready(self) -> None:
        from cards import bots, engine
        from rooms.registry import Game, register

        register(
            Game(
                slug="cards",
                name=_("Rummy"),
                summary=_(
                    "The card game: draw, meld sets and runs, lay off, discard. First to 100."
                ),
                engine=engine,
                bots=bots,
                # A hint is one decision of the strong level (its p99 is kept under a
                # second of CPU).
                hint="cards.hint:hint",
                # Rummy's own rule decides who plays first (player 1 in a match's first
                # deal, then the deal alternates), not the round-by-round first_seat.
                opens_by_rules=True,
                rates={"hint": (30, 60)},
            )
        )
