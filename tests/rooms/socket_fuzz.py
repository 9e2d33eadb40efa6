"""Hostile frames for the room WebSocket, and a driver that sends them through the real
consumer: shared by tests/rooms/test_socket_fuzz.py and bench/socket_fuzz.py.

Frames of every shape: JSON messages with wrong types at every key, deep nesting, huge
numbers, NaN and Infinity, unicode oddities (lone surrogates, NUL, right-to-left marks),
binary frames, text that is not JSON. Sent before and after hello. Actions carrying the
room's real version never have a type the engine could accept as it is (no "draw" or
"pass"), so that nothing sent may change the game: the room must be as it was.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from channels.testing import WebsocketCommunicator
from hypothesis import strategies as st

from tests.rooms.wsclient import open_socket

TYPES = ["hello", "action", "ping", "sync", "new_round", "decline_round"]
ODD_TEXT = ["\ud800", "\udfff", "\x00", "\u202e", "\ufeff", "ｈｅｌｌｏ", "𝔥𝔢𝔩𝔩𝔬", "é" * 3, ""]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**18, max_value=10**300),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(ODD_TEXT),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=6) | st.sampled_from(ODD_TEXT), inner, max_size=4),
    ),
    max_leaves=12,
)
# What an action's "type" may say when it carries the right version: nothing the rules
# could take as it is ("play" needs a valid table that random data never makes).
garbage_actions = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["play", "arrange", "teleport", "DRAW", ""]) | json_values},
        optional={"table": json_values, "tiles": json_values, "card": json_values},
    ),
)


def _message(version: int) -> st.SearchStrategy[dict[str, Any]]:
    return st.one_of(
        st.dictionaries(
            st.sampled_from(["type", "version", "action", "key"]) | st.text(max_size=6),
            json_values,
            max_size=5,
        ),
        st.fixed_dictionaries(
            {"type": st.sampled_from(TYPES) | json_values},
            optional={"key": json_values, "version": json_values, "action": json_values},
        ),
        st.fixed_dictionaries(
            {"type": st.just("action"), "version": st.just(version), "action": garbage_actions}
        ),
        st.fixed_dictionaries({"type": st.just("hello"), "key": json_values}),
    )


def _deep(depth: int, opener: str, closer: str, middle: str = "1") -> str:
    return opener * depth + middle + closer * depth


raw_texts = st.one_of(
    st.text(max_size=40),
    st.sampled_from(ODD_TEXT),
    st.integers(1, 5000).map(lambda n: _deep(n, "[", "]")),
    st.integers(1, 3000).map(lambda n: _deep(n, '{"a":', "}")),
    st.sampled_from(["1e999999", "9" * 5000, "-0", "NaN", "[]", "{}", '{"type":"sync"']),
)


def frames(version: int = 0) -> st.SearchStrategy[tuple[str, Any]]:
    """("text", str) or ("bytes", bytes): one WebSocket frame."""
    return st.one_of(
        _message(version).map(lambda m: ("text", json.dumps(m))),
        raw_texts.map(lambda text: ("text", text)),
        st.binary(max_size=64).map(lambda data: ("bytes", data)),
        _message(version).map(lambda m: ("bytes", json.dumps(m).encode("utf-8", "replace"))),
    )


@dataclass
class Outcome:
    errors: Counter[str] = field(default_factory=Counter)  # refusal codes
    closes: Counter[int] = field(default_factory=Counter)  # close codes
    frames: int = 0


async def send(page: WebsocketCommunicator, frame: tuple[str, Any]) -> None:
    kind, data = frame  # send_input: send_to refuses empty frames, which a client may send
    await page.send_input({"type": "websocket.receive", kind: data})


async def drain(page: WebsocketCommunicator, outcome: Outcome, quiet: float = 0.1) -> bool:
    """Read what the server sent until it is quiet; False once the socket closed.
    An exception inside the consumer (a 1011 in production) is raised here."""
    while not await page.receive_nothing(timeout=quiet):
        output = await page.receive_output()
        if output["type"] == "websocket.close":
            outcome.closes[output.get("code", 1000)] += 1
            return False
        message = json.loads(output["text"])
        if message["type"] == "error":
            outcome.errors[message["code"]] += 1
    return True


async def fuzz_room(
    code: str, keys: dict[str, str], before: list, after: list, outcome: Outcome
) -> None:
    """`before` on a socket that has not said hello, `after` on the host's seat while the
    guest is connected too (so that actions reach the rules, not the "waiting" gate)."""
    guest = await open_socket(code)
    await guest.send_json_to({"type": "hello", "key": keys["guest"]})
    stranger = await open_socket(code)
    for frame in before:
        await send(stranger, frame)
        outcome.frames += 1
    if await drain(stranger, outcome):
        await stranger.disconnect()

    host = await open_socket(code)
    await host.send_json_to({"type": "hello", "key": keys["host"]})
    for frame in after:
        await send(host, frame)
        outcome.frames += 1
    await host.send_json_to({"type": "sync"})
    for page in (host, guest):
        if await drain(page, outcome):
            await page.disconnect()
