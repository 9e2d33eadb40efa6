"""An online room's page around the game: a tab replaced by another of its seat, the
invite (the host's, while seat 2 is free), the "room is full" page while it is not,
and a request for a new round that ends when its page closes."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import play_pages
from tests.e2e.test_tiles_fits_screen import SCREENS

pytestmark = pytest.mark.e2e


def create_room(new_page) -> tuple[Page, str]:
    host = new_page()
    play_pages.open_room(host)
    expect(host.locator("#play-presence")).to_contain_text("You are Player 1")
    return host, host.url


def shot(page: Page, name: str) -> None:
    play_pages.picture(page, name, full_page=True)


def test_a_replaced_tab_says_only_that_and_can_take_the_seat_back(new_page) -> None:
    host, url = create_room(new_page)
    guest = play_pages.join(new_page, url)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    guest.locator("#play-new").click()
    expect(host.locator("#play-consent-text")).to_have_text("Your friend asks for a new round.")

    second = host.context.new_page()
    second.goto(url)
    expect(second.locator("#play-presence")).to_contain_text("You are Player 1")

    # The first tab says what happened, and nothing else of it acts or speaks.
    expect(host.locator("#play-stopped-text")).to_have_text(
        "This seat was opened in another tab. This tab has stopped."
    )
    for part in ("#play-presence", "#play-new", "#play-consent", "#play-invite", "#board"):
        expect(host.locator(part)).to_be_hidden()
    expect(host.locator("#play-status")).to_be_empty()
    expect(host.locator("#play-announce p").last).to_have_text(  # the last words said
        "This seat was opened in another tab. This tab has stopped."
    )
    retake = host.get_by_role("button", name="Play in this tab")
    expect(retake).to_be_visible()
    shot(host, "replaced-tab.png")
    # It never reconnects: the new tab keeps the seat.
    host.wait_for_timeout(3000)
    expect(second.locator("#play-stopped")).to_be_hidden()
    expect(second.locator("#play-consent-text")).to_have_text("Your friend asks for a new round.")

    retake.click()
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    expect(host.locator("#board")).to_be_visible()
    expect(second.locator("#play-stopped-text")).to_contain_text("opened in another tab")
    expect(second.locator("#play-new")).to_be_hidden()


PHONE, SMALL_PHONE, DESKTOP = (SCREENS[s]["viewport"] for s in ("phone", "small-phone", "desktop"))
# What a replaced tab says, its button, and what the button does, in each language.
REPLACED = {
    "en": (
        "This seat was opened in another tab. This tab has stopped.",
        "Play in this tab",
        "The seat comes back to this tab, and the other tab stops.",
    ),
    "ru": (
        "Это место открыто в другой вкладке. Эта вкладка остановлена.",
        "Играть в этой вкладке",
        "Место вернётся в эту вкладку, а другая вкладка остановится.",
    ),
    "pt": (
        "Este lugar foi aberto noutro separador. Este separador parou.",
        "Jogar neste separador",
        "O lugar volta para este separador, e o outro separador para.",
    ),
}


@pytest.mark.parametrize(
    ("game", "language", "viewport"),
    [
        ("tiles", "en", PHONE),
        ("tiles", "pt", SMALL_PHONE),
        ("cards", "ru", PHONE),
        ("tarot", "pt", DESKTOP),
        ("tarot", "ru", SMALL_PHONE),
    ],
    ids=str,
)
def test_a_replaced_tab_says_what_happened_and_what_its_button_does(
    new_page, game, language, viewport
) -> None:
    host = new_page(viewport=viewport, extra_http_headers={"Accept-Language": language})
    play_pages.open_room(host, game)
    # The host's socket first (under load its hello may come after the second tab's,
    # which would then be the one replaced).
    expect(host.locator("#play-presence")).to_have_attribute("data-seat", "1")
    second = host.context.new_page()
    second.goto(host.url)
    expect(second.locator("#play-presence")).to_have_attribute("data-seat", "1")

    said, button, note = REPLACED[language]
    expect(host.locator("#play-stopped-text")).to_have_text(said)
    expect(host.get_by_role("button", name=button)).to_be_visible()
    expect(host.get_by_text(note)).to_be_visible()
    expect(host.locator("#board")).to_be_hidden()
    shot(host, f"replaced-{game}-{language}-{viewport['width']}.png")
    host.get_by_role("button", name=button).click()
    expect(host.locator("#play-presence")).to_have_attribute("data-seat", "1")
    expect(host.locator("#play-stopped-text")).to_be_hidden()
    expect(second.locator("#play-stopped-text")).to_have_text(said)


def test_the_invite_is_shown_only_to_the_host_while_seat_2_is_free(new_page) -> None:
    host, url = create_room(new_page)
    expect(host.get_by_role("button", name="Copy invite")).to_be_visible()
    guest = play_pages.join(new_page, url)
    expect(guest.locator("#play-presence")).to_contain_text("Both players are here.")
    expect(guest.locator("#play-invite")).to_be_hidden()
    expect(host.locator("#play-invite")).to_be_hidden()

    # The host is away: the guest waits, and has no invite to send.
    host_context = host.context
    host.close()
    expect(guest.locator("#play-presence")).to_contain_text("Waiting for your friend to connect")
    expect(guest.get_by_text("Invite link: send it to your friend")).to_be_hidden()
    expect(guest.get_by_role("button", name="Copy invite")).to_be_hidden()
    shot(guest, "guest-host-away.png")

    # Seat 2 is taken for good: the host, back while the guest is away, has none either.
    guest.close()
    host = host_context.new_page()
    host.goto(url)
    expect(host.locator("#play-presence")).to_contain_text("Waiting for your friend to connect")
    expect(host.get_by_role("button", name="Copy invite")).to_have_count(0)


def test_the_full_page_sends_a_visitor_to_the_room_while_seat_2_is_free(new_page) -> None:
    host, url = create_room(new_page)

    visitor = new_page()
    visitor.goto(url + "full/")

    visitor.wait_for_url(url)
    expect(visitor.locator("#play-presence")).to_contain_text("You are Player 2")
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    late = new_page()
    late.goto(url + "full/")
    expect(late.get_by_role("heading", name="This room is full")).to_be_visible()


def test_a_request_for_a_new_round_ends_when_its_page_closes(new_page) -> None:
    host, url = create_room(new_page)
    guest = play_pages.join(new_page, url)
    host.locator("#play-new").click()
    expect(guest.locator("#play-consent-text")).to_have_text("Your friend asks for a new round.")

    host_context = host.context
    host.close()
    expect(guest.locator("#play-message")).to_have_text(
        "Your friend left, so their request was withdrawn."
    )
    expect(guest.locator("#play-consent")).to_be_hidden()
    shot(guest, "request-withdrawn.png")

    # Back, the host has no request standing; asking again is shown to the guest again.
    host = host_context.new_page()
    host.goto(url)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    expect(host.locator("#play-consent")).to_be_hidden()
    host.locator("#play-new").click()
    expect(guest.locator("#play-consent-text")).to_have_text("Your friend asks for a new round.")
    expect(guest.locator("#play-message")).to_be_empty()


def asks_for_a_new_round(host: Page, new_page) -> Page:
    """Open a room in `host`, let a guest join and the host ask for a new round, which
    the guest is shown; the guest's page."""
    play_pages.open_room(host)
    guest = play_pages.join(new_page, host.url)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    host.locator("#play-new").click()
    expect(guest.locator("#play-consent-text")).to_have_text("Your friend asks for a new round.")
    return guest


def test_a_page_whose_connection_drops_says_its_request_ended_once_back(new_page) -> None:
    host = new_page()
    # The page's socket, passed on to the server as it is.
    sockets, _ = play_pages.relay(host, "", lambda number: False)
    guest = asks_for_a_new_round(host, new_page)

    # A network blip: both ends of the host's socket close, and the page reconnects.
    page_side, server_side = sockets[-1]
    server_side.close()
    page_side.close(code=1001)

    expect(guest.locator("#play-message")).to_have_text(
        "Your friend left, so their request was withdrawn."
    )
    expect(host.locator("#play-message")).to_have_text(
        "Your request ended while you were disconnected."
    )
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    expect(host.locator("#play-consent")).to_be_hidden()
    expect(guest.locator("#play-consent")).to_be_hidden()
    assert len(sockets) == 2
    shot(host, "request-ended.png")


def test_a_request_whose_answer_the_drop_cut_off_is_said_to_have_ended(new_page) -> None:
    host = new_page()
    # Once the host asked, its first socket hears nothing more.
    sockets, asked = play_pages.relay(host, "new_round", lambda number: number == 0 and bool(asked))
    # The server has the request (the friend sees it); its answer never reaches the host.
    guest = asks_for_a_new_round(host, new_page)
    expect(host.locator("#play-consent")).to_be_hidden()

    page_side, server_side = sockets[-1]
    server_side.close()
    page_side.close(code=1001)

    expect(guest.locator("#play-message")).to_have_text(
        "Your friend left, so their request was withdrawn."
    )
    expect(host.locator("#play-message")).to_have_text(
        "Your request ended while you were disconnected."
    )
    expect(host.locator("#play-consent")).to_be_hidden()
    assert len(sockets) == 2
