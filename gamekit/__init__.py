"""The kit every game's engine is built with: the engine protocol and IllegalAction
(gamekit.engine), the two seats and `Pair` (gamekit.seats), the strict readers of a
save (gamekit.saves).

Pure Python: no Django, no database, so that engines, bots and their tests run without
settings. A game imports this package; the rooms app imports it too, never the reverse.
"""
