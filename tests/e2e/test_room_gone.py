"""A room link that leads nowhere (a wrong code, a purged room) says so in the site's
layout, with a way to start a game, and is still a 404."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import play_pages

pytestmark = pytest.mark.e2e


def test_a_purged_room_link_says_the_room_is_gone(new_page) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    response = page.goto("/r/GONE1234GONE1234GONE1234/")
    assert response is not None
    assert response.status == 404
    expect(page.get_by_role("heading", name="This room no longer exists")).to_be_visible()
    expect(page.locator("main")).to_contain_text("rooms idle for 7 days are deleted")
    play_pages.picture(page, "room-gone-390.png")
    page.get_by_role("link", name="Start a game").click()
    expect(page).to_have_url("/")
