"""Tile rummy online while the friend is away: the page says so and End turn, Draw and
Pass wait (the server would refuse them), the draft stays editable; when the friend is
back, the buttons are enabled again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_the_turn_buttons_wait_while_the_friend_is_away(new_page) -> None:
    host = new_page()
    host.goto("/tiles/friend/")
    host.get_by_role("button", name="Create a room").click()
    host.wait_for_url("**/r/*/")
    invite = host.url
    draw = host.get_by_role("button", name="Draw")

    # Alone in the room, on the first turn: Draw waits, the draft does not.
    host.locator(".tiles-board").wait_for(state="attached")
    # The presence line says so; the status line does not repeat it.
    expect(host.locator("#play-presence")).to_contain_text("Waiting for your friend to connect")
    expect(host.locator("#play-status")).to_be_empty()
    expect(draw).to_be_disabled()
    assert host.evaluate("Play.context.waiting") is True
    host.locator(".tiles-rack .tile").first.click()
    expect(host.get_by_role("button", name="New set").first).to_be_enabled()
    host.locator(".tiles-rack .tile").first.click()  # deselect

    guest_page = new_page()
    guest_context = guest_page.context
    guest_page.goto(invite)
    guest_page.locator(".tiles-board").wait_for(state="attached")
    expect(draw).to_be_enabled()
    assert host.evaluate("Play.context.waiting") is False

    # The guest closes the page: the host's socket hears it at once.
    guest_page.close()
    expect(draw).to_be_disabled()
    expect(host.locator("#play-presence")).to_contain_text("Waiting for your friend to connect")

    # The guest comes back with the same seat key (same browser storage).
    guest_page = guest_context.new_page()
    guest_page.goto(invite)
    guest_page.locator(".tiles-board").wait_for(state="attached")
    expect(draw).to_be_enabled()
    draw.click()
    expect(host.locator("#play-status")).to_contain_text("Waiting for your friend to play")
