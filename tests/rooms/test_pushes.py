"""One module decides every push of an online room and its recipients (issue 57):
rooms/online/push.py sends every event through the channel layer, and each goes only to
the sockets that act on it, so that none is filtered again where it arrives."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from channels.layers import get_channel_layer

from rooms.online import push
from rooms.online.groups import room_group, seat_group, watch_group
from rooms.online.protocol import CLOSE_BAD_KEY
from tests.rooms.wsclient import both_seats, close_all, receive

ROOT = Path(__file__).resolve().parents[2]
SENDS = {"group_send", "send"}


def layer_sends(path: Path) -> list[str]:
    """The calls `<something>.group_send(...)` and `<layer>.send(...)` of a module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name, owner = node.func.attr, ast.unparse(node.func.value)
            if name == "group_send" or (name == "send" and "layer" in owner):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {owner}.{name}")
    return found


def test_no_module_but_push_sends_an_event_to_a_rooms_sockets():
    modules = sorted((ROOT / "rooms").rglob("*.py"))
    senders = [line for path in modules for line in layer_sends(path)]
    assert senders  # the search finds push's own
    elsewhere = [line for line in senders if not line.startswith("rooms/online/push.py")]
    assert elsewhere == []


class Recorder:
    """A channel layer that notes each group an event was sent to."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str]] = []

    async def group_send(self, group: str, event: dict) -> None:
        self.sent.append((group, event["type"]))


@pytest.mark.parametrize(
    ("tell", "kind"),
    [
        (push.tell_presence, "room.presence"),
        (push.tell_watchers, "room.watchers"),
        (push.tell_consent, "room.consent"),
    ],
)
async def test_a_seats_news_goes_to_both_seats_and_never_to_the_watchers(tell, kind):
    layer = Recorder()
    await tell(layer, "ABCD")
    assert layer.sent == [(seat_group("ABCD", 1), kind), (seat_group("ABCD", 2), kind)]
    assert all(group not in (room_group("ABCD"), watch_group("ABCD")) for group, _ in layer.sent)


async def test_the_rooms_end_goes_to_every_socket_of_the_room_and_a_seat_move_to_its_seat():
    layer = Recorder()
    await push.tell_closed(layer, "ABCD")
    await push.tell_moved(layer, "ABCD", 2)
    await push.tell_replaced(layer, "ABCD", 1, "page-1")
    await push.tell_freed(layer, "ABCD", 1)
    assert layer.sent == [
        (room_group("ABCD"), "room.closed"),
        (seat_group("ABCD", 2), "seat.moved"),
        (seat_group("ABCD", 1), "seat.replaced"),
        (seat_group("ABCD", 1), "seat.freed"),
    ]


@pytest.mark.django_db(transaction=True)
async def test_a_freed_seats_page_stops_as_when_it_moved_and_the_other_seat_plays_on():
    code, host, guest, _ = await both_seats()

    await push.tell_freed(get_channel_layer(), code, 1)

    stopped = await receive(host, "seat_moved")
    assert stopped["code"] == "seat_freed"
    assert (await host.receive_output(timeout=2))["code"] == CLOSE_BAD_KEY
    await guest.send_json_to({"type": "sync"})
    assert (await receive(guest, "state"))["seat"] == 2
    await close_all(host, guest)
