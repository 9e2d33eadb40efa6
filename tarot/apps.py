from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TarotConfig(AppConfig):
    name = "tarot"
    verbose_name = _("Tarot duel")

    def ready(self) -> None:
        from rooms.registry import Game, register
        from tarot import bots, engine

        register(
            Game(
                slug="tarot",
                name=_("Tarot duel"),
                summary=_(
                    "French tarot for two: a hand and six stacks each, trumps and the Excuse."
                ),
                engine=engine,
                bots=bots,
                # A hint is one decision of the strong level: up to about a second of CPU.
                hint="tarot.hint:hint",
                rates={"hint": (30, 60)},
            )
        )
