"""The counter game as the site sees it: a fourth game, for tests only. It plugs in by
being in INSTALLED_APPS ("tests.counter_game": tests/counter_game/settings.py,
tests/site/test_a_fourth_game.py); the rooms tests register it with a fixture instead
(tests/rooms/conftest.py). docs/games.md shows it as the example."""

from rooms.registry import Game
from tests.counter_game import bots, engine

GAME = Game(
    slug="counter",
    name="Counter",
    summary="Add 1 to 3; whoever reaches 21 wins.",
    engine=engine,
    bots=bots,
)
