"""The bare transport that bench/ws_load.py compares the game with, and the ASGI
application its daphne processes serve: the site, plus `/ws/relay/<room>/`.

The relay consumer group-sends every text message it receives to its room's group, so
that both of the room's sockets (on any process) get it back: no game, no database,
nothing but Channels, daphne and the channel layer. It is not part of the site.
"""

from __future__ import annotations

import atexit
import cProfile
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

if os.environ.get("WS_LOAD_PROFILE"):
    # bench/ws_load.py --profile: the event loop's thread, written when daphne exits.
    profile = cProfile.Profile()
    profile.enable()
    atexit.register(
        lambda: profile.dump_stats(f"{os.environ['WS_LOAD_PROFILE']}.{os.getpid()}.prof")
    )

from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import ProtocolTypeRouter, URLRouter
from django.urls import path

from config.asgi import django_asgi_app
from config.routing import websocket_urlpatterns
from rooms.origins import SameOriginValidator

if os.environ.get("WS_LOAD_TRACE"):
    # bench/ws_load.py --trace: each push carries the stamps of its action's stages.
    from bench import stage_trace

    stage_trace.install()


class RelayConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.group = f"relay.{self.scope['url_route']['kwargs']['room']}"
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.channel_layer.group_send(
            self.group, {"type": "relay.message", "text": text_data or ""}
        )

    async def relay_message(self, event: dict) -> None:
        await self.send(text_data=event["text"])


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # The same origin check as the site's sockets, so that both pay for it.
        "websocket": SameOriginValidator(
            URLRouter(
                [path("ws/relay/<str:room>/", RelayConsumer.as_asgi()), *websocket_urlpatterns]
            )
        ),
    }
)
