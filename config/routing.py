"""WebSocket routes of every app; any other path is refused at the handshake."""

from django.urls import re_path

from rooms.online.routing import NoRouteConsumer
from rooms.online.routing import websocket_urlpatterns as rooms_routes

websocket_urlpatterns = [*rooms_routes, re_path(r"", NoRouteConsumer.as_asgi())]
