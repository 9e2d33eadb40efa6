"""Online play: two browsers in a room, each seat on its own WebSocket (docs/online.md:
who owns what, and the path of one action).

- store.py: every commit (an action, a new round's deal) through one write to one
  typed result, a seat's pings and presence, a version's state kept (its SQL in sql.py,
  the threads its calls run on in threads.py).
- push.py: the `state` of a seat or a watcher, who is sent which after a commit, and
  their caches; the boards themselves are rooms/render.py's.
- watchers.py: a full room's visitors who watch (no seat, counted by heartbeat like
  seats).
- consumers.py: the socket, which reads frames and sends what it is handed, and its
  tables of handlers; protocol.py: every message's typed definition, each direction;
  connection.py: a socket's state; groups.py: its groups in the channel layer;
  routing.py: its URL; flood.py: its per-socket rate.
- layers.py: the Redis channel layer as the site runs it; notify.py: messages to a
  room's sockets from outside them (purges); outage.py: a lost database, told once.

The models are rooms/models.py (Django looks for them there) and import nothing of
this package; who counts as connected is rooms/presence.py; local play is rooms.local.
"""
