"""Tile rummy online: the host invites a friend, and each move shows on the other side."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.tiles_pages import board_data

pytestmark = pytest.mark.e2e


def wait_for_turn(page: Page, editable: bool) -> None:
    page.wait_for_function(
        "editable => { const data = document.getElementById('tiles-data');"
        " return data && JSON.parse(data.textContent).editable === editable; }",
        arg=editable,
    )


def test_the_host_invites_a_friend_and_their_first_turns_show_on_both_sides(
    new_page, live_server_url: str
) -> None:
    host = new_page()
    host.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server_url)
    host.goto("/tiles/friend/")
    host.get_by_role("button", name="Create a room").click()
    host.wait_for_url("**/r/*/")
    host.get_by_role("button", name="Copy invite").click()
    invite = host.evaluate("navigator.clipboard.readText()")
    assert "/r/" in invite

    guest = new_page()
    guest.goto(invite)
    guest.locator(".tiles-board").wait_for(state="attached")
    host.locator(".tiles-board").wait_for(state="attached")
    assert board_data(host)["seat"] == 1
    assert board_data(guest)["seat"] == 2
    wait_for_turn(guest, editable=False)  # player 1 starts

    # The host's first turn: a draw. The guest sees it and may play.
    wait_for_turn(host, editable=True)
    host.get_by_role("button", name="Draw").click()
    wait_for_turn(guest, editable=True)
    expect(guest.locator(".tiles-last")).to_contain_text("Your friend, drew a tile")
    expect(guest.locator('[data-count="opponent"]')).to_contain_text("15")
    wait_for_turn(host, editable=False)

    # The guest's first turn, seen by the host.
    guest.get_by_role("button", name="Draw").click()
    wait_for_turn(host, editable=True)
    expect(host.locator(".tiles-last")).to_contain_text("Your friend, drew a tile")
    expect(host.locator('[data-count="pool"]')).to_have_text("76")


def test_a_turn_that_comes_in_a_background_tab_changes_the_title_and_icon(
    new_page, live_server_url: str
) -> None:
    host = new_page()
    host.goto("/tiles/friend/")
    host.get_by_role("button", name="Create a room").click()
    host.wait_for_url("**/r/*/")
    invite = host.locator("#play-invite-link").input_value()

    guest = new_page()
    # A tab in the background: document.hidden as the test says.
    guest.add_init_script(
        "Object.defineProperty(document, 'hidden',"
        " {configurable: true, get: () => Boolean(window.inBackground)});"
    )
    guest.goto(invite)
    wait_for_turn(guest, editable=False)
    title = guest.title()
    guest.evaluate("window.inBackground = true")

    wait_for_turn(host, editable=True)
    host.get_by_role("button", name="Draw").click()
    wait_for_turn(guest, editable=True)
    assert guest.title().startswith("● Your turn")
    assert "icon-turn" in (guest.locator("link[rel~='icon']").get_attribute("href") or "")

    # Back to the tab: the title is the page's again.
    guest.evaluate(
        "window.inBackground = false; document.dispatchEvent(new Event('visibilitychange'))"
    )
    assert guest.title() == title
    assert "icon-turn" not in (guest.locator("link[rel~='icon']").get_attribute("href") or "")
