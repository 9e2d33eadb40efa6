"""Hostile frames on a room's socket, each on a fresh connection, and what the server
answered (an error code, a close, an HTTP refusal): bench/outside_check.py's attacker."""

from __future__ import annotations

import asyncio
import json

import websockets

from tests.live_server import HOST


async def hostile_frames(url: str, origin: str, key: str) -> list[tuple[str, str]]:
    """Each hostile frame on a fresh socket, and what came back (an error code, a close)."""
    deep = "[" * 5000 + "]" * 5000
    cases: list[tuple[str, list[str | bytes]]] = [
        ("binary frame", [b"\x00\x01"]),
        ("not JSON", ["{oops"]),
        ("a list", ["[1, 2]"]),
        ("5,000 levels of nesting", [deep]),
        ("a number as the type", ['{"type": 7}']),
        ("an unknown type", ['{"type": "teleport"}']),
        ("an action before hello", ['{"type": "action", "version": 0, "action": {}}']),
        ("a wrong key", ['{"type": "hello", "key": "not-the-key"}']),
        ("a stale move", [json.dumps({"type": "hello", "key": key}),
                          '{"type": "action", "version": -5, "action": {"type": "draw"}}']),
        ("a 3 MB frame", ["x" * 3_000_000]),
    ]  # fmt: skip
    answers = []
    for name, frames in cases:
        try:
            async with websockets.connect(url, origin=origin, max_size=2**23) as socket:
                got = []
                for frame in frames:
                    await socket.send(frame)
                while True:
                    try:
                        text = await asyncio.wait_for(socket.recv(), 3)
                    except TimeoutError:
                        break
                    message = json.loads(text)
                    if message.get("type") == "error":
                        got.append(message.get("code", "?"))
                        break
                    got.append(message.get("type", "?"))
                answers.append((name, " ".join(got) or "nothing"))
        except websockets.ConnectionClosed as closed:
            answers.append((name, f"closed {closed.rcvd.code if closed.rcvd else 1006}"))
        except websockets.InvalidStatus as refused:
            answers.append((name, f"HTTP {refused.response.status_code}"))
    for name, path, origin_used in [
        ("an unknown room", "/ws/rooms/NOSUCHROOM/", origin),
        ("a foreign Origin", url.split(str(HOST))[1].split("/", 1)[1], "https://evil.example"),
        ("another path", "/ws/other/", origin),
    ]:
        target = url.split("/ws/")[0] + ("/" + path if not path.startswith("/") else path)
        try:
            async with websockets.connect(target, origin=origin_used) as socket:
                await socket.send(json.dumps({"type": "hello", "key": key}))
                text = await asyncio.wait_for(socket.recv(), 3)
                answers.append((name, json.loads(text).get("code", json.loads(text)["type"])))
        except websockets.ConnectionClosed as closed:
            answers.append((name, f"closed {closed.rcvd.code if closed.rcvd else 1006}"))
        except websockets.InvalidStatus as refused:
            answers.append((name, f"HTTP {refused.response.status_code}"))
    return answers
