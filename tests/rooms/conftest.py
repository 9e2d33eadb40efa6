"""The counter game (tests/counter_game) plugged into the site for the rooms tests."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from rooms import registry
from tests.counter_game.game import GAME as COUNTER

COUNTER_TEMPLATES = Path(__file__).resolve().parent.parent / "counter_game" / "templates"


@pytest.fixture(autouse=True)
def counter_game(settings):
    """Register the counter game and its templates for one test, then remove them."""
    template_settings = dict(settings.TEMPLATES[0])
    template_settings["DIRS"] = [*template_settings["DIRS"], COUNTER_TEMPLATES]
    settings.TEMPLATES = [template_settings]
    registry.register(COUNTER)
    yield COUNTER
    registry.unregister(COUNTER.slug)


@pytest.fixture(autouse=True)
def _fresh_channel_layer_for_every_rooms_test(fresh_channel_layer):
    """Every rooms test gets a new channel layer (tests/conftest.py says why)."""


@pytest.fixture
def log(caplog) -> pytest.LogCaptureFixture:
    """The log at INFO and above (the outage and pool warnings of rooms.online.outage)."""
    # The ASGI app's first import sets Django up again, whose logging configuration
    # takes pytest's capturing handler off the root logger: imported before the test.
    import config.asgi  # noqa: F401

    caplog.set_level(logging.INFO)
    return caplog


@pytest.fixture
def inline(monkeypatch):
    """Reviews computed in the test's own process, at once (rooms.reviews)."""
    from rooms import reviews

    previous = reviews.set_review_pool(None)
    monkeypatch.setattr(reviews, "REVIEW_PROCESSES", None)
    monkeypatch.setattr(reviews, "spawn", reviews.run)
    yield
    reviews.set_review_pool(previous)
