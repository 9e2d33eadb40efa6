"""Rummy in a real browser, the three ways to play: against the computer by touch on a
phone (with the hint and a refusal that says why), on one device behind the hot-seat
cover, online with a friend, a keyboard-only turn, a mouse drag onto the discard pile,
and the deal's result with the next deal. Pictures for docs/screenshots (`make screenshots`)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cards import engine
from tests.e2e import play_pages
from tests.e2e.cards_pages import (
    deal_over,
    hand_codes,
    mid_game,
    open_saved_game,
    reveal_if_covered,
    wait_until_idle,
)
from tests.e2e.test_cards_online_deal import one_step_from_going_out
from tests.e2e.test_tiles_touch_drag import centre, touch_drag

pytestmark = [pytest.mark.e2e, pytest.mark.motion]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


TAKEN_KC = "The king of clubs taken from the discard pile cannot be discarded this turn."


def card(page, code: str):
    return page.locator(f'.cards-hand .card[data-code="{code}"]')


def test_a_card_tapped_while_the_meld_is_on_its_way_stays_picked_for_the_discard(
    new_page,
) -> None:
    page = new_page(**DESKTOP)
    drawn = engine.apply(one_step_from_going_out(), 1, {"type": "draw", "source": "stock"})
    open_saved_game(page, "computer", drawn)

    play_pages.slow_answers(page, "**/play/cards/computer/act")
    for code in ["4S", "5S", "6S"]:
        card(page, code).click()
    page.get_by_role("button", name="Meld", exact=True).click()
    card(page, "QH").click()  # at once, before the meld's answer
    expect(page.locator(".cards-hand .card")).to_have_count(1)
    expect(card(page, "QH")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Discard", exact=True).click()
    expect(page.locator(".cards-result")).to_contain_text("You won the deal")


def test_a_turn_against_the_computer_by_touch_with_a_hint_and_a_refusal(new_page) -> None:
    page = new_page(**PHONE)
    open_saved_game(page, "computer", mid_game())
    expect(page.locator(".cards-last")).to_contain_text(
        "Last move: the computer took the 9♦ from the discard pile, melded 9♠ 9♥ 9♦, "
        "laid off the 5♥ on meld 1, discarded the K♣."
    )
    expect(page.locator(".meld.is-last-move")).to_have_count(2)
    play_pages.picture(page, "cards-phone-mid-game.png")

    page.get_by_role("button", name="Hint").tap()
    expect(page.locator(".cards-message")).to_have_text("Hint: draw from the stock.")
    expect(page.locator(".deck-stock.is-hinted")).to_be_visible()

    page.get_by_role("button", name="Take the king of clubs").tap()
    wait_until_idle(page)
    # The card just taken from the discard pile cannot be discarded: Discard says why
    # instead of asking the server.
    card(page, "KC").tap()
    discard = page.get_by_role("button", name="Discard", exact=True)
    expect(discard).to_have_attribute("aria-disabled", "true")
    discard.tap(force=True)  # Playwright does not tap what says it is disabled; a finger does
    expect(page.locator(".cards-message")).to_have_text(TAKEN_KC)
    expect(page.locator("#play-message")).to_be_empty()
    card(page, "KC").tap()
    expect(discard).to_be_disabled()
    for code in ["2S", "3S", "4S"]:
        card(page, code).tap()
    page.get_by_role("button", name="Meld", exact=True).tap()
    expect(page.locator(".meld")).to_have_count(4)
    expect(page.locator("#play-message")).to_be_empty()
    # Select and tap a meld to lay off: the 5♦ does not fit the hearts.
    card(page, "5D").tap()
    page.locator('button.meld[data-meld="0"]').tap()
    expect(page.locator("#play-message")).to_contain_text(
        "5 of diamonds cannot be laid off on meld 1"
    )
    # The refusal is about that try: it goes when the player changes the selection.
    card(page, "5D").tap()
    expect(page.locator("#play-message")).to_be_empty()
    card(page, "TS").tap()
    page.get_by_role("button", name="Discard", exact=True).tap()
    wait_until_idle(page)
    expect(page.locator("#play-status")).to_have_text("Your turn")
    expect(page.locator(".cards-last")).to_contain_text("Last move: the computer")
    assert "TS" not in hand_codes(page)
    # A hint the player does not follow goes, ring and words, once the selection changes.
    page.get_by_role("button", name="Hint").tap()
    expect(page.locator(".is-hinted")).to_have_count(1)
    page.locator('.cards-hand .card[aria-pressed="false"]').first.tap()
    expect(page.locator(".is-hinted")).to_have_count(0)
    expect(page.locator(".cards-message")).not_to_contain_text("Hint")


def test_discard_says_on_hover_and_focus_why_the_card_just_taken_cannot_go(new_page) -> None:
    page = new_page(**DESKTOP)
    open_saved_game(page, "computer", mid_game())
    page.get_by_role("button", name="Take the king of clubs").click()
    wait_until_idle(page)
    discard = page.get_by_role("button", name="Discard", exact=True)
    pile = page.locator("button.deck-pile")

    card(page, "KC").click()

    for button in (discard, pile):
        expect(button).to_have_attribute("aria-disabled", "true")
        expect(button).to_have_attribute("title", TAKEN_KC)
        expect(button).to_have_accessible_description(TAKEN_KC)
    discard.focus()
    expect(discard).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".cards-message")).to_have_text(TAKEN_KC)
    pile.click(force=True)
    expect(page.locator("#play-message")).to_be_empty()
    assert "KC" in hand_codes(page)
    # With another card selected as well, or instead, Discard is what it always is, and
    # the reason, which was about the selection, goes.
    card(page, "TS").click()
    expect(page.locator(".cards-message")).to_be_hidden()
    expect(discard).to_be_disabled()
    expect(discard).not_to_have_attribute("title", TAKEN_KC)
    card(page, "KC").click()
    expect(discard).to_be_enabled()
    expect(discard).not_to_have_attribute("aria-disabled", "true")
    expect(pile).not_to_have_attribute("title", TAKEN_KC)


def test_a_refusal_goes_when_the_player_changes_the_selection(new_page) -> None:
    page = new_page(**DESKTOP)
    open_saved_game(page, "computer", mid_game())
    page.get_by_role("button", name="Take the king of clubs").click()
    wait_until_idle(page)
    card(page, "5D").click()
    page.locator('button.meld[data-meld="0"]').click()
    expect(page.locator("#play-message")).to_contain_text(
        "5 of diamonds cannot be laid off on meld 1"
    )

    card(page, "5D").click()

    expect(page.locator("#play-message")).to_be_empty()
    expect(page.locator("#play-message")).not_to_have_class("is-shown")


def test_on_one_device_the_cover_hides_each_hand_until_its_player_shows_it(new_page) -> None:
    page = new_page(**DESKTOP)
    page.goto("/cards/local/")
    expect(page.locator("#play-cover-text")).to_have_text("Pass the device to Player 1")
    expect(page.locator(".cards-hand")).to_be_hidden()
    page.get_by_role("button", name="Show Player 1's cards").click()
    first = hand_codes(page)
    assert len(first) == 10
    # The player's own cards get the focus (data-own-hand).
    assert page.evaluate("document.activeElement.closest('.cards-hand') !== null")

    page.get_by_role("button", name="Draw from the stock", exact=True).click()
    wait_until_idle(page)
    drawn = next(code for code in hand_codes(page) if code not in first)
    card(page, drawn).click()
    page.get_by_role("button", name="Discard", exact=True).click()
    expect(page.locator("#play-cover-text")).to_have_text("Pass the device to Player 2")
    expect(page.locator(".cards-hand")).to_be_hidden()
    page.get_by_role("button", name="Show Player 2's cards").click()
    expect(page.locator(".cards-last")).to_contain_text("Player 1 drew from the stock, discarded")
    assert not set(hand_codes(page)) & set(first)
    expect(page.locator("#play-status")).to_have_text("Player 2 to play")


def test_friends_play_online_and_only_the_player_to_move_has_the_turn_buttons(new_page) -> None:
    host = new_page(**DESKTOP)
    host.goto("/cards/friend/")
    host.get_by_role("button", name="Create a room").click()
    host.wait_for_url("**/r/*/")
    invite = host.locator("#play-invite-link").input_value()
    guest = new_page(**PHONE)
    guest.goto(invite)
    expect(guest.locator("#play-presence")).to_contain_text("You are Player 2")
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    expect(guest.locator(".cards-actions")).to_have_count(0)
    expect(host.locator('[data-action="hint"]')).to_have_count(0)  # no hint online

    host.get_by_role("button", name="Draw from the stock", exact=True).click()
    expect(host.locator('[data-action="discard"]')).to_be_visible()
    host.locator(".cards-hand .card").first.click()
    host.get_by_role("button", name="Discard", exact=True).click()
    expect(guest.locator(".cards-last")).to_contain_text(
        "Last move: your friend drew from the stock"
    )
    expect(guest.locator("#play-status")).to_have_text("Your turn")
    expect(guest.get_by_role("button", name="Draw from the stock", exact=True)).to_be_visible()
    expect(host.locator(".cards-actions")).to_have_count(0)


def test_a_keyboard_only_turn_draws_melds_and_discards(new_page) -> None:
    page = new_page(**DESKTOP)
    open_saved_game(page, "computer", mid_game())
    card(page, "2S").focus()
    # Up: the stock; Enter draws from it. The focus comes back to the hand.
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.matches('button.deck-stock')")
    page.keyboard.press("Enter")
    wait_until_idle(page)
    expect(page.locator(".cards-hand .card")).to_have_count(11)
    assert page.evaluate("document.activeElement.dataset.code") == "2S"
    # Enter, Right and Space, Right and Enter select 2♠ 3♠ 4♠; Tab reaches "Meld".
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(page.locator('.cards-hand .card[aria-pressed="true"]')).to_have_count(3)
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action") == "meld":
            break
    page.keyboard.press("Enter")
    expect(page.locator(".meld")).to_have_count(4)
    wait_until_idle(page)
    # Shift+Right moves a card within the hand; the order is kept after a reload.
    card(page, "7C").focus()
    page.keyboard.press("Shift+ArrowRight")
    order = hand_codes(page)
    assert order[:2] == ["8C", "7C"]
    # Select the 10♠, Up to the discard pile, Enter discards it.
    card(page, "TS").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.matches('button.deck-pile')")
    page.keyboard.press("Enter")
    wait_until_idle(page)
    expect(page.locator(".cards-last")).to_contain_text("Last move: the computer")
    page.reload()
    reveal_if_covered(page)
    assert [c for c in hand_codes(page) if c in order][:2] == ["8C", "7C"]


def test_a_card_dragged_onto_the_discard_pile_is_discarded(new_page) -> None:
    page = new_page(**DESKTOP)
    open_saved_game(page, "computer", mid_game())
    page.get_by_role("button", name="Draw from the stock", exact=True).click()
    wait_until_idle(page)
    page.get_by_role("button", name="By rank").click()
    assert hand_codes(page)[0] == "AH"
    source = card(page, "QD").bounding_box()
    pile = page.locator(".deck-pile").bounding_box()
    assert source is not None
    assert pile is not None
    page.mouse.move(source["x"] + 15, source["y"] + 15)
    page.mouse.down()
    page.mouse.move(pile["x"] + 20, pile["y"] + 25, steps=8)
    page.mouse.up()
    wait_until_idle(page)
    expect(page.locator(".cards-last")).to_contain_text("Last move: the computer")
    assert "QD" not in hand_codes(page)
    assert hand_codes(page)[0] == "AH"  # the order by rank is kept
    play_pages.picture(page, "cards-desktop-mid-game.png")


def test_press_and_hold_drags_a_card_onto_a_meld_on_a_phone(new_page) -> None:
    page = new_page(**PHONE)
    open_saved_game(page, "computer", mid_game())
    page.get_by_role("button", name="Draw from the stock", exact=True).tap()
    wait_until_idle(page)
    queens = page.locator('.meld[data-meld="1"] .card')
    expect(queens).to_have_count(3)
    touch_drag(page, centre(page, '.cards-hand .card[data-code="QD"]'),
               centre(page, '.meld[data-meld="1"]'), hold=0.4)  # fmt: skip
    expect(queens).to_have_count(4)
    assert "QD" not in hand_codes(page)


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_the_deal_result_counts_the_points_and_the_next_deal_keeps_the_match(
    new_page, screen: str
) -> None:
    page = new_page(**(PHONE if screen == "phone" else DESKTOP))
    open_saved_game(page, "computer", deal_over())
    result = page.locator(".cards-result")
    expect(result).to_contain_text("You won the deal")
    expect(result).to_contain_text("1 + 10 + 7 + 7 + 7 = 32")
    expect(page.locator("#play-status")).to_have_text("Deal over")  # the match goes on
    play_pages.picture(page, f"cards-{screen}-deal-result.png")
    page.get_by_role("button", name="Next deal").click()
    expect(page.locator('[data-count="match-own"]')).to_have_text("52")
    expect(page.locator(".cards-board dd").nth(1)).to_have_text("2")  # the deal number
    expect(page.locator(".cards-hand .card")).to_have_count(10)
