"""A new-round request online after a round ends (issue 55): the friend reads it where
the round's result offers the next one, with the button that agrees to it, and the
player who asked reads that the friend is awaited, the button no longer offered. Two
browser contexts on the room's real WebSocket."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import play_pages
from tests.e2e.live_database import LiveDatabase
from tests.e2e.test_replay import finish_room_round

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
WORDS = {
    "en": ("Start the new round", "Ask for a new round"),
    "ru": ("Начать новый раунд", "Предложить новый раунд"),
    "pt": ("Começar a nova ronda", "Pedir uma nova ronda"),
}


@pytest.mark.parametrize(("game", "language"), [("tiles", "en"), ("tarot", "ru"), ("tiles", "pt")])
def test_after_a_round_the_friend_sees_the_request_by_the_result_and_the_asker_waits(
    new_page, live_db: LiveDatabase, game: str, language: str
) -> None:
    headers = {"Accept-Language": language}
    host = new_page(viewport=PHONE, extra_http_headers=headers)
    play_pages.open_room(host, game)
    code = host.url.rstrip("/").rsplit("/", 1)[1]
    guest = new_page(viewport=PHONE, extra_http_headers=headers)
    guest.goto(host.url)
    expect(guest.locator("#play-presence")).to_contain_text("2")
    live_db.run(finish_room_round, code)
    host.reload()
    guest.reload()
    accept, ask = WORDS[language]
    guest_result = guest.locator("#board .board-result")
    expect(guest_result.get_by_role("button", name=ask)).to_be_visible()
    guest_result.get_by_role("button", name=ask).scroll_into_view_if_needed()  # reading the result

    host.locator("#board [data-play-again]").click()

    # The friend reads the request where the round ended, and agrees from there.
    asked = guest.locator("#play-consent-text").inner_text()
    expect(guest.locator("#play-consent-text")).not_to_have_text("")
    if language == "en":
        expect(guest.locator("#play-consent-text")).to_have_text(
            "Your friend asks for a new round."
        )
    note = guest_result.locator(".result-request")
    expect(note).to_have_text(guest.locator("#play-consent-text").inner_text() or asked)
    expect(note).to_be_in_viewport()
    expect(guest_result.get_by_role("button", name=accept)).to_be_in_viewport()
    expect(guest.locator("#play-announce")).to_contain_text(
        guest.locator("#play-consent-text").inner_text()
    )
    # The player who asked reads that the friend is awaited, and cannot ask again.
    host_result = host.locator("#board .board-result")
    expect(host_result.locator(".result-request")).to_have_text(
        host.locator("#play-consent-text").inner_text()
    )
    if language == "en":
        expect(host_result.locator(".result-request")).to_have_text(
            "You asked for a new round. Waiting for your friend to agree…"
        )
    expect(host_result.locator("[data-play-again]")).to_be_disabled()
    play_pages.picture(guest, f"new-round-asked-{game}-{language}")
    play_pages.picture(host, f"new-round-asking-{game}-{language}")

    guest_result.get_by_role("button", name=accept).click()
    expect(host.locator("#board .board-result")).to_have_count(0)
    expect(guest.locator("#board .board-result")).to_have_count(0)
