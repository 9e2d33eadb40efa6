"""WebSocket routes of online rooms."""

from django.urls import path

from rooms.online.consumers import RoomConsumer

websocket_urlpatterns = [
    path("ws/rooms/<str:code>/", RoomConsumer.as_asgi()),
]
