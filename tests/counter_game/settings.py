"""The site's settings plus the counter game: for the daphne processes that the
multi-process test starts."""

from config.settings import *  # noqa: F403
from config.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.counter_game"]
