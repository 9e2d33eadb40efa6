import pytest


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests last: Playwright's sync API keeps an event loop running in the main
    thread until its session fixture ends, and async tests cannot run beside it."""
    items.sort(key=lambda item: "e2e" in item.keywords)


@pytest.fixture
async def fresh_channel_layer():
    """A new channel layer per test: each async test runs in its own event loop, and the
    Redis layer keeps locks and connections bound to the loop that first used it (the
    online tests of rooms and of every game use it). The layer's pump is stopped before
    the loop closes, which would otherwise wait on its round trip to Redis."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    from tests.channel_layer import pump_stopped

    if "default" in channel_layers.backends:
        await pump_stopped(channel_layers.backends["default"])
    channel_layers.backends.clear()


class Unlimited:
    """A token bucket that never runs dry."""

    def __init__(self, **limits: float) -> None:
        pass

    def take(self) -> bool:
        return True


@pytest.fixture
def no_rate_limit(monkeypatch):
    """No per-socket message limit (rooms/online/flood.py, tested on its own): bots playing a
    whole game through the consumer send faster than the limit lets a person."""
    from rooms.online import consumers

    monkeypatch.setattr(consumers, "TokenBucket", Unlimited)


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    """Each test starts with an empty cache: no request counts of rooms.throttle left by
    another test (with REDIS_URL set the cache is Redis, shared by the whole run)."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _no_language_left_behind():
    """A request with Accept-Language activates that language for the whole thread
    (LocaleMiddleware never deactivates it): a template rendered by a later test, of
    any app, would otherwise speak that language."""
    from django.utils import translation

    yield
    translation.deactivate()


@pytest.fixture(scope="session", autouse=True)
def _room_threads_disconnected(django_db_setup, django_db_blocker):
    """At the end, close the connections of the rooms' database threads (rooms/online/threads.py):
    a call still running when its test ended could not close its own (pytest-django
    refuses database access between tests), and PostgreSQL refuses to drop the test
    database while a connection is open."""
    yield
    from rooms.online.threads import close_connections

    with django_db_blocker.unblock():
        close_connections()
