"""A rummy deal online played to its end in two browsers (the host at 1280×800, the
guest on a phone by touch): the host goes out, both see the same result counted card
by card, and the next deal starts only when both have asked for it, with the match
score kept."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from cards import engine
from cards.melds import DECK
from cards.state import State, state_from_position
from tests.e2e import play_pages
from tests.e2e.cards_pages import PLACED, hand_codes
from tests.e2e.live_database import LiveDatabase, set_room_position

pytestmark = [pytest.mark.e2e, pytest.mark.motion]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def one_step_from_going_out() -> State:
    """Player 1 to draw the 6♠ from the stock, meld 4♠ 5♠ 6♠ and go out by discarding
    the Q♥; Player 2 holds A♠ K♦ 7♣ 7♦ 7♠ (32 points, the three sevens included)."""
    return state_from_position(
        {1: ["4S", "5S", "QH"], 2: ["AS", "KD", "7C", "7D", "7S"]},
        pile=["9D"],
        stock=[c for c in DECK if c not in PLACED] + ["6S"],
        match={1: 20, 2: 12},
    )


def room_of_two(new_page) -> tuple[Page, Page, str]:
    host = new_page(**DESKTOP)
    host.goto("/cards/friend/")
    host.get_by_role("button", name="Create a room").click()
    host.wait_for_url("**/r/*/")
    code = host.url.rstrip("/").rsplit("/", 1)[-1]
    guest = new_page(**PHONE)
    guest.goto(host.locator("#play-invite-link").input_value())
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    return host, guest, code


def test_an_online_deal_ends_with_the_same_result_on_both_sides_and_the_next_needs_both(
    new_page, live_db: LiveDatabase
) -> None:
    host, guest, code = room_of_two(new_page)
    live_db.run(set_room_position, code, engine.to_json(one_step_from_going_out()))
    for page in (host, guest):
        page.reload()
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    assert sorted(hand_codes(host)) == ["4S", "5S", "QH"]

    host.get_by_role("button", name="Draw from the stock", exact=True).click()
    expect(host.locator(".cards-hand .card")).to_have_count(4)  # the drawn 6♠ is in
    for code_ in ["4S", "5S", "6S"]:
        host.locator(f'.cards-hand .card[data-code="{code_}"]').click()
    host.get_by_role("button", name="Meld", exact=True).click()
    expect(host.locator(".cards-hand .card")).to_have_count(1)
    host.locator('.cards-hand .card[data-code="QH"]').click()
    host.get_by_role("button", name="Discard", exact=True).click()

    for page, winner in ((host, "You"), (guest, "Your friend")):
        result = page.locator(".cards-result")
        expect(result).to_contain_text(f"{winner} won the deal")
        expect(result).to_contain_text("1 + 10 + 7 + 7 + 7 = 32")
        expect(page.locator("#play-status")).to_have_text("Deal over")
    play_pages.picture(guest, "cards-phone-online-deal-result.png")

    # The guest asks first: nothing starts until the host agrees.
    guest.get_by_role("button", name="Ask for the next deal").tap()
    expect(host.locator("#play-consent-text")).to_have_text("Your friend asks for the next deal.")
    expect(guest.locator(".cards-result")).to_be_visible()
    host.locator("#play-accept").click()
    for page in (host, guest):
        expect(page.locator(".cards-hand .card")).to_have_count(10)
        expect(page.locator(".cards-result")).to_have_count(0)
    expect(host.locator('[data-count="match-own"]')).to_have_text("52")
    expect(guest.locator('[data-count="match-own"]')).to_have_text("12")
    # The deal alternates: Player 2 (the guest) plays first in the second deal.
    expect(guest.locator("#play-status")).to_have_text("Your turn")
    expect(host.locator(".cards-actions")).to_have_count(0)
