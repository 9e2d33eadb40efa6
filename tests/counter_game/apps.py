"""Registers the counter game, for tests only (tests/counter_game/settings.py and the
rooms test fixtures); the real site never lists it."""

from django.apps import AppConfig

from rooms.registry import Game
from tests.counter_game import bots, engine

COUNTER = Game(
    slug="counter",
    name="Counter",
    summary="Add 1 to 3; whoever reaches 21 wins.",
    engine=engine,
    bots=bots,
)


class CounterGameConfig(AppConfig):
    name = "tests.counter_game"
    label = "counter_game"

    def ready(self) -> None:
        from rooms.registry import register

        register(COUNTER)
