"""A new-round request online, heard and answered by the keyboard (issue 56): the friend
hears "Your friend asks for a new round." when it comes (during a round, where only the
panel above the board shows it), the asker hears that the friend is awaited; a Decline
and a Start pressed on the panel are said to both ("The new round was declined.", "The
new round has begun."), each in its page's language, and the focus of the one who
answered goes on to the hand, never to <body>. Two browsers on the room's socket."""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from tests.e2e.announcing import said
from tests.e2e.play_pages import open_room

pytestmark = pytest.mark.e2e


def words(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


def hears(page: Page, text: str, after: int) -> None:
    page.wait_for_function(
        "([text, after]) => [...document.querySelectorAll('#play-announce p')]"
        ".slice(after).some(p => p.textContent === text)",
        arg=[text, after],
    )


def focus_on_the_hand(page: Page) -> None:
    page.wait_for_function(
        "() => document.activeElement !== document.body"
        " && document.activeElement.closest('[data-own-hand]') !== null"
    )


@pytest.mark.parametrize("slug", ["tiles", "cards"])
def test_a_request_and_its_answers_are_said_and_the_focus_goes_on_to_the_hand(
    new_page, slug: str
) -> None:
    host = new_page(locale="en-GB")
    open_room(host, slug)
    guest = new_page(locale="pt-PT")
    guest.goto(host.url)
    guest.locator("#board [data-own-hand]").wait_for()
    expect(host.locator("#play-new")).to_be_enabled()  # the friend is here
    asks = words("pt", "Your friend asks for a new round.")
    waiting = "You asked for a new round. Waiting for your friend to agree…"

    # Asked during the round: only the panel above the board says it.
    host_at, guest_at = len(said(host)), len(said(guest))
    host.locator("#play-new").click()
    hears(guest, asks, guest_at)
    hears(host, waiting, host_at)

    # Declined by the keyboard on the panel.
    host_at, guest_at = len(said(host)), len(said(guest))
    guest.locator("#play-decline").focus()
    guest.keyboard.press("Enter")
    hears(guest, words("pt", "The new round was declined."), guest_at)
    hears(host, "The new round was declined.", host_at)
    expect(guest.locator("#play-consent")).to_be_hidden()
    focus_on_the_hand(guest)

    # Asked again, said again; started by the keyboard on the panel.
    host_at, guest_at = len(said(host)), len(said(guest))
    host.locator("#play-new").click()
    hears(guest, asks, guest_at)
    guest.locator("#play-accept").focus()
    guest.keyboard.press("Enter")
    hears(guest, words("pt", "The new round has begun."), guest_at)
    hears(host, "The new round has begun.", host_at)
    expect(guest.locator("#play-consent")).to_be_hidden()
    focus_on_the_hand(guest)
