"""Tile rummy online: the host invites a friend, and each move shows on the other side."""

from __future__ import annotations

import base64
import os

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import play_pages
from tests.e2e.tiles_pages import board_data, wait_for_turn

pytestmark = pytest.mark.e2e


def picture_of_the_tab(new_page, page: Page, server: str, name: str) -> None:
    """A screenshot cannot show the browser's tab, so draw one: the page's title and icon
    as they are now, in a tab strip above a screenshot of the page."""
    if not os.environ.get("E2E_PICTURES"):
        return  # no picture is kept: none to draw
    icon = server + (page.locator("link[rel~='icon']").get_attribute("href") or "")
    shot = base64.b64encode(page.screenshot()).decode()
    canvas = new_page(viewport={"width": 1100, "height": 950})
    canvas.set_content(
        '<body style="margin:0;background:#dee1e6;font:14px sans-serif">'
        '<div style="display:flex;align-items:center;gap:8px;width:320px;margin:8px 0 0 8px;'
        'padding:10px 12px;background:#fff;border-radius:8px 8px 0 0">'
        f'<img src="{icon}" width="16" height="16"><span id="title"></span></div>'
        f'<img src="data:image/png;base64,{shot}" style="display:block"></body>'
    )
    canvas.locator("#title").evaluate("(span, text) => { span.textContent = text; }", page.title())
    canvas.wait_for_timeout(200)  # the icon
    play_pages.picture(canvas, name)


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
    expect(guest.locator(".tiles-last")).to_contain_text("Last move: your friend drew a tile.")
    expect(guest.locator('[data-count="opponent"]')).to_contain_text("15")
    wait_for_turn(host, editable=False)

    # The guest's first turn, seen by the host.
    guest.get_by_role("button", name="Draw").click()
    wait_for_turn(host, editable=True)
    expect(host.locator(".tiles-last")).to_contain_text("Last move: your friend drew a tile.")
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
    picture_of_the_tab(new_page, guest, live_server_url, "tiles-background-turn-title.png")

    # Back to the tab: the title is the page's again.
    guest.evaluate(
        "window.inBackground = false; document.dispatchEvent(new Event('visibilitychange'))"
    )
    assert guest.title() == title
    assert "icon-turn" not in (guest.locator("link[rel~='icon']").get_attribute("href") or "")


# A tab in the background as the test says, and every tone the page makes counted.
BACKGROUND_AND_TONES = """
Object.defineProperty(document, 'hidden',
  {configurable: true, get: () => Boolean(window.inBackground)});
window.tones = 0;
const make = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.tones += 1;
  return make.call(this);
};
"""


def a_room_with_a_guest_in_the_background(new_page) -> tuple[Page, Page]:
    host = new_page()
    host.goto("/tiles/friend/")
    host.get_by_role("button", name="Create a room").click()
    host.wait_for_url("**/r/*/")
    invite = host.locator("#play-invite-link").input_value()
    guest = new_page()
    guest.add_init_script(BACKGROUND_AND_TONES)
    guest.goto(invite)
    wait_for_turn(guest, editable=False)
    return host, guest


def to_background(page: Page, hidden: bool) -> None:
    page.evaluate(
        "hidden => { window.inBackground = hidden;"
        " document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def test_the_turn_sound_is_off_by_default_rings_once_when_on_and_is_remembered(
    new_page,
) -> None:
    host, guest = a_room_with_a_guest_in_the_background(new_page)
    sound = guest.get_by_label("Sound when it is my turn")
    expect(sound).not_to_be_checked()

    # Off: a turn in the background changes the title, and makes no sound.
    to_background(guest, True)
    wait_for_turn(host, editable=True)
    host.get_by_role("button", name="Draw").click()
    wait_for_turn(guest, editable=True)
    assert guest.title().startswith("● Your turn")
    assert guest.evaluate("window.tones") == 0

    # Switched on (a gesture, so the browser lets it sound): the chime once, as a sample.
    to_background(guest, False)
    sound.check()
    guest.wait_for_function("() => window.tones === 2")
    guest.get_by_role("button", name="Draw").click()
    wait_for_turn(guest, editable=False)

    # The next turn in the background rings it once (two notes), however many views come.
    to_background(guest, True)
    host.get_by_role("button", name="Draw").click()
    wait_for_turn(guest, editable=True)
    guest.wait_for_function("() => window.tones === 4")
    guest.wait_for_timeout(300)
    assert guest.evaluate("window.tones") == 4

    # Remembered: the switch is on after a reload.
    guest.reload()
    expect(guest.get_by_label("Sound when it is my turn")).to_be_checked()
