"""The online room's page says when the room will be deleted if nobody plays (issue 25),
in the player's time zone and the page's language: the server gives the moment in UTC,
the browser says it in its own time zone."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page, expect

from cards import engine
from tests.e2e import play_pages
from tests.e2e.live_database import LiveDatabase, set_room_position
from tests.e2e.test_cards_online_deal import one_step_from_going_out, room_of_two

pytestmark = [pytest.mark.e2e, pytest.mark.motion]

RU_MONTHS = [
    "января",
    "февраля",
    "марта",
    "апреля",
    "мая",
    "июня",
    "июля",
    "августа",
    "сентября",
    "октября",
    "ноября",
    "декабря",
]


def local_moment(page: Page, zone: str) -> datetime:
    """The moment the page's line gives, in the browser's time zone."""
    text = page.locator("#play-expiry").get_attribute("data-deletes-at")
    assert text is not None
    assert text.endswith("Z"), text
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


def test_after_a_deal_the_line_says_the_room_is_kept_and_quotes_the_boards_next_deal_button(
    new_page, live_db: LiveDatabase
) -> None:
    host, guest, code = room_of_two(new_page)
    live_db.run(set_room_position, code, engine.to_json(one_step_from_going_out()))
    host.reload()
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    host.get_by_role("button", name="Draw from the stock", exact=True).click()
    expect(host.locator(".cards-hand .card")).to_have_count(4)
    for card in ["4S", "5S", "6S"]:
        host.locator(f'.cards-hand .card[data-code="{card}"]').click()
    host.get_by_role("button", name="Meld", exact=True).click()
    host.locator('.cards-hand .card[data-code="QH"]').click()
    host.get_by_role("button", name="Discard", exact=True).click()

    line = host.locator("#play-expiry")
    expect(line).to_contain_text("This room is kept until")
    expect(line).to_contain_text("to keep playing, press “Ask for the next deal”.")
    expect(line).to_be_visible()
    pictures(host, "en-over")
    host.set_viewport_size({"width": 1280, "height": 800})
    host.reload()  # the server's words for a finished room, then the script's
    expect(line).to_contain_text("to keep playing, press “Ask for the next deal”.")

    guest.get_by_role("button", name="Ask for the next deal").tap()
    host.locator("#play-accept").click()
    expect(line).to_contain_text("If nobody plays, this room will be deleted on")
