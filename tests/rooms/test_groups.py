"""A socket's groups in the channel layer: renewed by its pings, so that the layer can
expire entries in minutes; left on disconnect, with retries, and never a seat left
counted as connected when leaving fails (issue 12)."""

from __future__ import annotations

import time

import pytest
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer

from rooms.models import Seat
from rooms.online import groups
from rooms.online.groups import room_group, seat_group
from tests.rooms.wsclient import both_seats, close_all, presence_becomes, receive

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def in_memory_layer(settings):
    """The in-memory layer, whose group entries the tests can read and age."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def members(group: str) -> dict[str, float]:
    layer = get_channel_layer()
    assert isinstance(layer, InMemoryChannelLayer)
    return layer.groups.get(group, {})


def host_channel(code: str) -> str:
    (channel,) = members(seat_group(code, 1))
    return channel


def connected(code: str) -> dict[int, bool]:
    return {seat.number: seat.connected for seat in Seat.objects.filter(room__code=code)}


async def test_a_ping_after_the_renewal_interval_renews_the_sockets_groups(monkeypatch):
    code, host, guest, _ = await both_seats()
    channel = host_channel(code)
    long_ago = time.time() - 3600
    for group in (room_group(code), seat_group(code, 1)):
        members(group)[channel] = long_ago
    monkeypatch.setattr(groups, "GROUP_RENEW_SECONDS", 0)

    await host.send_json_to({"type": "ping"})
    await receive(host, "pong")

    for group in (room_group(code), seat_group(code, 1)):
        assert members(group)[channel] > time.time() - 60
    await close_all(host, guest)


async def test_a_ping_within_the_renewal_interval_leaves_the_groups_alone():
    code, host, guest, _ = await both_seats()
    channel = host_channel(code)
    joined = members(room_group(code))[channel]

    await host.send_json_to({"type": "ping"})
    await receive(host, "pong")

    assert members(room_group(code))[channel] == joined
    await close_all(host, guest)


async def test_a_failed_leave_on_disconnect_is_tried_again(monkeypatch):
    code, host, guest, _ = await both_seats()
    channel = host_channel(code)
    original = InMemoryChannelLayer.group_discard
    failures: list[str] = []

    async def flaky(self, group, channel_name):
        if group not in failures:  # each group's first try fails
            failures.append(group)
            raise ConnectionError("Redis went away")
        await original(self, group, channel_name)

    monkeypatch.setattr(InMemoryChannelLayer, "group_discard", flaky)
    await host.disconnect(timeout=5)  # the retries wait 0.2 s, then 0.4 s

    assert sorted(failures) == sorted([room_group(code), seat_group(code, 1)])
    assert channel not in members(room_group(code))
    assert channel not in members(seat_group(code, 1))
    assert await database_sync_to_async(connected)(code) == {1: False, 2: True}
    await close_all(guest)


async def test_a_seat_is_never_left_connected_when_leaving_the_groups_keeps_failing(
    monkeypatch, caplog
):
    code, host, guest, _ = await both_seats()
    tries: list[str] = []

    async def broken(self, group, channel_name):
        tries.append(group)
        raise ConnectionError("Redis went away")

    monkeypatch.setattr(InMemoryChannelLayer, "group_discard", broken)
    await host.disconnect(timeout=5)  # the retries wait 0.2 s, then 0.4 s

    # Every group tried LEAVE_TRIES times, then left to the layer's expiry; the seat's
    # presence, which lives in the database, is gone all the same, and the other page
    # is told.
    assert len(tries) == 2 * groups.LEAVE_TRIES
    assert await database_sync_to_async(connected)(code) == {1: False, 2: True}
    await presence_becomes(guest, {"1": False, "2": True})
    assert "leaving" in caplog.text
    await close_all(guest)
