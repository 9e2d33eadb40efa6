"""A room link that leads nowhere (a wrong code, a purged room) says so in the site's
layout, with a way to start a game, and is still a 404."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def test_a_purged_room_link_says_the_room_is_gone(new_page) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    response = page.goto("/r/GONE1234/")
    assert response is not None
    assert response.status == 404
    expect(page.get_by_role("heading", name="This room no longer exists")).to_be_visible()
    expect(page.locator("main")).to_contain_text("rooms idle for 7 days are deleted")
    page.screenshot(path=str(SCREENSHOTS / "room-gone-390.png"))
    page.get_by_role("link", name="Start a game").click()
    expect(page).to_have_url("/")
