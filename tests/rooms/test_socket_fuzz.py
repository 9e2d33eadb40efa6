"""Generated hostile frames through the real room consumer (on Redis in CI): the socket
never dies with an error (1011), nothing is logged at ERROR, the game is unchanged."""

from __future__ import annotations

import logging

import pytest
from channels.db import database_sync_to_async
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rooms.models import Room
from rooms.online import protocol
from tests.rooms import socket_fuzz
from tests.rooms.wsclient import make_room_sync

pytestmark = pytest.mark.django_db(transaction=True)


def snapshot(code: str) -> tuple[int, dict]:
    room = Room.objects.get(code=code)
    return room.version, room.state


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    before=st.lists(socket_fuzz.frames(), max_size=6),
    after=st.lists(socket_fuzz.frames(seated=True), min_size=1, max_size=12),
)
async def test_hostile_frames_never_crash_the_socket_nor_change_the_game(
    before, after, no_rate_limit, caplog
):
    caplog.clear()
    code, host_key, guest_key = await database_sync_to_async(make_room_sync)("tiles")
    was = await database_sync_to_async(snapshot)(code)
    outcome = socket_fuzz.Outcome()

    await socket_fuzz.fuzz_room(
        code, {"host": host_key, "guest": guest_key}, before, after, outcome
    )

    assert await database_sync_to_async(snapshot)(code) == was
    assert set(outcome.closes) == {protocol.CLOSE_BAD_KEY}  # each socket's END, or earlier
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(odd=socket_fuzz.odd_codes)
async def test_a_socket_at_a_code_out_of_shape_is_an_unknown_room_and_changes_nothing(
    odd, no_rate_limit, caplog
):
    caplog.clear()
    code, host_key, _ = await database_sync_to_async(make_room_sync)("tiles")
    was = await database_sync_to_async(snapshot)(code)
    outcome = socket_fuzz.Outcome()

    await socket_fuzz.fuzz_path(code, odd, host_key, outcome)

    assert await database_sync_to_async(snapshot)(code) == was
    assert outcome.errors == {"unknown_room": 1}
    assert outcome.closes == {protocol.CLOSE_UNKNOWN_ROOM: 1}
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
