"""The Tarot duel in a browser, in all three modes: a phone with touch (tap, double-tap)
and a desktop with the mouse and the keyboard."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.tarot_pages import (
    HAND_CARD,
    LEGAL,
    double_tap,
    hand_size,
    legal_card,
    my_turn,
    open_board,
    open_saved_game,
    reveal_if_covered,
    seal_round,
    tricks_left,
)

pytestmark = [pytest.mark.e2e, pytest.mark.motion]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def test_against_the_computer_on_a_phone_a_tap_then_play_card_and_a_double_tap(new_page):
    page = new_page(**PHONE)
    open_board(page, "/tarot/computer/")
    card = legal_card(page)
    code = card.get_attribute("data-code")
    card.tap()
    expect(card).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Play card").tap()
    # The computer answers before the board comes back: the trick is gathered.
    my_turn(page)
    expect(page.locator(".tarot-last")).to_contain_text("Last move: the computer played")
    expect(page.locator(".tarot-trick")).to_contain_text(
        re.compile("(You|The computer) took the last trick")
    )
    assert tricks_left(page) == 38
    assert page.locator(f'{HAND_CARD}[data-code="{code}"]').count() == 0

    # A double tap plays at once.
    before = hand_size(page) + page.locator("[data-stacks] button.card").count()
    double_tap(page, legal_card(page))
    page.wait_for_function(
        "n => document.querySelector('[data-count=\"tricks\"]')"
        " && Number(document.querySelector('[data-count=\"tricks\"]')"
        ".textContent) < n",
        arg=38,
    )
    my_turn(page)
    after = hand_size(page) + page.locator("[data-stacks] button.card").count()
    assert after <= before  # a card left the hand or a stack (a stack may turn one up)


def test_on_one_device_a_dimmed_card_is_refused_with_the_reason_and_the_cover_hands_over(
    new_page,
):
    page = new_page(**DESKTOP)
    open_board(page, "/tarot/local/")
    reveal_if_covered(page)
    # Player 1 leads a suit card with the mouse: a click, then "Play card".
    lead = page.locator(
        f"{LEGAL}.card-spades, {LEGAL}.card-hearts, {LEGAL}.card-diamonds, {LEGAL}.card-clubs"
    ).first
    lead.click()
    page.get_by_role("button", name="Play card").click()

    cover = page.locator("#play-cover")
    expect(cover).to_be_visible()
    expect(cover).to_contain_text("Player 2")
    expect(page.locator("#board")).to_have_attribute("inert", "")
    page.get_by_role("button", name="Show Player 2's cards").click()
    # Revealed, the focus goes to the player's own hand (data-own-hand).
    assert page.evaluate("document.activeElement.closest('.tarot-hand') !== null")
    expect(page.locator(".tarot-trick .card.is-fresh")).to_have_count(1)
    expect(page.locator(".tarot-last")).to_contain_text("Player 1 played")

    dimmed = page.locator(".tarot-hand .card.is-dimmed")
    if dimmed.count():
        dimmed.first.click()
        page.get_by_role("button", name="Play card").click()
        expect(page.locator("#play-message")).to_have_text(
            re.compile(r"follow suit|play a trump|higher than")
        )
        expect(page.locator(".tarot-trick .card")).to_have_count(1)  # nothing changed
    # A double-click plays a legal card at once; the trick is gathered.
    legal_card(page).dblclick()
    expect(page.locator(".tarot-last")).to_contain_text("took the trick.")
    expect(page.locator('[data-count="tricks"]')).to_have_text("38")


def test_a_trick_can_be_played_with_the_keyboard_alone(new_page):
    page = new_page(**DESKTOP)
    open_board(page, "/tarot/computer/")
    my_turn(page)
    first = page.locator(HAND_CARD).first
    first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.code") == first.get_attribute("data-code")
    # To a legal card with the arrows, Space selects, Enter plays.
    for _ in range(30):
        if page.evaluate("document.activeElement.hasAttribute('data-legal')"):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect(page.locator('.tarot-board button.card[aria-pressed="true"]')).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator('[data-count="tricks"]')).to_have_text("38")
    # The focus is back in the hand for the next trick.
    my_turn(page)
    assert page.evaluate("document.activeElement.closest('.tarot-board') !== null")


def test_the_hint_selects_the_strong_levels_card(new_page):
    page = new_page(**PHONE)
    open_board(page, "/tarot/computer/")
    my_turn(page)
    page.get_by_role("button", name="Hint").tap()
    expect(page.locator(".tarot-message")).to_contain_text("Hint:")
    hinted = page.locator("button.card.is-hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_have_attribute("aria-pressed", "true")
    assert hinted.get_attribute("data-legal") is not None
    expect(page.get_by_role("button", name="Play card")).to_be_enabled()


def test_the_round_result_shows_the_breakdown_and_play_again_starts_the_next(new_page):
    page = new_page(**PHONE)
    open_saved_game(
        page, "/tarot/computer/", "play:tarot:computer:token", seal_round(0, finish=True)
    )
    result = page.locator(".tarot-result")
    expect(result).to_be_visible()
    for row in ("Points", "Oudlers taken", "Threshold", "Excess", "Petit bonus", "Excuse exchange"):
        expect(result.get_by_role("rowheader", name=row, exact=True)).to_be_visible()
    page.get_by_role("button", name="Play again").tap()
    expect(page.locator(".tarot-result")).to_have_count(0)
    expect(page.locator('[data-count="tricks"]')).to_have_text("39")


def test_friends_play_a_trick_online_each_with_their_own_hand(new_page):
    host = new_page(**PHONE)
    host.goto("/tarot/friend/")
    host.get_by_role("button", name="Create a room").click()
    host.wait_for_url("**/r/*/")
    invite = host.locator("#play-invite-link").input_value()
    guest = new_page(**DESKTOP)
    guest.goto(invite)
    guest.locator(".tarot-board").wait_for(state="attached")
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    expect(host.get_by_role("button", name="Hint")).to_have_count(0)

    card = legal_card(host)
    code = card.get_attribute("data-code")
    double_tap(host, card)
    expect(guest.locator(f'.tarot-trick .card.is-fresh[data-code="{code}"]')).to_be_visible()
    expect(guest.locator(".tarot-last")).to_contain_text("Last move: your friend played")
    guest_hand = set(guest.locator(HAND_CARD).evaluate_all("cs => cs.map(c => c.dataset.code)"))
    host_hand = set(host.locator(HAND_CARD).evaluate_all("cs => cs.map(c => c.dataset.code)"))
    assert not guest_hand & host_hand
    legal_card(guest).dblclick()
    expect(host.locator(".tarot-last")).to_contain_text("took the trick.")
    expect(host.locator('[data-count="tricks"]')).to_have_text("38")
