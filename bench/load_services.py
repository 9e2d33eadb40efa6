"""What bench/ws_load.py starts and stops: a redis-server of its own, a PostgreSQL
database of its own, the daphne processes, and the rooms it plays in; the CPU and memory
of those processes, read from /proc."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.live_server import HOST, DaphneProcess, free_port, migrate, server_env  # noqa: E402

SECRET = "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz"
APPLICATION = "bench.relay:application"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


class Services:
    """Redis, the database and the daphne processes of one bench run: `processes` of
    them serving this checkout, and as many serving each checkout of `against` (another
    commit's code, on the same database and Redis); `servers` are the ones in use
    (`use`)."""

    def __init__(
        self,
        stack: str,
        processes: int,
        profile: str = "",
        trace: bool = False,
        settings: dict[str, str] | None = None,
        application_name: str = "",
        against: tuple[Path, ...] = (),
    ) -> None:
        self.stack, self.processes, self.profile, self.trace = stack, processes, profile, trace
        self.settings = settings or {}  # environment variables of the servers, set last
        # The servers' connections are named so in pg_stat_activity (bench/db_load.py).
        self.application_name = application_name
        self.folder = Path(tempfile.mkdtemp(prefix="ws_load_"))
        self.redis: subprocess.Popen[bytes] | None = None
        self.database = ""
        self.checkouts = (ROOT, *against)
        self.served: dict[Path, list[DaphneProcess]] = {}
        self.servers: list[DaphneProcess] = []
        self.logs: list[Path] = []

    def start(self) -> None:
        if self.stack == "memory":
            database_url = f"sqlite:///{self.folder / 'bench.sqlite3'}"
            redis_url = None
        else:
            port = free_port()
            self.redis = subprocess.Popen(
                ["redis-server", "--port", str(port), "--bind", HOST, "--save", "",
                 "--appendonly", "no", "--maxclients", "20000"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )  # fmt: skip
            redis_url = f"redis://{HOST}:{port}/0"
            self.database = f"ws_load_{os.getpid()}"
            subprocess.run(["createdb", "-h", HOST, "-U", "postgres", self.database], check=True)
            database_url = f"postgres://postgres@{HOST}:5432/{self.database}"
            for _ in range(50):
                probe = subprocess.run(
                    ["redis-cli", "-p", str(port), "ping"], capture_output=True, text=True
                )
                if probe.stdout.strip() == "PONG":
                    break
                time.sleep(0.1)
        self.env = server_env(database_url, SECRET, LOG_LEVEL="WARNING")
        if self.profile:
            self.env["WS_LOAD_PROFILE"] = str(Path(self.profile).resolve())
        if self.trace:
            self.env["WS_LOAD_TRACE"] = "1"
        # The pages of the bench move as fast as the server answers: at 10 rooms a socket
        # sends more than the 10 messages a second a player's may (rate_limited), and
        # the measure is of a limit that never binds.
        self.env["ROOM_SOCKET_BURST"] = "10000"
        self.env.pop("REDIS_URL", None)
        if redis_url:
            self.env["REDIS_URL"] = redis_url
        self.env |= self.settings
        migrate(self.env)
        servers_env = dict(self.env)
        if self.application_name and self.database:
            servers_env["DATABASE_URL"] += f"?application_name={self.application_name}"
        for checkout in self.checkouts:
            servers = self.served.setdefault(checkout, [])
            for _ in range(self.processes):
                log = self.folder / f"daphne{len(self.logs)}.log"
                self.logs.append(log)
                with log.open("wb") as out:
                    servers.append(
                        DaphneProcess(
                            servers_env, log=out, seconds=30, application=APPLICATION, cwd=checkout
                        )
                    )
        self.use(ROOT)

    def use(self, checkout: Path) -> None:
        """The next phases are served by `checkout`'s processes (the others stay idle)."""
        self.servers = self.served[checkout]

    def stop(self) -> None:
        for servers in self.served.values():
            for server in servers:
                server.stop()
        if self.redis is not None:
            self.redis.terminate()
            self.redis.wait(10)
        if self.database:
            subprocess.run(
                ["dropdb", "-h", HOST, "-U", "postgres", "--if-exists", "--force", self.database],
                check=False,
            )
        if any(self.log_problems().values()):
            print(f"server logs kept in {self.folder}")
        else:
            shutil.rmtree(self.folder, ignore_errors=True)

    def pids(self) -> list[int]:
        return [server.process.pid for server in self.servers]

    def cpu(self) -> tuple[float, float]:
        """CPU seconds of the daphne processes and of Redis."""
        daphne = sum(cpu_seconds(pid) for pid in self.pids())
        redis = cpu_seconds(self.redis.pid) if self.redis is not None else 0.0
        return daphne, redis

    def log_problems(self) -> Counter[str]:
        found: Counter[str] = Counter()
        for log in self.logs:
            text = log.read_text(errors="replace")
            for needle in ("Traceback", "over capacity", "Too many connections", "ERROR"):
                found[needle] += text.count(needle)
        return +found

    def leftovers(self, seconds: float = 60) -> dict[str, float]:
        """What closed sockets left behind (group members in Redis, seats marked
        connected), waited for until nothing is left or `seconds` have passed: the
        server may still be working through its queue of disconnects."""
        started = time.monotonic()
        while True:
            left = self.left_now()
            waited = time.monotonic() - started
            if not any(left.values()) or waited > seconds:
                return {**left, "after s": round(waited)}
            time.sleep(2)

    def left_now(self) -> dict[str, int]:
        from rooms.models import Seat

        seats = Seat.objects.exclude(channel_name="").count()
        members = 0
        if self.redis is not None:
            import redis

            client = redis.Redis.from_url(self.env["REDIS_URL"])
            members = sum(client.zcard(key) for key in client.scan_iter("asgi:group:*"))
            client.close()
        return {"group members": members, "seats marked connected": seats}


def setup_django(env: dict[str, str]) -> None:
    import django

    for name in ("DATABASE_URL", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS"):
        os.environ[name] = env[name]
    os.environ.pop("REDIS_URL", None)  # the client sends nothing through the layer
    os.environ["CONN_MAX_AGE"] = "0"  # nothing left open when the database is dropped
    os.environ["DATABASE_POOL"] = "0"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()


def make_rooms(count: int) -> list[tuple[str, str, str]]:
    from django.db import close_old_connections

    from rooms.models import Room

    rooms = []
    for _ in range(count):
        room = Room.objects.create_for("tiles")
        rooms.append((room.code, room.claim_host_seat(), room.claim_guest_seat()))
    close_old_connections()
    return rooms
