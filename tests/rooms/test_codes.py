"""Codes and tokens in addresses (issue 42, rooms/codes.py): anything but a code in its
shape (24 or 32 characters of A-Z a-z 0-9 _ -) is a 404 before any query, on every
route that takes one, and the socket closes it as an unknown room. PostgreSQL refused
a NUL byte in a text parameter, which answered 500."""

from __future__ import annotations

import logging

import pytest
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rooms.codes import is_room_code
from rooms.models import Room
from rooms.online.protocol import CLOSE_UNKNOWN_ROOM
from tests.rooms.wsclient import HOST, ORIGIN, make_room_sync, receive

pytestmark = pytest.mark.django_db(transaction=True)

# Each path with a code (and a token), %s the code's place.
GET_PATHS = (
    "/r/%s/",
    "/r/%s/watch/",
    "/r/%s/full/",
    "/r/%s/replay/",
    "/r/%s/replay/1/",
    "/replays/%s/",
    "/replays/%s/0/",
    "/reviews/%s/",
)
POST_PATHS = ("/r/%s/move", "/r/%s/claim", "/reviews/%s/")
BAD = ("%00", "%01", "%7F", "%0A", "a%00b", "%E2%80%8B", "x" * 23, "x" * 25, "x" * 2000)


@pytest.mark.parametrize("bad", BAD)
def test_a_code_out_of_shape_is_a_404_before_any_query_on_every_route(client, bad):
    real = make_room_sync()[0]
    for path in GET_PATHS:
        for code in (bad, real + bad):
            with CaptureQueriesContext(connection) as queries:
                response = client.get(path % code)
            assert response.status_code == 404, (path, code)
            assert not queries.captured_queries, (path, code)
    for path in POST_PATHS:
        assert client.post(path % bad).status_code == 404, path
    for token in (bad, "t" * 32 + bad):
        assert client.get(f"/r/{real}/move/{token}/").status_code == 404
        assert client.post(f"/r/{real}/move/{token}/").status_code == 404


def test_the_codes_the_site_makes_have_the_shape_it_takes():
    room = Room.objects.create_for("counter")
    assert is_room_code(room.code)
    assert not is_room_code(room.code + "\x00")
    assert not is_room_code(None)


@pytest.mark.parametrize("suffix", ["\x00", "\x01", " ", "é"])
@pytest.mark.parametrize("with_real_code", [False, True])
async def test_a_socket_with_a_code_out_of_shape_is_closed_as_an_unknown_room(
    suffix, with_real_code, caplog
):
    from channels.db import database_sync_to_async

    from config.asgi import application

    code = (await database_sync_to_async(make_room_sync)())[0] if with_real_code else ""
    socket = WebsocketCommunicator(
        application, f"/ws/rooms/{code}{suffix}/", headers=[(b"host", HOST), (b"origin", ORIGIN)]
    )
    connected, _ = await socket.connect()
    assert connected

    refused = await receive(socket, "error")
    closed = await socket.receive_output(timeout=2)

    assert refused["code"] == "unknown_room"
    assert closed == {"type": "websocket.close", "code": CLOSE_UNKNOWN_ROOM}
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
