"""WebSocket routes of every app."""

from rooms.routing import websocket_urlpatterns as rooms_routes

websocket_urlpatterns = [*rooms_routes]
