"""WebSocket routes of online rooms (the consumer lands with the rooms issue)."""

websocket_urlpatterns: list = []
