"""Watching a full room (issue 25, rooms/online/watchers.py): a third visitor of a tile
rummy room is offered to watch, sees the moves and no rack, has no controls, and the
players see how many watch, in their own language. Pictures (E2E_PICTURES): the watcher
on a phone and on a desktop, in English and in Russian, and a player's line."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e import play_pages
from tests.e2e.live_database import LiveDatabase
from tests.e2e.test_replay import finish_room_round
from tests.e2e.test_tiles_fits_screen import SCREENS, inside_viewport
from tests.e2e.tiles_pages import board_data, wait_for_turn

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def watch(new_page, invite: str, viewport: dict, locale: str, picture: str) -> Page:
    """A visitor of the full room, who takes its offer to watch."""
    page = new_page(viewport=viewport, locale=locale)
    page.goto(invite)
    expect(page.locator("#full-watch")).to_be_visible()
    play_pages.picture(page, picture)
    page.locator("#full-watch").click()
    page.wait_for_url("**/watch/")
    page.locator(".tiles-board").wait_for(state="attached")
    return page


def test_a_visitor_of_a_full_room_watches_the_moves_without_seeing_a_rack(
    new_page, live_server_url: str
) -> None:
    host = new_page(viewport=DESKTOP)
    host.goto("/tiles/friend/")
    host.get_by_role("button", name="Create a room").click()
    host.wait_for_url("**/r/*/")
    invite = host.locator("#play-invite-link").input_value()
    guest = new_page(viewport=PHONE, locale="ru-RU")
    guest.goto(invite)
    guest.locator(".tiles-board").wait_for(state="attached")
    wait_for_turn(host, editable=True)

    watcher = watch(new_page, invite, PHONE, "en-US", "watch-full-phone-en")

    expect(watcher.locator("#play-watching")).to_contain_text("Watching")
    assert board_data(watcher)["seat"] is None
    assert not board_data(watcher)["editable"]
    expect(watcher.locator(".tiles-rack .tile")).to_have_count(0)
    expect(watcher.locator("#play-new")).to_be_hidden()
    expect(watcher.locator("#play-presence")).to_be_hidden()
    expect(watcher.get_by_role("button", name="Draw")).to_have_count(0)
    expect(host.locator("#play-watchers")).to_have_text("1 watching")
    expect(guest.locator("#play-watchers")).to_have_text("1 зритель")
    expect(watcher.locator("#play-status")).to_contain_text("Player 1 to play")

    # A move shows on the watcher's board.
    pool = watcher.locator('[data-count="pool"]').inner_text()
    host.get_by_role("button", name="Draw").click()
    expect(watcher.locator('[data-count="pool"]')).not_to_have_text(pool)
    expect(watcher.locator("#play-status")).to_contain_text("Player 2 to play")
    expect(watcher.locator(".tiles-rack .tile")).to_have_count(0)
    play_pages.picture(watcher, "watch-tiles-phone-en")

    # A second watcher, in Russian, on a desktop; the players' count follows.
    russian = watch(new_page, invite, DESKTOP, "ru-RU", "watch-full-desktop-ru")
    expect(russian.locator("#play-watching")).to_contain_text("Просмотр")
    expect(host.locator("#play-watchers")).to_have_text("2 watching")
    expect(guest.locator("#play-watchers")).to_have_text("2 зрителя")
    play_pages.picture(russian, "watch-tiles-desktop-ru")
    play_pages.picture(host, "watch-tiles-player-desktop-en")
    play_pages.picture(guest, "watch-tiles-player-phone-ru")

    # Leaving lowers the count, pushed to the players.
    russian.close()
    expect(host.locator("#play-watchers")).to_have_text("1 watching")
    watcher.close()
    expect(host.locator("#play-watchers")).to_be_hidden()


def move_cards(page: Page) -> None:
    page.get_by_role("button", name="Draw from the stock", exact=True).click()
    page.wait_for_function("() => !window.Play.busy")
    page.locator(".cards-hand .card").first.click()
    page.get_by_role("button", name="Discard", exact=True).click()


def move_tarot(page: Page) -> None:
    page.locator(".tarot-board.is-playing button.card[data-legal]").first.click()
    page.get_by_role("button", name="Play card").click()


@pytest.mark.parametrize(
    ("game", "move", "viewport", "locale", "words"),
    [
        ("cards", move_cards, PHONE, "ru-RU", "Просмотр"),
        ("tarot", move_tarot, DESKTOP, "pt-BR", "A assistir"),
    ],
)
def test_a_watcher_of_rummy_or_tarot_sees_the_move_and_no_hand(
    new_page, game, move, viewport, locale, words
) -> None:
    host = new_page(viewport=DESKTOP)
    play_pages.open_room(host, game)
    invite = host.locator("#play-invite-link").input_value()
    play_pages.join(new_page, invite)
    expect(host.locator("#play-status")).to_contain_text("Your turn")

    watcher = new_page(viewport=viewport, locale=locale)
    watcher.goto(invite)
    watcher.locator("#full-watch").click()
    watcher.wait_for_url("**/watch/")
    expect(watcher.locator("#play-watching")).to_contain_text(words)
    before = watcher.evaluate("() => window.Play.context.version")
    expect(host.locator("#play-watchers")).to_have_text("1 watching")

    move(host)

    watcher.wait_for_function("v => window.Play.context.version > v", arg=before)
    expect(watcher.locator("[data-own-hand]")).to_have_count(0)
    if game == "cards":  # both hands by their size only
        expect(watcher.locator('[data-count="hand-1"]')).to_contain_text("10")
    expect(watcher.locator("#board button:not([disabled])")).to_have_count(0)
    size = "phone" if viewport is PHONE else "desktop"
    play_pages.picture(watcher, f"watch-{game}-{size}-{locale[:2]}")


SMALL_PHONE = {"width": 360, "height": 640}
AGAIN = {"en": "Ask for a new round", "ru": "Предложить новый раунд", "pt": "Pedir uma nova ronda"}


@pytest.mark.parametrize(
    ("game", "language", "viewport"),
    [("tarot", "ru", PHONE), ("tiles", "en", SMALL_PHONE), ("cards", "pt", DESKTOP)],
    ids=str,
)
def test_a_watcher_at_the_end_of_a_round_sees_the_result_and_no_seat_action(
    new_page, live_db: LiveDatabase, game, language, viewport
) -> None:
    host = new_page(viewport=viewport, extra_http_headers={"Accept-Language": language})
    play_pages.open_room(host, game)
    code = host.url.rstrip("/").rsplit("/", 1)[1]
    play_pages.join(new_page, host.url)
    live_db.run(finish_room_round, code)

    # The players are offered the next round, on the board's result.
    host.reload()
    expect(host.locator(".board-result")).to_be_visible()
    expect(host.locator("[data-play-again]")).to_be_visible()
    # A watcher sees the result, and nothing it could not do.
    watcher = new_page(viewport=viewport, extra_http_headers={"Accept-Language": language})
    watcher.goto(f"/r/{code}/watch/")
    expect(watcher.locator("#board .board-result")).to_be_visible()
    expect(watcher.get_by_role("button", name=AGAIN[language])).to_have_count(0)
    expect(watcher.locator("#board [data-play-again]")).to_have_count(0)
    play_pages.picture(watcher, f"watch-over-{game}-{language}-{viewport['width']}")


WAITING = {
    "en": "Waiting for your friend to connect",
    "ru": "Ждём, пока подключится ваш друг",
    "pt": "À espera que o seu amigo",
}


@pytest.mark.parametrize(
    ("game", "language"),
    [("tiles", "pt"), ("cards", "pt"), ("tarot", "pt"), ("tiles", "ru"), ("tarot", "en")],
)
def test_a_players_presence_line_is_whole_on_a_small_phone_while_someone_watches(
    new_page, game, language
) -> None:
    host = new_page(**SCREENS["small-phone"], extra_http_headers={"Accept-Language": language})
    play_pages.open_room(host, game)
    # The friend took seat 2 and went away (only a full room is watched).
    play_pages.join(new_page, host.url).close()
    watcher = new_page(viewport=PHONE)
    watcher.goto(f"{host.url}watch/")
    expect(host.locator("#play-watchers")).to_be_visible()

    line = host.locator("#play-presence")
    expect(line).to_contain_text(WAITING[language])
    play_pages.picture(host, f"presence-watched-{game}-{language}-360")
    # Every word of it shows: nothing cut at its end or below its last line.
    assert line.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), line.inner_text()
    assert line.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), line.inner_text()
    for part in ("#play-presence", "#play-watchers", "#play-move-button", ".play-sound"):
        inside_viewport(host, part)
