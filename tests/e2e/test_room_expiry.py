"""The online room's page says when the room will be deleted if nobody plays (issue 25),
in the player's time zone and the page's language: the server gives the moment in UTC,
the browser says it in its own time zone."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import play_pages

pytestmark = pytest.mark.e2e

RU_MONTHS = (
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря"
).split()


def local_moment(page: Page, zone: str) -> datetime:
    """The moment the page's line gives, in the browser's time zone."""
    text = page.locator("#play-expiry").get_attribute("data-deletes-at")
    assert text and text.endswith("Z"), text
    return datetime.fromisoformat(text).astimezone(ZoneInfo(zone))


def pictures(page: Page, name: str) -> None:
    for width, height in ((390, 844), (1280, 900)):
        page.set_viewport_size({"width": width, "height": height})
        play_pages.picture(page, f"room-expiry-{name}-{width}.png", full_page=True)


def test_the_room_says_when_it_will_go_in_each_players_time_zone_and_language(new_page) -> None:
    host = new_page(timezone_id="Asia/Tokyo")
    play_pages.open_room(host)
    line = host.locator("#play-expiry")
    expect(line).to_contain_text("If nobody plays, this room will be deleted on")
    at = local_moment(host, "Asia/Tokyo")
    expect(line).to_contain_text(f"{at:%B} {at.day}, {at.year}")
    expect(line).to_contain_text(f"{at:%I:%M %p}")
    expect(line).to_contain_text("GMT+9")
    expect(line).not_to_contain_text("UTC")  # the server's words without a script

    guest = new_page(locale="ru-RU", timezone_id="Europe/Moscow")
    guest.goto(host.url)
    expect(guest.locator("#play-presence")).to_contain_text("Оба игрока на месте.")
    line = guest.locator("#play-expiry")
    expect(line).to_contain_text("Если никто не будет играть, комната будет удалена")
    at = local_moment(guest, "Europe/Moscow")
    expect(line).to_contain_text(f"{at.day} {RU_MONTHS[at.month - 1]} {at.year}")
    expect(line).to_contain_text(f"{at:%H:%M}")
    expect(line).not_to_contain_text("UTC")

    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    pictures(host, "en")
    pictures(guest, "ru")
