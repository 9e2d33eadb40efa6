"""A slow computer move holds only its own request: other clients are answered meanwhile.

Through the real ASGI application (as daphne runs it): one client's move against a
computer that searches for a second (busy, holding the GIL as the strong players do),
and at the same time another client's requests and a database call of the kind the
socket consumer makes (database_sync_to_async, the process's one thread-sensitive
thread). The computer thinks in a worker process (rooms.local.computer.computer_pool);
computing in a thread of the server's process instead fails this test: the other
requests wait for the GIL.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor

import pytest
from channels.db import database_sync_to_async

from config.asgi import application
from rooms.local import computer
from rooms.local import play as local_play
from tests.counter_game import bots as counter_bots

pytestmark = pytest.mark.django_db(transaction=True)

SLOW = 1.0  # seconds the computer thinks
CSRF = "a" * 32


async def request(method: str, path: str, body: dict | None = None) -> tuple[int, bytes, float]:
    """One HTTP request through the ASGI application: (status, body, seconds taken)."""
    payload = json.dumps(body).encode() if body is not None else b""
    headers = [(b"host", b"testserver"), (b"cookie", f"csrftoken={CSRF}".encode())]
    if body is not None:
        headers += [(b"content-type", b"application/json"), (b"x-csrftoken", CSRF.encode())]
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": headers,
        "client": ("127.0.0.1", 40000),
        "server": ("testserver", 80),
    }
    sent = False
    answer: dict[str, object] = {"status": 0, "body": b""}

    async def receive() -> dict:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": payload, "more_body": False}
        await asyncio.sleep(3600)  # the client stays connected
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
        elif message["type"] == "http.response.body":
            answer["body"] = answer["body"] + message.get("body", b"")  # type: ignore[operator]

    begin = time.perf_counter()
    await application(scope, receive, send)
    return answer["status"], answer["body"], time.perf_counter() - begin  # type: ignore[return-value]


@pytest.fixture
def slow_computer(monkeypatch):
    real = counter_bots.choose

    def slow(*args, **kwargs):
        end = time.perf_counter() + SLOW
        while time.perf_counter() < end:  # busy, holding the GIL as a real search does
            pass
        return real(*args, **kwargs)

    monkeypatch.setattr(counter_bots, "choose", slow)
    # Forked after the patch, so that the worker has the slow computer (the site's own
    # pool is a forkserver's, which knows nothing of the patch).
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
    previous = computer.set_computer_pool(pool)
    yield
    computer.set_computer_pool(previous)
    pool.shutdown()


async def test_a_slow_computer_move_does_not_delay_another_clients_request(slow_computer):
    # A game where the human moves first: the computer thinks only after the action.
    outcome = await database_sync_to_async(local_play.new_game)("counter", "computer", "easy")
    assert outcome.status["turn"] == 1
    token = outcome.token
    act = {"token": token, "action": {"type": "add", "amount": 1}}

    async def others() -> list[float]:
        await asyncio.sleep(0.2)  # the computer is thinking by now
        spent = []
        begin = time.perf_counter()
        await database_sync_to_async(lambda: None)()  # the socket consumer's thread
        spent.append(time.perf_counter() - begin)
        status, _, seconds = await request("POST", "/play/counter/local/new", {})
        assert status == 200
        spent.append(seconds)
        status, _, seconds = await request("GET", "/")
        assert status == 200
        spent.append(seconds)
        return spent

    (status, body, slow_seconds), quick = await asyncio.gather(
        request("POST", "/play/counter/computer/act", act), others()
    )

    assert status == 200, body
    assert json.loads(body)["status"]["turn"] == 1  # the computer did reply
    assert slow_seconds >= SLOW
    assert max(quick) < SLOW / 2, quick
