"""The Tarot tests ask for pages in ru and pt; Django's LocaleMiddleware leaves the last
request's language active in the thread, which would leak into the next test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def language_restored() -> Iterator[None]:
    yield
    translation.deactivate()
