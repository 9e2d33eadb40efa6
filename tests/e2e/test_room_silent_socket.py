"""An online room's page never waits on a silent socket: a hello or a move that gets
no answer gives the socket up and reconnects (docs/deploy.md), and the server's
`retry` frame is shown until the room answers again. Playwright stands between the
page and the server (route_web_socket) to make the server say nothing."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import WebSocketRoute, expect

from tests.e2e import play_pages
from tests.e2e.play_pages import ROOM_SOCKETS, kind, relay
from tests.e2e.tiles_pages import wait_for_turn

pytestmark = pytest.mark.e2e


def test_a_page_whose_hello_gets_no_answer_reconnects_and_plays_on(new_page) -> None:
    host = new_page()
    opened: list[float] = []

    def silent_first(route: WebSocketRoute) -> None:
        opened.append(time.monotonic())
        if len(opened) == 1:
            route.on_message(lambda message: None)  # the hello goes nowhere, unanswered
        else:
            route.connect_to_server()

    host.route_web_socket(ROOM_SOCKETS, silent_first)
    play_pages.open_room(host)

    # 5 s for the hello, then a reconnection at most 0.5 s later.
    expect(host.locator("#play-presence")).to_contain_text("You are Player 1", timeout=8000)
    assert len(opened) == 2
    assert opened[1] - opened[0] < 6.5

    guest = play_pages.join(new_page, host.url)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    wait_for_turn(host, editable=True)
    host.get_by_role("button", name="Draw").click()
    wait_for_turn(guest, editable=True)
    expect(guest.locator(".tiles-last")).to_contain_text("Last move: your friend drew a tile.")
    assert len(opened) == 2


def test_a_move_whose_answer_never_comes_is_sent_once_and_the_page_shows_the_real_state(
    new_page,
) -> None:
    host = new_page()
    # Once the first socket has carried a move, the server is silent on it.
    sockets, actions = relay(host, "action", lambda number: number == 0 and bool(actions))
    play_pages.open_room(host)
    guest = play_pages.join(new_page, host.url)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    wait_for_turn(host, editable=True)
    host.get_by_role("button", name="Draw").click()

    # The move was made (the guest sees it), but the host hears nothing of it...
    wait_for_turn(guest, editable=True)
    host.wait_for_timeout(2000)
    assert host.evaluate("() => window.Play.busy")
    # ...until 8 s on, when it gives the socket up and the new one brings the real state.
    wait_for_turn(host, editable=False, timeout=12_000)
    play_pages.wait_until_idle(host)
    expect(host.locator(".tiles-rack .tile")).to_have_count(15)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    assert len(sockets) == 2
    assert actions == [0]  # never sent again

    # And the game goes on over the new socket.
    guest.get_by_role("button", name="Draw").click()
    wait_for_turn(host, editable=True)
    expect(host.locator(".tiles-last")).to_contain_text("Last move: your friend drew a tile.")


def test_the_servers_retry_message_stays_until_the_room_answers_again(new_page) -> None:
    host = new_page()
    sockets: list[WebSocketRoute] = []
    held: list[str | bytes] = []  # the second socket's hello, kept back for a while
    servers: list[WebSocketRoute] = []

    def through(route: WebSocketRoute) -> None:
        server = route.connect_to_server()
        number = len(sockets)
        sockets.append(route)
        servers.append(server)

        def to_server(message: str | bytes) -> None:
            if number == 1 and kind(message) == "hello" and not held:
                held.append(message)
            else:
                server.send(message)

        route.on_message(to_server)

    host.route_web_socket(ROOM_SOCKETS, through)
    play_pages.open_room(host)
    expect(host.locator("#play-presence")).to_contain_text("You are Player 1")

    # What the server sends when it loses its database (rooms/online/consumers.py).
    text = "The game server lost its database; your game is safe, reconnecting…"
    sockets[0].send(json.dumps({"type": "retry", "code": "database_lost", "message": text}))
    servers[0].close()
    sockets[0].close(code=4503)

    expect(host.locator("#play-message")).to_have_text(text)
    host.wait_for_timeout(1500)  # reconnected by now, its hello unanswered
    assert len(sockets) == 2
    assert held
    expect(host.locator("#play-message")).to_have_text(text)

    servers[1].send(held[0])
    expect(host.locator("#play-message")).to_be_empty()
    expect(host.locator("#play-presence")).to_contain_text("You are Player 1")


def test_an_idle_page_whose_socket_goes_silent_reconnects_after_an_unanswered_ping(
    new_page,
) -> None:
    host = new_page()
    deaf: list[bool] = []  # once the room plays, the first socket hears nothing more
    sockets, pings = relay(host, "ping", lambda number: number == 0 and bool(deaf))
    play_pages.open_room(host)
    guest = play_pages.join(new_page, host.url)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    deaf.append(True)

    # A ping every 10 s (rooms.presence.PING_SECONDS): when the next is due and the last
    # one got no answer, the socket is given up and a new one says hello (within 20 s).
    deadline = time.monotonic() + 25
    while len(sockets) < 2 and time.monotonic() < deadline:
        host.wait_for_timeout(500)
    assert len(sockets) == 2, "the silent socket was kept"
    assert pings.count(0) >= 1
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")

    # And the game goes on over the new socket.
    wait_for_turn(host, editable=True)
    host.get_by_role("button", name="Draw").click()
    wait_for_turn(guest, editable=True)
    expect(guest.locator(".tiles-last")).to_contain_text("Last move: your friend drew a tile.")
