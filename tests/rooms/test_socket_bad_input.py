"""Bad input on the room WebSocket: a clear message with a stable code, nothing changed."""

from __future__ import annotations

import functools
import json

import pytest
from channels.testing import WebsocketCommunicator

from rooms.online import consumers
from rooms.online.protocol import MAX_MESSAGE_BYTES
from tests.rooms.wsclient import (
    HOST,
    ORIGIN,
    act,
    both_seats,
    close_all,
    get_room,
    hello,
    make_room,
    open_socket,
    receive,
)

pytestmark = [pytest.mark.django_db(transaction=True)]


async def test_a_message_over_16_kb_is_refused_and_changes_nothing():
    code, host, guest, _ = await both_seats()

    await host.send_to(text_data=json.dumps({"type": "sync", "pad": "x" * MAX_MESSAGE_BYTES}))
    error = await receive(host, "error")

    assert error == {"type": "error", "code": "too_large", "message": "This message is too large."}
    assert (await get_room(code)).version == 0
    await close_all(host, guest)


async def test_a_flood_of_messages_is_rate_limited_with_one_clear_message(monkeypatch):
    # A clock that stands still: however slowly this machine answers, nothing refills.
    monkeypatch.setattr(
        consumers, "TokenBucket", functools.partial(consumers.TokenBucket, clock=lambda: 0.0)
    )
    _code, host, guest, _ = await both_seats()

    for _ in range(40):
        await host.send_json_to({"type": "ping"})
    seen = []
    while not await host.receive_nothing(timeout=2):  # a loaded machine pauses
        seen.append(await host.receive_json_from())

    errors = [message["code"] for message in seen if message["type"] == "error"]
    # One warning per flood, and only the burst's worth of pings answered.
    assert errors == ["rate_limited"]
    pongs = [message for message in seen if message["type"] == "pong"]
    assert len(pongs) == consumers.TokenBucket().capacity - 1  # the hello took one
    await close_all(host, guest)


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '"hello"', "null", "\udcff"])
async def test_malformed_json_is_refused(text):
    _code, host, guest, _ = await both_seats()

    await host.send_to(text_data=text)

    assert (await receive(host, "error"))["code"] == "malformed"
    await close_all(host, guest)


@pytest.mark.parametrize(
    "frame",
    [b"\x00\xff", b'{"type": "action", "version": 0, "action": {"type": "add", "amount": 1}}'],
)
async def test_binary_frames_are_refused_even_when_they_hold_json(frame):
    code, host, guest, _ = await both_seats()

    await host.send_to(bytes_data=frame)

    error = await receive(host, "error")
    assert error == {
        "type": "error",
        "code": "binary",
        "message": "Messages must be JSON text, not binary.",
    }
    assert (await get_room(code)).version == 0
    await close_all(host, guest)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 3000 + "]" * 3000,
        '{"a":' * 2500 + "1" + "}" * 2500,
        '{"type": ' + "[" * 40 + "]" * 40 + "}",
    ],
    ids=["3000 arrays", "2500 objects", "40 levels"],
)
async def test_deeply_nested_json_is_refused_as_malformed(text):
    _code, host, guest, _ = await both_seats()

    await host.send_to(text_data=text)

    assert (await receive(host, "error"))["code"] == "malformed"
    await act(host, 0, 1)  # the socket still works
    assert (await receive(guest, "state"))["version"] == 1
    await close_all(host, guest)


@pytest.mark.parametrize("kind", [[], ["hello"], {}, {"a": 1}, 1.5, True])
async def test_a_type_that_is_not_a_string_is_refused_before_and_after_hello(kind):
    code, host_key, _ = await make_room()
    socket = await open_socket(code)

    await socket.send_json_to({"type": kind, "key": host_key})
    before = await receive(socket, "error")
    await socket.send_json_to({"type": "hello", "key": host_key})
    await receive(socket, "state")
    await socket.send_json_to({"type": kind})
    after = await receive(socket, "error")

    assert before["code"] == after["code"] == "unknown_type"
    await socket.disconnect()


async def test_an_action_holding_infinity_is_refused_and_changes_nothing():
    code, host, guest, _ = await both_seats()

    await host.send_to(
        text_data='{"type": "action", "version": 0, "action": {"type": "add", "amount": 1, '
        '"x": Infinity}}'
    )

    assert (await receive(host, "error"))["code"] == "malformed"
    assert (await get_room(code)).version == 0
    await close_all(host, guest)


@pytest.mark.parametrize("kind", ["teleport", None, 3, ""])
async def test_unknown_message_types_are_refused(kind):
    _code, host, guest, _ = await both_seats()

    await host.send_json_to({"type": kind})

    error = await receive(host, "error")
    assert error == {"type": "error", "code": "unknown_type", "message": "Unknown message type."}
    await close_all(host, guest)


@pytest.mark.parametrize("key", ["wrong", "", None, 42, "x" * 500])
async def test_a_wrong_or_missing_key_is_refused_and_the_socket_closed(key):
    code, _, _ = await make_room()
    socket = await open_socket(code)

    await socket.send_json_to({"type": "hello", "key": key})
    error = await receive(socket, "error")

    assert error["code"] == "bad_key"
    assert (await socket.receive_output(timeout=1))["code"] == 4403
    await socket.disconnect()


async def test_anything_before_hello_is_refused():
    code, _, _ = await make_room()
    socket = await open_socket(code)

    await act(socket, 0, 1)

    assert (await receive(socket, "error"))["code"] == "hello_first"
    assert (await get_room(code)).version == 0
    await socket.disconnect()


async def test_an_action_out_of_turn_is_refused():
    code, host, guest, _ = await both_seats()

    await act(guest, 0, 1)
    error = await receive(guest, "error")

    assert error == {"type": "error", "code": "not_your_turn", "message": "It is not your turn."}
    assert (await get_room(code)).version == 0
    await close_all(host, guest)


async def test_an_illegal_action_gets_the_engines_code():
    code, host, guest, _ = await both_seats()

    await act(host, 0, 7)
    error = await receive(host, "error")
    await host.send_json_to({"type": "action", "version": 0, "action": "add"})
    malformed = await receive(host, "error")

    assert error["code"] == "bad_amount"
    assert malformed["code"] == "malformed"
    assert (await get_room(code)).version == 0
    await close_all(host, guest)


@pytest.mark.parametrize("version", [None, "0", 1.0, True, -1, 99])
async def test_bad_versions_are_refused_as_stale(version):
    _code, host, guest, _ = await both_seats()

    await host.send_json_to(
        {"type": "action", "version": version, "action": {"type": "add", "amount": 1}}
    )

    assert (await receive(host, "error"))["code"] == "stale"
    assert (await receive(host, "state"))["version"] == 0
    await close_all(host, guest)


async def test_an_unknown_room_code_is_refused_with_a_clear_error():
    socket = await open_socket("no-such-room")

    error = await receive(socket, "error")

    assert error["code"] == "unknown_room"
    assert (await socket.receive_output(timeout=1))["code"] == 4404
    await socket.disconnect()


@pytest.mark.parametrize(
    "origin",
    [
        b"https://evil.example",
        b"http://testserver.evil.example",
        b"https://testserver",  # another scheme
        b"http://testserver:9",  # another port
        b"null",
        b"",
    ],
)
async def test_a_handshake_from_another_origin_is_refused(origin):
    from config.asgi import application

    code, _host_key, _ = await make_room()
    communicator = WebsocketCommunicator(
        application, f"/ws/rooms/{code}/", headers=[(b"host", HOST), (b"origin", origin)]
    )

    connected, _ = await communicator.connect()

    assert not connected
    await communicator.disconnect()


async def test_a_handshake_without_an_origin_is_refused():
    from config.asgi import application

    code, _host_key, _ = await make_room()
    communicator = WebsocketCommunicator(
        application, f"/ws/rooms/{code}/", headers=[(b"host", HOST)]
    )

    connected, _ = await communicator.connect()

    assert not connected
    await communicator.disconnect()


async def test_a_handshake_for_a_host_outside_allowed_hosts_is_refused():
    from config.asgi import application

    code, _host_key, _ = await make_room()
    communicator = WebsocketCommunicator(
        application,
        f"/ws/rooms/{code}/",
        headers=[(b"host", b"evil.example"), (b"origin", b"http://evil.example")],
    )

    connected, _ = await communicator.connect()

    assert not connected
    await communicator.disconnect()


async def test_the_sites_own_https_origin_is_accepted_behind_the_proxy(settings):
    code, host_key, _ = await make_room()

    socket = await open_socket(code, origin=b"https://testserver", x_forwarded_proto=b"https")
    await socket.send_json_to({"type": "hello", "key": host_key})

    assert (await receive(socket, "state"))["seat"] == 1
    await socket.disconnect()


async def test_a_trusted_origin_is_accepted(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://games.example.org"]
    code, _host_key, _ = await make_room()

    socket = await open_socket(code, origin=b"https://games.example.org")

    await socket.disconnect()


@pytest.mark.parametrize("path", ["/ws/other/", "/ws/rooms/", "/ws/rooms/abc/extra/", "/"])
async def test_a_websocket_path_with_no_route_is_refused_at_the_handshake(path, caplog):
    from config.asgi import application

    communicator = WebsocketCommunicator(
        application, path, headers=[(b"host", HOST), (b"origin", ORIGIN)]
    )

    connected, _ = await communicator.connect()

    assert not connected
    assert not [record for record in caplog.records if record.levelname == "ERROR"]


async def test_a_second_hello_with_the_other_seats_key_is_refused():
    _code, host, guest, keys = await both_seats()

    await host.send_json_to({"type": "hello", "key": keys["guest_key"]})

    assert (await receive(host, "error"))["code"] == "bad_key"
    await close_all(host, guest)


async def test_the_seat_keeps_working_after_refusals():
    code, host_key, guest_key = await make_room()
    host, _ = await hello(code, host_key)
    guest, _ = await hello(code, guest_key)
    await host.send_to(text_data="{oops")
    await receive(host, "error")

    await act(host, 0, 2)

    assert (await receive(guest, "state"))["view"]["total"] == 2
    await close_all(host, guest)


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "hello", "key": "\\ud800"}',
        '{"type": "action", "version": 0, "action": {"type": "add", "amount": 1, "x": "\\udfff"}}',
        '{"type": "sync", "\\ud800": 1}',
    ],
    ids=["key", "action", "name"],
)
async def test_a_lone_surrogate_anywhere_is_refused_as_malformed(text):
    code, host, guest, _ = await both_seats()

    await host.send_to(text_data=text)

    assert (await receive(host, "error"))["code"] == "malformed"
    assert (await get_room(code)).version == 0
    await close_all(host, guest)
