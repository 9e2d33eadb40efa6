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
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from channels.testing import WebsocketCommunicator
from hypothesis import strategies as st

from tests.rooms.wsclient import open_socket

TYPES = ["hello", "action", "ping", "sync", "new_round", "decline_round"]
# A seated socket that says hello under a wrong key is closed for good (4403, tested on
# its own): the frames sent after hello leave hello out, so that all of them are read.
SEATED_TYPES = TYPES[1:]
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


def _message(version: int, seated: bool) -> st.SearchStrategy[dict[str, Any]]:
    types = SEATED_TYPES if seated else TYPES
    keys = ["version", "action", "key"] if seated else ["type", "version", "action", "key"]
    return st.one_of(
        st.dictionaries(
            st.sampled_from(keys) | st.text(max_size=6),
            json_values,
            max_size=5,
        ),
        st.fixed_dictionaries(
            {"type": st.sampled_from(types) | json_values.filter(lambda v: v != "hello")},
            optional={"key": json_values, "version": json_values, "action": json_values},
        ),
        st.fixed_dictionaries(
            {"type": st.just("action"), "version": st.just(version), "action": garbage_actions}
        ),
        st.fixed_dictionaries({"type": st.just("hello"), "key": json_values}).filter(
            lambda m: not seated
        ),
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


# Codes in a socket's path that name no room: NUL and other control characters, a real
# code with them after it, the wrong length, unicode (rooms/codes.py refuses each before
# any query; issue 42). `{code}` is the room's real code.
ODD_CODES = [
    "\x00",
    "{code}\x00",
    "\x00{code}",
    "{code}\x01",
    "\x1b[31m",
    "\x7f",
    "{code}\t",
    "{code} ",
    "{code}x",
    "{code}"[:-1],
    "\u202e{code}",
    "é" * 24,
    "ｃ" * 24,
    "%00",
    "x" * 5000,
]
odd_codes = st.one_of(
    st.sampled_from(ODD_CODES),
    st.text(
        st.characters(max_codepoint=0x9F, exclude_characters="/"), min_size=1, max_size=30
    ).filter(lambda text: len(text) != 24),
    st.tuples(st.sampled_from(["\x00", "\x01", "\x1f", "\x7f", " "]), st.booleans()).map(
        lambda pair: "{code}" + pair[0] if pair[1] else pair[0] + "{code}"
    ),
)


def random_odd_code(rng: random.Random) -> str:
    """One of odd_codes' shapes, drawn with `random` (bench/socket_fuzz.py)."""
    if rng.random() < 0.5:
        return rng.choice(ODD_CODES)
    control = chr(rng.choice([*range(0, 32), 127, *range(128, 160)]))
    return rng.choice(["{code}" + control, control + "{code}", control * rng.randint(1, 30)])


async def fuzz_path(code: str, odd: str, key: str, outcome: Outcome) -> None:
    """A socket at /ws/rooms/<odd>/ (`{code}` in it the room's real code) saying hello
    with the room's real key: refused as an unknown room (4404) and closed."""
    # Percent-encoded as a browser sends it (the test client decodes the path, after
    # dropping a raw tab or newline as urllib does).
    page = await open_socket(quote(odd.replace("{code}", code), safe=""))
    await page.send_json_to({"type": "hello", "key": key})
    outcome.frames += 1
    await to_close(page, outcome)


def frames(version: int = 0, seated: bool = False) -> st.SearchStrategy[tuple[str, Any]]:
    """("text", str) or ("bytes", bytes): one WebSocket frame."""
    return st.one_of(
        _message(version, seated).map(lambda m: ("text", json.dumps(m))),
        raw_texts.map(lambda text: ("text", text)),
        st.binary(max_size=64).map(lambda data: ("bytes", data)),
        _message(version, seated).map(lambda m: ("bytes", json.dumps(m).encode())),
    )


@dataclass
class Outcome:
    errors: Counter[str] = field(default_factory=Counter)  # refusal codes
    closes: Counter[int] = field(default_factory=Counter)  # close codes
    frames: int = 0


async def send(page: WebsocketCommunicator, frame: tuple[str, Any]) -> None:
    kind, data = frame  # send_input: send_to refuses empty frames, which a client may send
    await page.send_input({"type": "websocket.receive", kind: data})


# Every socket ends with a hello under a wrong key, which the server answers with
# `bad_key` and a close (4403): the end of its answers, however many there were.
END = {"type": "hello", "key": "end of the frames"}


async def finish(page: WebsocketCommunicator, outcome: Outcome, timeout: float = 10) -> None:
    """Send END and read every answer up to the close. An exception inside the consumer
    (what production answers with 1011) is raised here."""
    await page.send_json_to(END)
    await to_close(page, outcome, timeout)


async def to_close(page: WebsocketCommunicator, outcome: Outcome, timeout: float = 10) -> None:
    """Read every answer up to the close, counting refusals and the close's code."""
    while True:
        output = await page.receive_output(timeout)
        if output["type"] == "websocket.close":
            outcome.closes[output.get("code", 1000)] += 1
            break
        message = json.loads(output["text"])
        if message["type"] == "error":
            outcome.errors[message["code"]] += 1
    await page.disconnect(timeout=timeout)


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
    await finish(stranger, outcome)

    host = await open_socket(code)
    await host.send_json_to({"type": "hello", "key": keys["host"]})
    for frame in after:
        await send(host, frame)
        outcome.frames += 1
    await finish(host, outcome)
    await guest.disconnect()


# --- The same shapes from `random`, fast enough for bench/socket_fuzz.py's 100,000 -------

KEYS = ["type", "version", "action", "key", "table", "tiles", "", "\ud800", "ｔｙｐｅ"]


def random_scalar(rng: random.Random, strict: bool = False) -> Any:
    """strict: only what a strict JSON parser keeps (no NaN, Infinity, lone surrogates)."""
    if strict:
        return rng.choice([None, True, rng.randint(-(2**70), 2**70), 1.5, "R7", "", "ｔ", []])
    return rng.choice(
        [
            None,
            rng.random() < 0.5,
            rng.randint(-(2**70), 2**70),
            10 ** rng.randint(18, 300),
            rng.choice([float("nan"), float("inf"), -float("inf"), -0.0, 1e308, 5e-324]),
            rng.choice(ODD_TEXT),
            "".join(chr(rng.randint(1, 0x2FFFF)) for _ in range(rng.randint(0, 12))),
            rng.choice(TYPES),
        ]
    )


def random_value(rng: random.Random, depth: int = 0, strict: bool = False) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.5:
        return random_scalar(rng, strict)
    if roll < 0.75:
        return [random_value(rng, depth + 1, strict) for _ in range(rng.randint(0, 4))]
    keys = KEYS[:-2] if strict else KEYS
    return {
        rng.choice(keys): random_value(rng, depth + 1, strict) for _ in range(rng.randint(0, 4))
    }


def random_frame(rng: random.Random, version: int = 0, seated: bool = False) -> tuple[str, Any]:
    roll = rng.random()
    if roll < 0.30:  # a message with a valid type and wrong values
        message = {"type": rng.choice(SEATED_TYPES if seated else TYPES)}
        for key in rng.sample(KEYS[1:], rng.randint(0, 3)):
            message[key] = random_value(rng)
    elif roll < 0.45:  # an action at the right version that no rule accepts
        kind = rng.choice(["play", "arrange", "teleport", "DRAW", "", None, 7])
        action = {"type": kind, rng.choice(KEYS[:-2]): random_value(rng, strict=True)}
        message = {"type": "action", "version": version, "action": action}
    elif roll < 0.60:  # anything at all
        message = {rng.choice(KEYS): random_value(rng) for _ in range(rng.randint(0, 5))}
        if seated and message.get("type") == "hello":
            del message["type"]
    elif roll < 0.70:
        depth = rng.randint(30, 5000)
        return ("text", rng.choice(["[", '{"a":']) * depth)
    elif roll < 0.80:
        return ("bytes", rng.randbytes(rng.randint(0, 64)))
    elif roll < 0.90:
        text = "".join(chr(rng.randint(1, 0x2FFFF)) for _ in range(rng.randint(0, 40)))
        return ("text", text)
    else:
        return ("text", rng.choice(["1e999999", "9" * 5000, "-0", "NaN", "[]", "{}", "null"]))
    text = json.dumps(message)
    return (
        ("bytes", text.encode("utf-8", "surrogatepass")) if rng.random() < 0.1 else ("text", text)
    )
