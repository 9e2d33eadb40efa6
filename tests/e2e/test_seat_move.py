"""Taking a seat to another device (issue 25): the host shows a one-time link and its
QR code, a second browser opens it and plays the seat, and the first browser is told
it lost the seat."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import play_pages
from tests.e2e.test_tiles_fits_screen import SCREENS
from tests.e2e.tiles_pages import board_data, wait_for_turn

pytestmark = pytest.mark.e2e


def test_a_seat_moves_to_another_browser_which_plays_it_while_the_old_one_stops(
    new_page, live_server_url: str
) -> None:
    host = new_page(viewport={"width": 1280, "height": 900})
    host.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server_url)
    play_pages.open_room(host)
    room = host.url
    guest = play_pages.join(new_page, room)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")

    host.get_by_role("button", name="Move to another device").click()
    panel = host.locator("#play-move")
    expect(panel).to_be_visible()
    expect(panel.locator("svg title")).to_have_text("QR code of the link")
    link = host.locator("#play-move-link").input_value()
    assert "/move/" in link
    # The link has its Copy button, as the invite has.
    panel.get_by_role("button", name="Copy link").click()
    expect(panel.locator("#play-move-copied")).to_have_text("Copied.")
    expect(host.locator("#play-announce p").last).to_have_text("Copied.")  # and said
    assert host.evaluate("navigator.clipboard.readText()") == link
    play_pages.picture(host, "seat-move-1280.png")
    host.set_viewport_size({"width": 390, "height": 844})
    play_pages.picture(host, "seat-move-390.png")
    box = panel.locator("svg").bounding_box()
    assert box is not None
    assert box["width"] >= 150
    assert box["x"] + box["width"] <= 390

    phone = new_page(viewport={"width": 390, "height": 844})
    phone.goto(link)
    phone.get_by_role("button", name="Play on this device").click()
    phone.wait_for_url(room)
    expect(phone.locator("#play-presence")).to_contain_text("You are Player 1")
    assert "/move/" not in phone.url

    # The old browser says only that the seat moved, and never reconnects.
    expect(host.locator("#play-stopped-text")).to_have_text(
        "This seat moved to another device. This page has stopped."
    )
    for part in ("#board", "#play-new", "#play-move", "#play-move-button"):
        expect(host.locator(part)).to_be_hidden()
    host.wait_for_timeout(2000)
    expect(phone.locator("#play-message")).to_be_empty()

    # The new browser plays the seat: player 1's first turn, a draw.
    phone.locator(".tiles-board").wait_for(state="attached")
    assert board_data(phone)["seat"] == 1
    wait_for_turn(phone, editable=True)
    phone.get_by_role("button", name="Draw").click()
    wait_for_turn(guest, editable=True)

    # The link worked once: opened again, it is gone, and the seat stays where it is.
    again = new_page()
    response = again.goto(link)
    assert response is not None
    assert response.status == 410
    expect(again.get_by_role("heading", name="This link no longer works")).to_be_visible()
    # The old browser, reloaded, has a key that no longer works.
    host.reload()
    expect(host.locator("#play-stopped-text")).to_contain_text("not valid")
    expect(phone.locator("#play-message")).to_be_empty()


def test_the_move_panel_and_the_link_speak_portuguese_on_a_phone(new_page) -> None:
    phone = {"width": 390, "height": 844}
    host = new_page(viewport=phone, locale="pt-PT", has_touch=True, is_mobile=True)
    host.goto("/cards/friend/")
    host.get_by_role("button", name="Criar uma sala").click()
    host.wait_for_url("**/r/*/")
    play_pages.join(new_page, host.url)

    host.get_by_role("button", name="Passar para outro aparelho").click()
    panel = host.locator("#play-move")
    expect(panel).to_be_visible()
    expect(panel.locator("svg title")).to_have_text("Código QR da ligação")
    expect(host.locator("#play-move-text")).to_contain_text("Abra esta ligação")
    play_pages.picture(host, "seat-move-cards-390-pt.png")
    box = panel.locator("svg").bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= phone["width"]

    other = new_page(viewport=phone, locale="pt-PT", has_touch=True, is_mobile=True)
    other.goto(host.locator("#play-move-link").input_value())
    heading = other.get_by_role("heading", name="Trazer o seu lugar para este aparelho")
    expect(heading).to_be_visible()
    play_pages.picture(other, "seat-move-take-390-pt.png")
    other.get_by_role("button", name="Jogar neste aparelho").click()
    other.wait_for_url(host.url)
    expect(host.locator("#play-stopped-text")).to_have_text(
        "Este lugar passou para outro aparelho. Esta página parou."
    )


PHONE, SMALL_PHONE, DESKTOP = (SCREENS[s]["viewport"] for s in ("phone", "small-phone", "desktop"))
# What the old device says, after the move and after a reload, and its ways on.
MOVED = {
    "en": (
        "This seat moved to another device. This page has stopped.",
        "This seat key is not valid for this room.",
        ("Watch this game", "Create a room of your own", "Back to the games"),
    ),
    "ru": (
        "Это место перенесено на другое устройство. Эта страница остановлена.",
        "Этот ключ места не подходит к этой комнате.",
        ("Смотреть игру", "Создать свою комнату", "Назад к играм"),
    ),
    "pt": (
        "Este lugar passou para outro aparelho. Esta página parou.",
        "Esta chave de lugar não é válida para esta sala.",
        ("Assistir ao jogo", "Criar a sua própria sala", "Voltar aos jogos"),
    ),
}


@pytest.mark.parametrize(
    ("game", "language", "viewport"),
    # Three moves each (the link, its page, the taking): within the move's rate limit
    # (rooms.throttle.MOVE_RATE), which counts this whole file's moves from one address.
    [("tiles", "en", PHONE), ("cards", "pt", SMALL_PHONE), ("tarot", "ru", DESKTOP)],
    ids=str,
)
def test_the_old_device_says_the_seat_moved_and_offers_a_way_on_even_after_a_reload(
    new_page, game, language, viewport
) -> None:
    host = new_page(viewport=viewport, extra_http_headers={"Accept-Language": language})
    play_pages.open_room(host, game)
    room = host.url
    play_pages.join(new_page, room)
    host.locator("#play-move-button").click()
    link = host.locator("#play-move-link").input_value()
    phone = new_page(viewport=PHONE)
    phone.goto(link)
    phone.locator("#move-take").click()
    phone.wait_for_url(room)

    moved, not_valid, ways = MOVED[language]
    expect(host.locator("#play-stopped-text")).to_have_text(moved)
    for way in ways:
        expect(host.get_by_role("link", name=way)).to_be_visible()
    name = f"{game}-{language}-{viewport['width']}x{viewport['height']}"
    play_pages.picture(host, f"seat-moved-{name}.png")
    host.reload()
    expect(host.locator("#play-stopped-text")).to_have_text(not_valid)
    for way in ways:
        expect(host.get_by_role("link", name=way)).to_be_visible()
    play_pages.picture(host, f"seat-moved-reloaded-{name}.png")
    # Watching the room is one way on: the same game, as a watcher.
    host.get_by_role("link", name=ways[0]).click()
    host.wait_for_url(f"{room}watch/")
    expect(host.locator("#play-watching")).to_be_visible()
