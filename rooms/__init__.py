"""The site's ground, which knows games only through the registry (registry.py).

Two halves: rooms.local (one device and against the computer: sealed tokens, no
server state) and rooms.online (rooms between two browsers: the store, the socket, the
channel layer). What both use is here: the registry, the seats, errors, endpoints and
throttles, the pages (views.py), the models (models.py, where Django looks for them)
and the board's render (render.py). No module imports another that imports it back
(tests/rooms/test_import_cycles.py).
"""
