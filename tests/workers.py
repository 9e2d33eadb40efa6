"""Each pytest-xdist worker (`make test` runs two or more) gets a Redis database of its
own: the cache is cleared before every test and the rooms' channel groups are named
after row ids, which the workers' test databases share, so one Redis database for all
would mix their requests and pushes.

Loaded by `-p tests.workers` (pyproject.toml's addopts), before pytest-django reads the
settings; xdist names the worker in the environment before that.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

REDIS_DATABASES = 16  # Redis's default count


def worker_number() -> int:
    """0 for the only process or xdist's first worker ("gw0"), 1 for "gw1", and so on."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker.removeprefix("gw")) if worker.startswith("gw") else 0


def redis_url_of_worker(url: str, number: int) -> str:
    parts = urlsplit(url)
    base = int(parts.path.lstrip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(base + number) % REDIS_DATABASES}"))


if os.environ.get("REDIS_URL") and worker_number():
    os.environ["REDIS_URL"] = redis_url_of_worker(os.environ["REDIS_URL"], worker_number())
