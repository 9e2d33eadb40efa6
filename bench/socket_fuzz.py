"""Hostile frames through the real room consumer, many of them, and what became of them.

The shapes of tests/rooms/test_socket_fuzz.py, drawn with `random` from a seed
(tests/rooms/socket_fuzz.py: hypothesis is too slow to draw 100,000), in batches on
tile rummy rooms: before hello on a fresh socket, then on the host's seat
with the guest connected; and per room a few sockets at paths whose code is out of
shape (NUL and other control characters, alone or around the room's real code),
which must each be refused as an unknown room (4404). Counts refusals by code, closes
by code, consumer crashes (what production answers with 1011), records logged at ERROR,
and rooms whose game or version changed (each must be 0).

    python bench/socket_fuzz.py [FRAMES [SEED]]   # 100000, seed 1; SQLite, in-memory layer
    DATABASE_URL=postgres://... REDIS_URL=redis://... python bench/socket_fuzz.py
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{tempfile.mkdtemp()}/fuzz.sqlite3")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")

import django  # noqa: E402

django.setup()

from channels.layers import channel_layers  # noqa: E402
from django.core.management import call_command  # noqa: E402

from rooms.models import Room  # noqa: E402
from rooms.online import consumers  # noqa: E402
from tests.rooms import socket_fuzz  # noqa: E402

BATCH = 200  # frames per room (before and after hello together)
ODD_PATHS = 5  # sockets per room at a path whose code is out of shape (NUL, controls...)


class Unlimited:
    """A token bucket that never runs dry (the consumer builds it with its limits)."""

    def __init__(self, **limits: float) -> None:
        pass

    def take(self) -> bool:
        return True


class ErrorCount(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


async def fuzz(
    code: str, keys: dict[str, str], before: list, after: list, odd: list[str], outcome
) -> None:
    """One room's frames, then its sockets at paths out of shape (NUL, control
    characters...), in one event loop (the layer is bound to the loop it first ran on)."""
    await socket_fuzz.fuzz_room(code, keys, before, after, outcome)
    for path_code in odd:
        await socket_fuzz.fuzz_path(code, path_code, keys["host"], outcome)


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    call_command("migrate", verbosity=0)
    consumers.TokenBucket = Unlimited  # every frame reaches the parser and the handlers
    errors = ErrorCount()
    logging.getLogger().addHandler(errors)
    outcome = socket_fuzz.Outcome()
    crashes: Counter[str] = Counter()
    changed = 0
    rooms = 0
    began = time.monotonic()

    rng = random.Random(seed)
    while outcome.frames < total:
        room = Room.objects.create_for("tiles")
        keys = {"host": room.claim_host_seat(), "guest": room.claim_guest_seat()}
        was = (room.version, Room.objects.get(pk=room.pk).state)
        before = [socket_fuzz.random_frame(rng) for _ in range(BATCH // 10)]
        after = [socket_fuzz.random_frame(rng, seated=True) for _ in range(BATCH - BATCH // 10)]
        channel_layers.backends.clear()  # a layer is bound to the event loop it first ran on
        odd = [socket_fuzz.random_odd_code(rng) for _ in range(ODD_PATHS)]
        try:
            asyncio.run(fuzz(room.code, keys, before, after, odd, outcome))
        except Exception as error:  # a consumer crash: 1011 in production
            crashes[type(error).__name__] += 1
        room.refresh_from_db()
        changed += (room.version, room.state) != was
        rooms += 1
        if rooms % 50 == 0:
            print(f"  {outcome.frames} frames, {time.monotonic() - began:.0f} s", flush=True)
    seconds = time.monotonic() - began
    print(f"frames sent: {outcome.frames} in {rooms} rooms, {seconds:.0f} s")
    print(f"database: {django.db.connection.vendor}; layer: {channel_layer_name()}")
    print("refusals by code:", dict(outcome.errors.most_common()))
    # Every socket ends with a hello under a wrong key: 4403 is each socket's last answer.
    print("closes by code:", dict(outcome.closes.most_common()))
    print(f"consumer crashes (1011): {sum(crashes.values())} {dict(crashes)}")
    print(f"records logged at ERROR: {errors.count}")
    print(f"rooms whose game or version changed: {changed}")


def channel_layer_name() -> str:
    from django.conf import settings as django_settings

    return django_settings.CHANNEL_LAYERS["default"]["BACKEND"]


if __name__ == "__main__":
    main()
