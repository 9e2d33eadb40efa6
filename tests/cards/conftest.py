import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _no_language_left_behind():
    """A request with Accept-Language activates that language for the whole thread
    (LocaleMiddleware never deactivates it): tests that render templates afterwards,
    here or in another app's tests, would speak Portuguese."""
    yield
    translation.deactivate()
