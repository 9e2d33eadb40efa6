"""axe-core finds no violation, of any impact, in the states a player reaches (issue 45):
the hand-over cover, mid-game, a refusal, a result, the replay, the room-gone page, an
online room mid-game with a watcher, the watcher's page and the seat-move panel, on a
small phone (360×640) and a desktop (1280×800), light and dark. axe is served from the
test (axe_playwright_python injects it), not by the site."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.play_pages import open_room, save_token, wait_until_idle
from tests.e2e.test_accessibility import violations
from tests.e2e.test_replay import finished_game

pytestmark = pytest.mark.e2e

SCREENS = [
    ({"width": 360, "height": 640}, "light"),
    ({"width": 360, "height": 640}, "dark"),
    ({"width": 1280, "height": 800}, "light"),
    ({"width": 1280, "height": 800}, "dark"),
]


def check(page: Page, state: str, problems: dict[str, list[str]]) -> None:
    found = violations(page)
    if found:
        problems[state] = found


@pytest.mark.parametrize(("viewport", "scheme"), SCREENS)
def test_every_state_of_a_game_on_one_device_has_no_violation(
    new_page, viewport: dict, scheme: str
) -> None:
    page = new_page(viewport=viewport, color_scheme=scheme)
    problems: dict[str, list[str]] = {}
    page.goto("/tiles/local/")
    expect(page.locator("#play-cover")).to_be_visible()
    check(page, "cover", problems)
    page.locator("#play-reveal").click()
    check(page, "mid-game", problems)
    page.evaluate("() => window.Play.send({type: 'no such action'}).catch(() => {})")
    wait_until_idle(page)
    expect(page.locator("#play-message")).not_to_be_empty()
    check(page, "refusal", problems)

    save_token(page, "play:cards:computer:token", finished_game("cards"))
    page.goto("/cards/computer/")
    expect(page.locator(".cards-result")).to_be_visible()
    check(page, "result", problems)
    page.locator("#play-replay button").click()
    page.wait_for_url("**/replays/**")
    page.locator('[data-replay="forward"]').click()
    expect(page.locator("#play-announce p").last).to_be_attached()
    check(page, "replay", problems)

    page.goto("/r/GONE1234GONE1234GONE1234/")
    check(page, "room gone", problems)

    assert not problems


@pytest.mark.parametrize(("viewport", "scheme"), SCREENS)
def test_every_state_of_an_online_room_has_no_violation(
    new_page, viewport: dict, scheme: str
) -> None:
    host = new_page(viewport=viewport, color_scheme=scheme)
    problems: dict[str, list[str]] = {}
    open_room(host, "tarot")
    guest = new_page(viewport=viewport, color_scheme=scheme)
    guest.goto(host.url)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    watcher = new_page(viewport=viewport, color_scheme=scheme)
    watcher.goto(host.url + "watch/")
    watcher.locator(".tarot-board").wait_for(state="attached")
    expect(host.locator("#play-watchers")).to_be_visible()
    # The host's first card, pushed to the guest and the watcher.
    host.locator(".tarot-hand .card[data-legal]").first.click()
    host.locator('.tarot-actions [data-action="play"]').click()
    expect(guest.locator(".tarot-last")).to_be_visible()
    expect(watcher.locator(".tarot-last")).to_be_visible()
    check(host, "online mid-game", problems)
    check(watcher, "watching", problems)
    host.locator("#play-move-button").click()
    expect(host.locator("#play-move svg")).to_be_visible()
    check(host, "seat-move panel", problems)

    assert not problems
