"""Online play: two browsers in a room, each seat on its own WebSocket (docs/online.md:
who owns what, the path of one action and of one presence change, every message).

- store.py: every commit (an action, a new round's deal) through one write to one
  typed result, a seat's pings and presence, a version's state kept (its SQL in sql.py,
  the threads its calls run on in threads.py).
- push.py: every event sent to a room's sockets and its recipients, what a socket
  sends when told, the `state` of a seat or a watcher and their caches; the boards
  themselves are rooms/render.py's.
- watchers.py: a full room's visitors who watch (no seat, counted by heartbeat like
  seats); watching.py: a watcher's frames.
- consumers.py: the socket, which reads frames and hands each to its handler (its
  tables); protocol.py: every message's typed definition, each direction;
  connection.py: a socket's state and the sending of its messages; groups.py: the
  channel layer's groups; routing.py: its URL; flood.py: its per-socket rate.
- layers.py: the Redis channel layer as the site runs it; notify.py: messages to a
  room's sockets from outside the event loop (purges, seat moves), through push.py;
  outage.py: a lost database, told once.

The models are rooms/models.py (Django looks for them there) and import nothing of
this package; who counts as connected is rooms/presence.py; local play is rooms.local.
"""
