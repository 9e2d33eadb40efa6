"""Local play: a game on one device or against the computer, stateless on the server.

The game travels in a sealed token the browser keeps (sealing.py, play.py), the newest
version of each save is one row (saves.py), the computer thinks in worker processes
(computer.py), and the hint of every game reads the token (hints.py). The endpoints are
views.py and hints.py. Nothing here touches online rooms (rooms.online).
"""
