"""What the browser tests of every game do on a play page: reveal the hand on one
device, wait for an action to settle, and start from a sealed position. Rows of the
server's own database are tests.e2e.live_database's."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, WebSocketRoute, expect


def reveal_if_covered(page: Page, board: str, hand: str) -> None:
    """On one device the cover hides the hand (`hand`) until the player reveals it. The
    play page puts the board (`board`) and the cover in place together, so wait for the
    board first."""
    page.locator(board).wait_for(state="attached")
    cover = page.locator("#play-cover")
    if cover.count() and cover.is_visible():
        page.locator("#play-reveal").click()
    expect(page.locator(hand)).to_be_visible()


def wait_until_idle(page: Page) -> None:
    # A function, not an expression: polled expressions need eval, which the CSP refuses.
    page.wait_for_function("() => !window.Play.busy")


def seal(payload: dict[str, Any]) -> str:
    """A sealed game (rooms.local.sealing) for the e2e server, whose key the conftest sets."""
    from rooms.local.sealing import _fernet
    from tests.e2e.conftest import E2E_SECRET_KEY

    data = json.dumps(payload, separators=(",", ":")).encode()
    return _fernet(E2E_SECRET_KEY).encrypt(data).decode()


def save_token(page: Page, storage_key: str, token: str) -> None:
    """Put a sealed game where the play page looks for it, before opening the page."""
    page.goto("/")
    page.evaluate("([key, token]) => localStorage.setItem(key, token)", [storage_key, token])


def open_room(page: Page, game: str = "tiles") -> None:
    """Create a room with a friend of `game` in `page`, which holds seat 1 (in the
    page's language: its "Create a room" button)."""
    page.goto(f"/{game}/friend/")
    page.locator("main form[method=post] button[type=submit]").click()
    page.wait_for_url("**/r/*/")


def join(new_page, url: str) -> Page:
    """A second browser at the room's address: it takes seat 2."""
    guest = new_page()
    guest.goto(url)
    expect(guest.locator("#play-presence")).to_contain_text("You are Player 2")
    return guest


def picture(page: Page, name: str, **options: Any) -> None:
    """A screenshot to look at, kept out of the checkout: written only when E2E_PICTURES
    names a folder (`make screenshots` points it at docs/screenshots; by hand:
    E2E_PICTURES=/tmp/pictures pytest tests/e2e/...). `name` may end in .png."""
    folder = os.environ.get("E2E_PICTURES")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        file = name if name.endswith(".png") else f"{name}.png"
        page.screenshot(path=str(Path(folder) / file), **options)


ROOM_SOCKETS = "**/ws/rooms/**"


def kind(message: str | bytes) -> str:
    try:
        return json.loads(message).get("type", "")
    except (ValueError, AttributeError):
        return ""


def relay(
    page: Page, counted: str, silent: Callable[[int], bool]
) -> tuple[list[tuple[WebSocketRoute, WebSocketRoute]], list[int]]:
    """Stand between the page's room sockets and the server: the page's messages pass
    on, the server's reach the page unless `silent(socket number)`. The sockets in
    order (each its page side and its server side), and the socket number of each
    message of type `counted` the page sent."""
    sockets: list[tuple[WebSocketRoute, WebSocketRoute]] = []
    numbers: list[int] = []

    def through(route: WebSocketRoute) -> None:
        server = route.connect_to_server()
        number = len(sockets)
        sockets.append((route, server))

        def to_server(message: str | bytes) -> None:
            if kind(message) == counted:
                numbers.append(number)
            server.send(message)

        def to_page(message: str | bytes) -> None:
            if not silent(number):
                route.send(message)

        route.on_message(to_server)
        server.on_message(to_page)

    page.route_web_socket(ROOM_SOCKETS, through)
    return sockets, numbers


def slow_answers(page: Page, url: str, seconds: float = 0.5) -> None:
    """The server's answers to `url` (a glob) come `seconds` late, as on a phone's network."""

    def slow(route: Route) -> None:
        answer = route.fetch()
        time.sleep(seconds)
        route.fulfill(response=answer)

    page.route(url, slow)
