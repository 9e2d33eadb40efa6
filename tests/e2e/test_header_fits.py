"""The header on the narrowest phone: the site's name whole, the languages beside it on
the same line, on every kind of page and in every language. In Portuguese at 360 px
the play page showed "Mesa para D…" and the other pages pushed the languages onto a
second line."""

from __future__ import annotations

import pytest

from tests.e2e.test_tiles_fits_screen import SCREENS, inside_viewport

pytestmark = pytest.mark.e2e

PAGES = ["/", "/cards/rules/", "/tiles/computer/", "/cards/computer/", "/tarot/computer/"]


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize("path", PAGES)
def test_the_sites_name_is_whole_and_the_languages_beside_it_on_a_small_phone(
    new_page, path: str, language: str
) -> None:
    page = new_page(**SCREENS["small-phone"], extra_http_headers={"Accept-Language": language})
    page.goto(path)
    page.locator(".language-switcher").wait_for()

    name = page.locator(".site-header .brand span")
    assert name.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the site's name is cut"
    tops = page.locator(".site-header .brand, .language-switcher").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().top)"
    )
    assert max(tops) - min(tops) < 12, f"the languages went under the name: tops {tops}"
    inside_viewport(page, ".language-switcher")
