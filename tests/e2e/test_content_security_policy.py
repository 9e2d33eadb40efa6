"""The site's own pages run under its Content-Security-Policy (no 'unsafe-inline'): a
player's round of every mode reports no CSP violation, online socket included."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.tiles_pages import make_a_set_of_the_first_tiles, open_board, reveal_if_covered

pytestmark = pytest.mark.e2e

WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = `${event.sourceFile}:${event.lineNumber}`;
  window.__csp.push(`${event.violatedDirective} ${event.blockedURI} ${where}`);
});
"""


def watched(new_page, **options) -> tuple[Page, list[str]]:
    page = new_page(**options)
    page.add_init_script(WATCH)
    refused: list[str] = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return page, refused


def violations(page: Page, console: list[str]) -> list[str]:
    return [*page.evaluate("window.__csp"), *console]


@pytest.mark.parametrize("width", [390, 1280])
def test_home_rules_one_device_and_computer_pages_report_no_csp_violation(new_page, width):
    page, console = watched(new_page, viewport={"width": width, "height": 844})
    found = []
    for path in [
        "/",
        "/tiles/rules/",
        "/cards/local/",
        "/tarot/rules/",
        "/tarot/computer/",
        "/admin/login/",
    ]:
        page.goto(path)
        page.wait_for_load_state("networkidle")
        found += violations(page, console)

    open_board(page, "/tiles/local/")
    reveal_if_covered(page)
    make_a_set_of_the_first_tiles(page)
    found += violations(page, console)
    open_board(page, "/tiles/computer/")
    page.get_by_role("button", name="Draw").click()
    expect(page.locator(".tiles-last")).to_be_visible()
    found += violations(page, console)

    assert found == []


def test_an_online_room_reports_no_csp_violation_on_either_side(new_page):
    host, host_console = watched(new_page)
    host.goto("/tiles/friend/")
    host.get_by_role("button", name="Create a room").click()
    host.wait_for_url("**/r/*/")
    guest, guest_console = watched(new_page)
    guest.goto(host.url)
    for page in (host, guest):
        page.locator(".tiles-board").wait_for(state="attached")
    expect(host.locator("#play-presence")).not_to_contain_text("Waiting")
    host.get_by_role("button", name="Draw").click()
    expect(guest.locator(".tiles-last")).to_contain_text("drew a tile")

    assert violations(host, host_console) == violations(guest, guest_console) == []
