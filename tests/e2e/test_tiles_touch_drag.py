"""Tile rummy on a phone: press and hold a tile, then drag it onto the table."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.tiles_pages import open_board, reveal_if_covered, table_codes, wait_for_draft

pytestmark = [pytest.mark.e2e, pytest.mark.motion]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def touch_drag(
    page: Page, start: tuple[float, float], end: tuple[float, float], hold: float
) -> None:
    """A finger down at `start`, held `hold` seconds, moved to `end` and lifted (CDP)."""
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", *start)
    time.sleep(hold)
    steps = 12
    for step in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * step / steps
        y = start[1] + (end[1] - start[1]) * step / steps
        touch("touchMove", x, y)
        time.sleep(0.016)
    touch("touchEnd", *end)


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_press_and_hold_drags_a_rack_tile_to_a_new_set_on_a_phone(new_page) -> None:
    page = new_page(**PHONE)
    open_board(page, "/tiles/local/")
    reveal_if_covered(page)
    page.locator(".new-set-zone").scroll_into_view_if_needed()
    tile = page.locator(".tiles-rack .tile").first
    code = tile.get_attribute("data-code")

    # A quick swipe is a scroll, not a drag: nothing moves.
    touch_drag(page, centre(page, ".tiles-rack .tile"), centre(page, ".new-set-zone"), hold=0)
    time.sleep(0.4)
    expect(page.locator(".tile-set")).to_have_count(0)

    page.locator(".new-set-zone").scroll_into_view_if_needed()
    touch_drag(page, centre(page, ".tiles-rack .tile"), centre(page, ".new-set-zone"), hold=0.4)
    expect(page.locator(".tile-set")).to_have_count(1)
    wait_for_draft(page)
    assert table_codes(page) == [[code]]
    expect(page.locator(".tile-set.is-invalid .set-problem")).to_contain_text("too short")
    expect(page.get_by_role("button", name="End turn")).to_be_disabled()
