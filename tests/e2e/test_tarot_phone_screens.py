"""Tarot on a phone, as a new player meets it: every card of the hand, the player's own
stacks and "Play card" are on screen at once with nothing to scroll inside, online too;
the round's result names the player of every figure on every screen, in every
language."""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import Page, TimeoutError, expect

from tests.e2e import play_pages
from tests.e2e.live_database import LiveDatabase
from tests.e2e.play_pages import picture
from tests.e2e.tarot_pages import open_saved_game, seal_round
from tests.e2e.test_replay import finish_room_round
from tests.e2e.test_tiles_fits_screen import SCREENS

pytestmark = pytest.mark.e2e

KEY = "play:tarot:computer:token"


# Between the two: a phone a little taller than the small one.
MID_PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}


def on_screen_page(new_page, screen: str, language: str) -> Page:
    headers = {"Accept-Language": language}
    options = MID_PHONE if screen == "mid-phone" else SCREENS[screen]
    return new_page(**options, extra_http_headers=headers)


def seen_whole(page: Page, selector: str) -> list[str]:
    """What is wrong with each element of `selector`: not wholly on the screen, scrolled
    out of a box around it, or covered by something else at one of its corners."""
    return page.locator(selector).evaluate_all(
        """elements => elements.flatMap((element) => {
          const box = element.getBoundingClientRect();
          const name = element.dataset.code || element.textContent.trim();
          if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth)
            return [`${name}: off the screen ${JSON.stringify(box)}`];
          for (let up = element.parentElement; up; up = up.parentElement) {
            const clip = getComputedStyle(up).overflowY;
            if (clip === "visible") continue;
            const outer = up.getBoundingClientRect();
            if (box.top < outer.top - 1 || box.bottom > outer.bottom + 1)
              return [`${name}: hidden inside ${up.className}`];
          }
          const corners = [[box.left + 6, box.top + 6], [box.right - 6, box.bottom - 6],
                           [box.left + 6, box.bottom - 6], [box.right - 6, box.top + 6]];
          // A hand card's right part lies under the next card: its left corners show.
          const inHand = element.parentElement.matches(".tarot-hand");
          const own = inHand ? [corners[0], corners[2]] : corners;
          for (const [x, y] of own) {
            const top = document.elementFromPoint(x, y);
            if (!top || !(element === top || element.contains(top)))
              return [`${name}: covered at ${x},${y} by ${top && top.className}`];
          }
          return [];
        })"""
    )


def hand_stacks_and_play_are_all_seen(page: Page) -> None:
    assert seen_whole(page, ".tarot-hand button.card") == []
    assert seen_whole(page, ".tarot-side.is-mine .tarot-stack > .card") == []
    assert seen_whole(page, '.tarot-actions [data-action="play"]') == []
    # Once the board has settled (online, a resync after the reload may draw it again:
    # a clean clone once measured the hand 6 px over in that moment, never since).
    scrolls = "() => [...document.querySelectorAll('.tarot-hand, .tarot-table')]"
    scrolls += ".map(b => b.scrollHeight - b.clientHeight)"
    with contextlib.suppress(TimeoutError):
        page.wait_for_function(f"() => Math.max(...({scrolls})()) <= 1", timeout=3000)
    inner = page.evaluate(scrolls)
    assert max(inner) <= 1, f"something scrolls inside the hand or the table: {inner}"
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize("screen", ["small-phone", "mid-phone", "phone"])
def test_every_card_of_the_hand_the_stacks_and_play_card_are_on_screen(
    new_page, screen: str, language: str
) -> None:
    page = on_screen_page(new_page, screen, language)
    open_saved_game(page, "/tarot/computer/", KEY, seal_round(0))
    page.locator(".tarot-board.is-playing").wait_for(state="attached")
    expect(page.locator(".tarot-hand button.card")).to_have_count(21)
    picture(page, f"tarot-{screen}-{language}-hand")
    hand_stacks_and_play_are_all_seen(page)
    # Mid-round: a trick on the table, the last one taken beside it, a card turned up.
    open_saved_game(page, "/tarot/computer/", KEY, seal_round(9))
    page.locator(".tarot-board.is-playing").wait_for(state="attached")
    expect(page.locator(".tarot-trick .card")).not_to_have_count(0)
    picture(page, f"tarot-{screen}-{language}-mid-round")
    hand_stacks_and_play_are_all_seen(page)


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
def test_online_on_a_small_phone_the_whole_hand_and_play_card_are_on_screen(
    new_page, language: str
) -> None:
    host = on_screen_page(new_page, "small-phone", language)
    host.goto("/tarot/friend/")
    host.locator("main form button.button-primary").click()
    host.wait_for_url("**/r/*/")
    host.locator(".tarot-board.is-playing").wait_for(state="attached")
    # Alone in the room: the invite box is shown, and the hand stays on screen.
    expect(host.locator("#play-invite")).to_be_visible()
    picture(host, f"tarot-small-phone-{language}-online-invite")
    hand_stacks_and_play_are_all_seen(host)
    guest = on_screen_page(new_page, "small-phone", language)
    guest.goto(host.locator("#play-invite-link").input_value())
    expect(host.locator("#play-invite")).to_be_hidden()
    picture(host, f"tarot-small-phone-{language}-online")
    hand_stacks_and_play_are_all_seen(host)
    # The names on the opponent's side and the presence line are not cut short.
    for selector in (".tarot-side.is-theirs .side-won summary", "#play-presence"):
        cut = host.locator(selector).evaluate(
            "e => Math.max(e.scrollWidth - e.clientWidth, e.scrollHeight - e.clientHeight)"
        )
        assert cut <= 1, (selector, cut)


@pytest.mark.parametrize("language", ["en", "ru", "pt"])
@pytest.mark.parametrize("screen", ["small-phone", "phone", "desktop"])
def test_every_figure_of_the_round_result_is_under_its_player(
    new_page, screen: str, language: str
) -> None:
    page = on_screen_page(new_page, screen, language)
    open_saved_game(page, "/tarot/computer/", KEY, seal_round(0, finish=True))
    table = page.locator(".tarot-breakdown")
    expect(table).to_be_visible()
    table.scroll_into_view_if_needed()
    picture(page, f"tarot-{screen}-{language}-result")
    heads = table.locator("thead th")
    # Player 1 (this seat, below) first, then the computer: the names of the table's sides.
    names = [
        page.locator(f".tarot-side.is-{side} .side-name").inner_text()
        for side in ("mine", "theirs")
    ]
    expect(heads).to_have_text(names)
    for head in heads.all():
        expect(head).to_be_visible()
    # Each figure sits in its player's column: under that player's name, in the same
    # order, never the other player's.
    columns = table.evaluate(
        """t => [...t.querySelectorAll("thead th")].map(h => h.getBoundingClientRect())
                 .map(h => [h.left, h.right])"""
    )
    cells = table.evaluate(
        """t => [...t.querySelectorAll("tbody tr")].map(row =>
             [...row.querySelectorAll("td")].map(c => {
               const box = c.getBoundingClientRect();
               return [box.left, box.right, box.width > 0 && box.height > 0];
             }))"""
    )
    assert len(columns) == 2
    assert columns[0][1] <= columns[1][0], "player 1 comes first"
    for row in cells:
        assert len(row) == 2
        for (left, right, shown), (head_left, head_right) in zip(row, columns, strict=True):
            assert shown
            assert left < head_right, (row, columns)
            assert right > head_left, (row, columns)


@pytest.mark.parametrize(
    ("screen", "language"),
    [
        ("phone", "en"),
        ("phone", "pt"),
        ("small-phone", "en"),
        ("small-phone", "ru"),
        ("small-phone", "pt"),
    ],
)
def test_online_mid_round_the_whole_table_fits_the_phone_as_against_the_computer(
    new_page, live_db: LiveDatabase, screen: str, language: str
) -> None:
    host = on_screen_page(new_page, screen, language)
    play_pages.open_room(host, "tarot")
    code = host.url.rstrip("/").rsplit("/", 1)[1]
    play_pages.join(new_page, host.url)
    live_db.run(finish_room_round, code, 10)
    host.reload()
    host.locator(".tarot-board.is-playing").wait_for(state="attached")  # the host's turn
    # Both players here (not "Connecting…" nor "Waiting for your friend to connect…",
    # a longer line while the socket reconnects after the reload).
    expect(host.locator("#play-presence")).not_to_contain_text("…")
    picture(host, f"tarot-{screen}-{language}-online-mid-round")
    # The friend's name at the top, one's own stacks and their counts at the bottom: all
    # on screen, nothing of the table scrolled away inside its box.
    assert seen_whole(host, ".tarot-side.is-theirs .side-name") == []
    assert seen_whole(host, ".tarot-side.is-mine .stack-count") == []
    hand_stacks_and_play_are_all_seen(host)
