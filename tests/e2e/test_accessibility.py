"""axe-core finds no accessibility violation on the pages a player sees, on a phone and
on a desktop, light and dark (contrast included)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

PAGES = [
    "/",
    "/tiles/rules/",
    "/tiles/computer/",
    "/tiles/local/",
    "/tiles/friend/",
    "/cards/rules/",
    "/cards/computer/",
    "/cards/local/",
    "/tarot/rules/",
    "/tarot/computer/",
    "/tiles/learn/",
    "/cards/learn/",
    "/tarot/learn/",
]
AXE = Axe()


def violations(page) -> list[str]:
    found = AXE.run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}" for v in found]


@pytest.mark.parametrize(("width", "scheme"), [(390, "light"), (390, "dark"), (1280, "light")])
def test_pages_have_no_accessibility_violations(new_page, scheme: str, width: int) -> None:
    page = new_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
    problems = {}
    for path in PAGES:
        page.goto(path)
        if path.endswith(("/computer/", "/learn/")):  # the board, once the first view is in
            expect(page.locator("#board > section")).to_be_visible()
        found = violations(page)
        if path.endswith("/local/"):  # the hot-seat cover, then the board behind it
            page.locator("#play-reveal").click()
            expect(page.locator("#board > section")).to_be_visible()
            found += violations(page)
        if found:
            problems[path] = found

    assert not problems


def test_an_online_room_has_no_accessibility_violations(new_page) -> None:
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto("/tiles/friend/")
    page.get_by_role("button", name="Create a room").click()
    expect(page.locator("#board .tiles-board")).to_be_attached()

    assert not violations(page)


# A short key whose button cannot be used now (the board says so): tile rummy's End
# turn and the Tarot duel's Play card, with nothing placed or chosen.
REFUSED = {"tiles": "e", "tarot": "c"}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [390, 1280])
def test_the_keys_panel_and_a_refused_short_key_have_no_accessibility_violations(
    new_page, width: int, scheme: str
) -> None:
    page = new_page(viewport={"width": width, "height": 800}, color_scheme=scheme)
    problems = {}
    for game in ("tiles", "cards", "tarot"):
        page.goto(f"/{game}/computer/")
        expect(page.locator("#board > section")).to_be_visible()
        page.wait_for_function("() => !window.Play.busy")
        found = []
        if game in REFUSED:
            page.keyboard.press(REFUSED[game])
            expect(page.locator("#board .board-message")).to_contain_text("cannot be used now")
            found += violations(page)
        page.keyboard.press("?")
        expect(page.get_by_role("dialog", name="Keys")).to_be_visible()
        found += violations(page)
        if found:
            problems[game] = found

    assert not problems
