"""The online room's protocol has one typed definition per message in each direction
(rooms/online/protocol.py), one handler for each (rooms.online.consumers' and
rooms.online.watching's tables), and docs/online.md lists exactly those messages (issue
57): a message added, renamed or dropped in one place and not the others fails here,
not at run time."""

from __future__ import annotations

import dataclasses
import re
import typing
from pathlib import Path

import pytest

from rooms.errors import RoomError
from rooms.online import consumers, protocol, watching

DOC = Path(__file__).resolve().parents[2] / "docs" / "online.md"
SECTIONS = {
    "incoming": "### Browser → server",
    "outgoing": "### Server → browser",
    "events": "### Between the server's processes",
}


def documented(section: str) -> list[str]:
    """The messages docs/online.md lists under `section`: each bullet's first name."""
    text = DOC.read_text()
    start = text.index(SECTIONS[section])
    end = text.find("\n#", start + 1)
    body = text[start : end if end != -1 else None]
    return re.findall(r"^- `([a-z_.]+)`", body, flags=re.MULTILINE)


def test_every_message_a_browser_may_send_has_a_handler_for_a_seat_and_for_a_watcher():
    kinds = set(protocol.INCOMING.values())
    assert set(consumers.SEATS) == kinds
    assert set(watching.HANDLERS) == kinds


def test_every_event_of_the_channel_layer_has_a_handler_and_every_handler_an_event():
    assert set(consumers.ROOM_EVENTS) == set(protocol.EVENTS)
    socket_life = {"websocket.connect", "websocket.receive", "websocket.disconnect"}
    assert set(consumers.EVENTS) == set(protocol.EVENTS) | socket_life


def test_each_definition_is_typed_and_names_its_own_type():
    for name, kind in protocol.INCOMING.items():
        assert dataclasses.is_dataclass(kind)
        assert kind.type == name
    for table in (protocol.OUTGOING, protocol.EVENTS):
        for name, kind in table.items():
            hints = typing.get_type_hints(kind)
            assert name in typing.get_args(hints["type"]), (name, kind)


@pytest.mark.parametrize("section", SECTIONS)
def test_the_protocol_document_lists_exactly_the_defined_messages(section):
    defined = {
        "incoming": protocol.INCOMING,
        "outgoing": protocol.OUTGOING,
        "events": protocol.EVENTS,
    }[section]
    listed = documented(section)
    assert len(listed) == len(set(listed))
    assert set(listed) == set(defined)


def test_a_frame_is_parsed_once_into_its_typed_message():
    hello = protocol.read('{"type": "hello", "key": "k", "watch": 1}')
    assert hello == protocol.Hello(key="k", watch=False)  # only `true` watches
    assert protocol.read('{"type": "hello", "watch": true}') == protocol.Hello(watch=True)
    action = protocol.read('{"type": "action", "version": 3, "action": {"type": "pass"}}')
    assert action == protocol.Action(version=3, action={"type": "pass"})
    assert protocol.read('{"type": "sync", "extra": [1]}') == protocol.Sync()


@pytest.mark.parametrize(
    "frame", ['{"type": "typo"}', '{"type": ["hello"]}', '{"type": {"a": 1}}', "{}"]
)
def test_an_unknown_or_misshapen_type_is_refused_as_unknown(frame):
    with pytest.raises(RoomError) as refused:
        protocol.read(frame)
    assert refused.value.code == "unknown_type"
