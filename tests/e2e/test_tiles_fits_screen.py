"""The tile board fits the screen: the rack and the action bar are on screen together at
the bottom, the table above scrolls by itself, and the page itself never scrolls."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import play_pages
from tests.e2e.tiles_pages import big_position_token, open_saved_game

pytestmark = pytest.mark.e2e

TOUCH = {"has_touch": True, "is_mobile": True}
SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, **TOUCH},
    "small-phone": {"viewport": {"width": 360, "height": 640}, **TOUCH},
    "tablet": {"viewport": {"width": 768, "height": 1024}, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


def inside_viewport(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None
    assert size is not None
    assert box["y"] >= 0, (selector, box)
    assert box["y"] + box["height"] <= size["height"], (selector, box, size)
    assert box["x"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= size["width"], (selector, box, size)


@pytest.mark.parametrize("screen", ["phone", "small-phone", "tablet", "desktop"])
def test_rack_and_action_bar_are_on_screen_with_a_crowded_table(new_page, screen: str) -> None:
    page = new_page(**SCREENS[screen])
    open_saved_game(page, "/tiles/computer/", "play:tiles:computer:token", big_position_token())
    expect(page.locator(".tile-set")).to_have_count(12)
    expect(page.locator(".tiles-rack .tile")).to_have_count(30)
    play_pages.picture(page, f"tiles-{screen}-crowded.png")

    inside_viewport(page, ".tiles-rack")
    inside_viewport(page, ".tiles-actions")
    rack = page.locator(".tiles-rack").bounding_box()
    bar = page.locator(".tiles-actions").bounding_box()
    assert rack is not None
    assert bar is not None
    assert rack["y"] + rack["height"] <= bar["y"], "the bar covers the rack"
    # No page scroll: the document is the screen's height; the table scrolls by itself.
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    table = page.locator(".tiles-table")
    assert table.evaluate("t => getComputedStyle(t).overflowY") == "auto"

    # A turn without scrolling the page: a tile to a new set, then "Undo".
    page.locator(".tiles-rack .tile").first.click()
    page.get_by_role("button", name="New set").click()
    expect(page.locator(".tile-set")).to_have_count(13)
    inside_viewport(page, ".tiles-actions")
    assert page.evaluate("window.scrollY") == 0


def test_a_mouse_drag_keeps_the_tile_its_size(new_page) -> None:
    page = new_page(**SCREENS["desktop"])
    open_saved_game(page, "/tiles/computer/", "play:tiles:computer:token", big_position_token())
    tile = page.locator(".tiles-rack .tile").first
    box = tile.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 60, box["y"] - 120, steps=6)
    ghost = page.locator(".drag-ghost").bounding_box()
    page.mouse.up()
    assert ghost is not None
    # The ghost is scaled by 1.12 and turned a little: never squashed.
    assert ghost["width"] >= box["width"]
    assert ghost["height"] >= box["height"]


@pytest.mark.parametrize("language", ["ru", "pt"])
def test_online_on_a_small_phone_in_long_languages_the_rack_and_bar_still_fit(
    new_page, language: str
) -> None:
    # Online adds the presence line and the sound switch; Russian and Portuguese buttons
    # take three rows; the initial meld line is shown: the tightest board there is.
    options = {**SCREENS["small-phone"], "extra_http_headers": {"Accept-Language": language}}
    host = new_page(**options)
    host.goto("/tiles/friend/")
    host.locator("main form button.button-primary").click()
    host.wait_for_url("**/r/*/")
    guest = new_page(**options)
    guest.goto(host.locator("#play-invite-link").input_value())
    host.locator(".tiles-actions").wait_for()
    expect(host.locator("#play-invite")).to_be_hidden()
    play_pages.picture(host, f"tiles-small-phone-online-{language}.png")

    inside_viewport(host, ".tiles-rack")
    inside_viewport(host, ".tiles-actions")
    rack = host.locator(".tiles-rack").bounding_box()
    bar = host.locator(".tiles-actions").bounding_box()
    assert rack is not None
    assert bar is not None
    assert rack["y"] + rack["height"] <= bar["y"], "the bar covers the rack"
    # Nothing to scroll to: <main> holds it all (a pixel of rounding aside).
    main = host.locator("main")
    sizes = main.evaluate("m => [m.scrollHeight, m.clientHeight]")
    assert sizes[0] <= sizes[1] + 1, sizes
