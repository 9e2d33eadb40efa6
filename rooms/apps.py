from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RoomsConfig(AppConfig):
    name = "rooms"
    verbose_name = _("Rooms")

    def ready(self) -> None:
        from rooms import registry

        # Every installed app with a game.py is a game (rooms.registry.discover).
        registry.discover()
