"""Online play: two browsers in a room, each seat on its own WebSocket.

- store.py: the one way a socket commits an action, pings and knows a version's state
  (its SQL in sql.py, the threads its calls run on in threads.py); presence.py says who
  counts as connected.
- watchers.py: a full room's visitors who watch (no seat, the public board, one frame
  per version and language for all of them, counted by heartbeat like seats).
- consumers.py: the socket, transport only; protocol.py: what its frames may say and
  what it answers; routing.py: its URL; flood.py: its per-socket rate.
- layers.py: the Redis channel layer as the site runs it; notify.py: messages to a
  room's sockets from outside them (purges); outage.py: a lost database, told once.

The models are rooms/models.py (Django looks for them there), the board a push
carries is rendered by rooms/render.py; local play is rooms.local.
"""
