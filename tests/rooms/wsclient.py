"""Helpers for talking to a room's WebSocket in tests, through the real ASGI app."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from rooms.models import Room

ORIGIN = b"http://testserver"
HOST = b"testserver"


def make_room_sync(game: str = "counter") -> tuple[str, str, str]:
    room = Room.objects.create_for(game)
    return room.code, room.claim_host_seat(), room.claim_guest_seat()


make_room = database_sync_to_async(make_room_sync)


async def open_socket(code: str, origin: bytes = ORIGIN, **headers: bytes) -> WebsocketCommunicator:
    from config.asgi import application

    extra = [(name.replace("_", "-").encode(), value) for name, value in headers.items()]
    communicator = WebsocketCommunicator(
        application,
        f"/ws/rooms/{code}/",
        headers=[(b"host", HOST), (b"origin", origin), *extra],
    )
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def receive(communicator: WebsocketCommunicator, kind: str, timeout: float = 2) -> dict:
    """The next message of type `kind`, skipping presence and other chatter."""
    while True:
        message = await communicator.receive_json_from(timeout=timeout)
        if message["type"] == kind:
            return message
        if message["type"] in ("error", "replaced", "closed") and kind not in (
            "error",
            "replaced",
            "closed",
        ):
            raise AssertionError(f"expected {kind}, got {message}")


async def presence_becomes(
    communicator: WebsocketCommunicator, expected: dict[str, bool], timeout: float = 2
) -> dict:
    """The first presence news that reads `expected`. News pushed before (a join's)
    may still be on its way, and each reads the presence when it is handled."""
    news = await receive(communicator, "presence", timeout)
    while news["presence"] != expected:
        news = await receive(communicator, "presence", timeout)
    return news


async def hello(code: str, key: str, **headers: bytes) -> tuple[WebsocketCommunicator, dict]:
    communicator = await open_socket(code, **headers)
    await communicator.send_json_to({"type": "hello", "key": key})
    return communicator, await receive(communicator, "state")


async def both_seats() -> tuple[str, WebsocketCommunicator, WebsocketCommunicator, dict]:
    """A room with both seats connected; the host's state after both joined."""
    code, host_key, guest_key = await make_room()
    host, _ = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)
    await presence_becomes(host, {"1": True, "2": True})
    return code, host, guest, {"host_key": host_key, "guest_key": guest_key}


async def act(communicator: WebsocketCommunicator, version: int, amount: int) -> None:
    await communicator.send_json_to(
        {"type": "action", "version": version, "action": {"type": "add", "amount": amount}}
    )


async def close_all(*communicators: WebsocketCommunicator) -> None:
    for communicator in communicators:
        await communicator.disconnect()


def room_sync(code: str) -> Room:
    return Room.objects.get(code=code)


get_room = database_sync_to_async(room_sync)


async def bot_move(
    code: str,
    sockets: dict[int, WebsocketCommunicator],
    engine: Any,
    bots: Any,
    levels: Any,
    rng: Any,
) -> tuple[dict[int, dict], Any] | None:
    """The seat to move sends the action its bot (at `levels[seat]`) chooses, and both
    seats receive the new state: (the state message by seat, the game state the server
    confirmed), or None once the game is over."""
    room = await get_room(code)
    state = room.game_state()
    status = engine.status(state)
    if status["over"]:
        return None
    seat = status["turn"]
    action = bots.choose(state, seat, levels[seat], rng)
    await sockets[seat].send_json_to({"type": "action", "version": room.version, "action": action})
    states = {}
    for number in (1, 2):
        states[number] = await receive(sockets[number], "state", timeout=5)
        assert states[number]["version"] == room.version + 1
    return states, (await get_room(code)).game_state()
