"""Online play: two browsers in a room, each seat on its own WebSocket.

The store commits an action and keeps a seat's presence (store.py, its SQL in sql.py,
its threads in threads.py); presence.py says who counts as connected. The models are
rooms/models.py (Django looks for them there); local play is rooms.local.
"""
