"""A real daphne for tests: a free port, the environment of a production-like server
process, the migrations of its database, and the process itself (started, waited for
until it listens, stopped or killed)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def wait_until_listening(port: int, process: subprocess.Popen[bytes], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with {process.returncode}")
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"daphne did not answer on port {port} within {seconds} s")


def server_env(
    database_url: str,
    secret_key: str,
    *,
    settings_module: str | None = None,
    keep_redis: bool = True,
    **overrides: str,
) -> dict[str, str]:
    """This process's environment with the settings of a production-like server: DEBUG=0,
    the given SECRET_KEY and DATABASE_URL, local hosts, no static manifest, no HTTPS
    redirect. REDIS_URL is inherited unless keep_redis is false (then the in-memory
    channel layer); `overrides` are set last (DEBUG="1", LOG_LEVEL=...)."""
    env = dict(os.environ)
    if not keep_redis:
        env.pop("REDIS_URL", None)
    env |= {
        "DEBUG": "0",
        "SECRET_KEY": secret_key,
        "ALLOWED_HOSTS": f"{HOST},localhost",
        "STATIC_MANIFEST": "0",
        "SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": database_url,
    }
    if settings_module is not None:
        env["DJANGO_SETTINGS_MODULE"] = settings_module
    return env | overrides


def migrate(env: dict[str, str]) -> None:
    """Migrate the database that `env` names, in a process of its own."""
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


class DaphneProcess:
    """daphne serving `application` (the site by default) on 127.0.0.1 and a free port,
    started and listening once constructed. Output goes to `log` (with stderr) or nowhere.
    `cwd` is the checkout whose code it serves (another one: bench/ws_load.py --against)."""

    def __init__(
        self,
        env: dict[str, str],
        *,
        log: IO[bytes] | None = None,
        seconds: float = 20,
        application: str = "config.asgi:application",
        cwd: Path = ROOT,
    ) -> None:
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                HOST,
                "-p",
                str(self.port),
                application,
            ],
            cwd=cwd,
            env=env,
            stdout=subprocess.DEVNULL if log is None else log,
            stderr=subprocess.DEVNULL if log is None else subprocess.STDOUT,
        )
        try:
            wait_until_listening(self.port, self.process, seconds)
        except BaseException:
            self.stop()
            raise

    def kill(self) -> None:
        """SIGKILL: the process dies without closing anything."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(5)

    def stop(self, seconds: float = 5) -> None:
        """Terminate, and kill if it has not exited within `seconds`."""
        if self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
