"""WebSocket routes of online rooms, and the consumer of every other WebSocket path."""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path

from rooms.online.consumers import RoomConsumer

websocket_urlpatterns = [
    path("ws/rooms/<str:code>/", RoomConsumer.as_asgi()),
]


class NoRouteConsumer(AsyncWebsocketConsumer):
    """A WebSocket path that leads nowhere: the handshake is refused (HTTP 403)."""

    channel_layer_alias = "no layer"  # not configured: nothing to wait for in Redis

    async def connect(self) -> None:
        await self.close()
