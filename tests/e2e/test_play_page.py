"""The play page in a real browser (Chromium via Playwright) with the counter game:
the hot-seat cover, saves restored on reload, the level picker, a second tab of a
saved game (the older tab stops), an online room with the invite, the full room, a
replaced tab and a new round by consent (a declined one forgotten at the next request),
and the hint's rate limit in its own words (rummy's board).

The daphne process has its own SQLite file and the in-memory channel layer, so this
needs neither the test database nor Redis.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.live_server import DaphneProcess, migrate, server_env

pytestmark = pytest.mark.e2e

playwright = pytest.importorskip("playwright.sync_api")
CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing")
    env = server_env(
        f"sqlite:///{tmp_path_factory.mktemp('play') / 'db.sqlite3'}",
        "play-page-test-key-" + "x" * 40,
        settings_module="tests.counter_game.settings",
        keep_redis=False,
        DEBUG="1",
        LOG_LEVEL="WARNING",
    )
    migrate(env)
    server = DaphneProcess(env, seconds=20)
    yield server.url
    server.stop(seconds=5)


def run_in_browser(server: str, scenario: Callable[[Callable[..., Any]], None]) -> None:
    """Run `scenario(new_page)` with a Chromium of its own, in a thread of its own:
    Playwright's sync API will not start in a thread where another Playwright (the
    e2e tests' session browser) is already running."""
    outcome: dict[str, BaseException] = {}

    def work() -> None:
        try:
            with playwright.sync_playwright() as driver:
                browser = driver.chromium.launch(
                    executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
                )
                errors: list[str] = []

                def new_page(phone: bool = False) -> Any:
                    size = (
                        {"width": 390, "height": 800} if phone else {"width": 1200, "height": 800}
                    )
                    context = browser.new_context(base_url=server, viewport=size)
                    context.set_default_timeout(10_000)
                    page = context.new_page()
                    page.on("pageerror", lambda error: errors.append(str(error)))
                    return page

                try:
                    scenario(new_page)
                finally:
                    browser.close()
                assert not errors, errors
        except BaseException as error:  # re-raised in the test's own thread
            outcome["error"] = error

    thread = threading.Thread(target=work)
    thread.start()
    thread.join(120)
    if "error" in outcome:
        raise outcome["error"]


def in_browser(scenario: Callable[[Callable[..., Any]], None]) -> Callable[[str], None]:
    """Turn `scenario(new_page)` into a test that runs it against the server."""

    def test(server: str) -> None:
        run_in_browser(server, scenario)

    test.__name__, test.__doc__ = scenario.__name__, scenario.__doc__
    return test


@in_browser
def test_the_hot_seat_cover_hides_the_board_until_the_next_player_reveals_it(new_page):
    expect = playwright.expect
    page = new_page(phone=True)
    page.goto("/counter/local/")

    expect(page.locator("#play-cover-text")).to_have_text("Pass the device to Player 1")
    expect(page.locator(".counter-board")).to_be_hidden()
    page.get_by_role("button", name="Show Player 1's cards").click()
    expect(page.locator("#play-status")).to_have_text("Player 1 to play")
    page.locator("[data-add='3']").click()

    expect(page.locator("#play-cover-text")).to_have_text("Pass the device to Player 2")
    page.locator("#play-reveal").click()
    expect(page.locator(".counter-total")).to_have_text("3 / 21")

    page.reload()
    expect(page.locator("#play-cover")).to_be_visible()
    page.locator("#play-reveal").click()
    expect(page.locator(".counter-total")).to_have_text("3 / 21")


@in_browser
def test_the_computer_replies_and_the_level_is_kept_with_the_game(new_page):
    expect = playwright.expect
    page = new_page()
    page.goto("/counter/computer/")
    expect(page.locator(".counter-total")).to_have_text("0 / 21")
    page.locator("[data-add='1']").click()
    # Changed at once, while the move is in flight: the move must not be lost.
    page.select_option("#play-level", "strong")
    expect(page.locator(".counter-total")).not_to_have_text(re.compile(r"^[01] / 21$"))
    page.wait_for_function("() => !window.Play.busy")  # a function: polled code runs under the CSP
    expect(page.locator(".counter-total")).not_to_have_text(re.compile(r"^[01] / 21$"))
    expect(page.locator("#play-status")).to_have_text("Your turn")
    total = page.locator(".counter-total").inner_text()

    expect(page.locator(".counter-total")).to_have_text(total)
    page.reload()

    expect(page.locator(".counter-total")).to_have_text(total)
    expect(page.locator("#play-level")).to_have_value("strong")
    # The local game is saved separately.
    page.goto("/counter/local/")
    page.locator("#play-reveal").click()
    expect(page.locator(".counter-total")).to_have_text("0 / 21")


STALE_TAB = (
    "This game was opened or played on in another tab. This tab has stopped: "
    "reload it to pick up the current game."
)


def expect_stopped(page: Any) -> None:
    """The tab says only that another tab has the game, and takes no more input."""
    expect = playwright.expect
    expect(page.locator("#play-message")).to_have_text(STALE_TAB)
    expect(page.locator("#play-area")).to_have_attribute("inert", "")
    expect(page.locator("#play-new")).to_be_disabled()
    expect(page.locator("#play-status")).to_have_text("")


@in_browser
def test_a_second_tab_of_a_computer_game_stops_the_first_at_once(new_page):
    expect = playwright.expect
    first = new_page()
    first.goto("/counter/computer/")
    expect(first.locator(".counter-total")).to_have_text("0 / 21")
    first.locator("[data-add='2']").click()
    expect(first.locator(".counter-total")).not_to_have_text("0 / 21")
    first.wait_for_function("() => !window.Play.busy")
    total = first.locator(".counter-total").inner_text()

    second = first.context.new_page()
    second.goto("/counter/computer/")

    # The second tab picks up the newest save; the first is told and stops.
    expect(second.locator(".counter-total")).to_have_text(total)
    expect_stopped(first)
    expect(first.locator("#play-level")).to_be_disabled()
    first.locator("[data-add='1']").click(force=True)  # inert: nothing happens
    expect(first.locator(".counter-total")).to_have_text(total)
    second.locator("[data-add='1']").click()
    expect(second.locator(".counter-total")).not_to_have_text(total)
    expect(second.locator("#play-status")).to_have_text("Your turn")
    second.select_option("#play-level", "strong")  # the level still changes the same game
    second.wait_for_function("() => !window.Play.busy")
    now = second.locator(".counter-total").inner_text()
    assert now != total

    first.reload()
    expect(first.locator(".counter-total")).to_have_text(now)
    expect(first.locator("#play-level")).to_have_value("strong")
    expect(second.locator("#play-message")).to_have_text(STALE_TAB)


@in_browser
def test_a_second_tab_of_a_hot_seat_game_stops_the_first_behind_its_cover(new_page):
    expect = playwright.expect
    first = new_page()
    first.goto("/counter/local/")
    expect(first.locator("#play-cover-text")).to_have_text("Pass the device to Player 1")

    second = first.context.new_page()
    second.goto("/counter/local/")

    expect_stopped(first)
    # The hand stays covered, and the cover no longer offers to show it.
    expect(first.locator("#play-cover")).to_be_visible()
    expect(first.locator("#play-cover-text")).to_have_text("")
    expect(first.locator("#play-reveal")).to_be_hidden()
    second.locator("#play-reveal").click()
    expect(second.locator(".counter-total")).to_have_text("0 / 21")


@in_browser
def test_a_tab_that_missed_the_other_tabs_move_is_refused_by_the_server(new_page):
    """Without the storage event (as in a browser that keeps nothing) the server refuses
    the older tab's move: it cannot peek in one tab and take the move back in another."""
    expect = playwright.expect
    first = new_page()
    # Capture listeners at the target run first: play.js never hears of the other tab.
    first.add_init_script(
        "window.addEventListener('storage', (e) => e.stopImmediatePropagation(), true)"
    )
    first.goto("/counter/local/")
    first.locator("#play-reveal").click()
    expect(first.locator(".counter-total")).to_have_text("0 / 21")

    second = first.context.new_page()
    second.goto("/counter/local/")
    second.locator("#play-reveal").click()
    second.locator("[data-add='3']").click()
    expect(second.locator("#play-cover-text")).to_have_text("Pass the device to Player 2")
    expect(first.locator("#play-message")).to_have_text("")

    first.locator("[data-add='1']").click()

    expect_stopped(first)
    expect(first.locator(".counter-total")).to_have_text("0 / 21")
    second.locator("#play-reveal").click()
    expect(second.locator(".counter-total")).to_have_text("3 / 21")
    first.reload()
    first.locator("#play-reveal").click()
    expect(first.locator(".counter-total")).to_have_text("3 / 21")
    expect(first.locator("#play-status")).to_have_text("Player 2 to play")


@in_browser
def test_friends_play_online_with_tabs_a_full_room_and_a_new_round(new_page):
    expect = playwright.expect
    host = new_page()
    host.goto("/counter/friend/")
    host.get_by_role("button", name="Create a room").click()
    host.wait_for_url("**/r/*/")
    invite = host.locator("#play-invite-link").input_value()
    expect(host.locator("#play-presence")).to_contain_text("Waiting for your friend to connect")
    # A new round needs the friend; the status line does not repeat the presence line.
    expect(host.locator("#play-new")).to_be_disabled()
    expect(host.locator("#play-status")).not_to_contain_text("Waiting for your friend to connect")

    guest = new_page(phone=True)
    guest.goto(invite)
    expect(guest.locator("#play-presence")).to_contain_text("You are Player 2")
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    expect(host.locator("#play-invite")).to_be_hidden()
    host.locator("[data-add='2']").click()
    expect(guest.locator(".counter-total")).to_have_text("2 / 21")

    stranger = new_page()
    stranger.goto(invite)
    stranger.wait_for_url("**/full/")
    expect(stranger.locator("h1")).to_have_text("This room is full")

    second_tab = guest.context.new_page()
    second_tab.goto(invite)
    expect(second_tab.locator("#play-presence")).to_contain_text("You are Player 2")
    expect(guest.locator("#play-stopped-text")).to_contain_text("opened in another tab")
    second_tab.locator("[data-add='1']").click()
    expect(host.locator(".counter-total")).to_have_text("3 / 21")

    # The player who asked may cancel; the friend is told, and the message goes once
    # the game moves on.
    host.locator("#play-new").click()
    expect(host.locator("#play-decline")).to_have_text("Cancel the request")
    expect(second_tab.locator("#play-decline")).to_have_text("Decline")
    host.locator("#play-decline").click()
    expect(second_tab.locator("#play-message")).to_contain_text("Your friend took back the request")
    expect(host.locator("#play-message")).to_be_empty()
    host.locator("[data-add='1']").click()
    expect(second_tab.locator("#play-message")).to_be_empty()

    host.locator("#play-new").click()
    expect(second_tab.locator("#play-consent-text")).to_have_text(
        "Your friend asks for a new round."
    )
    second_tab.locator("#play-accept").click()
    expect(host.locator(".counter-total")).to_have_text("0 / 21")
    expect(host.locator("#play-status")).to_have_text("Waiting for your friend to play")
    expect(second_tab.locator("#play-status")).to_have_text("Your turn")


@in_browser
def test_a_declined_round_is_old_news_once_a_new_request_comes(new_page):
    expect = playwright.expect
    host = new_page()
    host.goto("/counter/friend/")
    host.get_by_role("button", name="Create a room").click()
    host.wait_for_url("**/r/*/")
    guest = new_page()
    guest.goto(host.locator("#play-invite-link").input_value())
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    host.locator("[data-add='2']").click()
    expect(guest.locator(".counter-total")).to_have_text("2 / 21")

    host.locator("#play-new").click()
    expect(guest.locator("#play-decline")).to_have_text("Decline")
    guest.locator("#play-decline").click()
    for page in (host, guest):
        expect(page.locator("#play-message")).to_have_text("The new round was declined.")

    guest.locator("#play-new").click()

    expect(host.locator("#play-consent-text")).to_have_text("Your friend asks for a new round.")
    expect(guest.locator("#play-consent-text")).to_have_text(
        "You asked for a new round. Waiting for your friend to agree…"
    )
    for page in (host, guest):
        expect(page.locator("#play-message")).to_be_empty()


@in_browser
def test_too_many_hints_are_refused_on_the_board_in_words_about_hints(new_page):
    """This module's server has its own throttle counts, so using up the minute's hints
    here leaves the other browser tests' hints alone."""
    expect = playwright.expect
    page = new_page()
    page.goto("/cards/computer/")
    expect(page.get_by_role("button", name="Hint")).to_be_enabled()
    statuses = page.evaluate(
        """async () => {
            const csrf = document.getElementById("play").dataset.csrf;
            const asked = [];
            // Until refused: a minute that ends meanwhile starts counting again.
            while (asked.length < 100 && !asked.includes(429)) {
                const answer = await fetch("/cards/hint/", {
                    method: "POST",
                    headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
                    body: "{}",
                });
                asked.push(answer.status);
            }
            return asked;
        }"""
    )
    assert statuses[-1] == 429

    page.get_by_role("button", name="Hint").click()

    expect(page.locator(".cards-message")).to_have_text(
        "You asked for too many hints in a short time. Wait a moment and ask again."
    )


@in_browser
def test_a_save_survives_a_reload_that_cannot_reach_the_server(new_page):
    expect = playwright.expect
    page = new_page()
    page.goto("/counter/computer/")
    page.locator("[data-add='3']").click()
    expect(page.locator(".counter-total")).not_to_have_text(re.compile(r"^[03] / 21$"))
    page.wait_for_function("() => !window.Play.busy")
    total = page.locator(".counter-total").inner_text()

    page.route("**/play/counter/computer/show", lambda route: route.abort())
    page.reload()
    unreachable = "The server could not be reached. Try again."
    expect(page.locator("#play-message")).to_have_text(unreachable)
    page.unroute("**/play/counter/computer/show")
    page.reload()

    expect(page.locator(".counter-total")).to_have_text(total)
