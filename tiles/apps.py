from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TilesConfig(AppConfig):
    name = "tiles"
    verbose_name = _("Tile rummy")

    def ready(self) -> None:
        from rooms.registry import Game, register
        from tiles import bots, engine

        register(
            Game(
                slug="tiles",
                name=_("Tile rummy"),
                summary=_(
                    "Numbered tiles in four colours: lay groups and runs, rearrange the table."
                ),
                engine=engine,
                bots=bots,
                urls="tiles.urls",
                # Each hint may cost up to about a second of CPU; a draft check comes
                # with each edit on the board.
                hint="tiles.hint:hint",
                reveal=_("Show Player %(seat)s's tiles"),
                rates={"hint": (30, 60), "draft": (240, 60)},
                htmx=True,  # the draft check is an htmx form
                board_markup="tiles.board_markup:board_html",
            )
        )
