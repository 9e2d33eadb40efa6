"""What bench/db_fault.py starts and reads: a PostgreSQL cluster and a redis-server of its
own, two daphne processes a run, and the tracebacks and outage warnings in their logs."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.live_server import HOST, DaphneProcess

PG_BIN = Path("/usr/lib/postgresql/15/bin")


def as_postgres(command: list[str], **options) -> subprocess.CompletedProcess:
    """Run a PostgreSQL tool as the postgres user (this script may run as root)."""
    if os.geteuid() == 0:
        command = ["su", "postgres", "-c", shlex.join(command)]
    return subprocess.run(command, **options)


class Cluster:
    """A PostgreSQL cluster of this run only, in a temporary folder, on `port`."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.folder = Path(tempfile.mkdtemp(prefix="db_fault_pg_"))
        self.data = self.folder / "data"
        self.log = self.folder / "postgres.log"
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self.url = f"postgres://postgres@{HOST}:{port}/fault"

    def start_fresh(self) -> None:
        as_postgres(
            [str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
             "--no-sync", "-E", "UTF8"],
            check=True, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        self.start()
        as_postgres(
            [str(PG_BIN / "createdb"), "-h", HOST, "-p", str(self.port), "-U", "postgres",
             "fault"], check=True,
        )  # fmt: skip

    def pg_ctl(self, *args: str, check: bool = True) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses={HOST}"
        as_postgres(
            [str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w",
             "-o", options, *args],
            check=check, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip

    def start(self) -> None:
        self.pg_ctl("start")

    def stop(self) -> None:
        self.pg_ctl("stop", "-m", "fast")

    def restart(self) -> None:
        self.pg_ctl("restart", "-m", "fast")

    def ready(self) -> bool:
        probe = subprocess.run(
            [str(PG_BIN / "pg_isready"), "-h", HOST, "-p", str(self.port), "-t", "1"],
            capture_output=True,
        )
        return probe.returncode == 0

    def destroy(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self.pg_ctl("stop", "-m", "immediate", check=False)
        shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"redis://{HOST}:{port}/0"
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(port), "--bind", HOST, "--save", "",
             "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        for _ in range(50):
            probe = subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True)
            if probe.stdout.strip() == b"PONG":
                return
            time.sleep(0.1)
        raise RuntimeError(f"redis-server did not answer on port {port}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


class Servers:
    """The two daphne processes of a run, each logging to a file of its own."""

    def __init__(self, env: dict[str, str], folder: Path, run: int) -> None:
        self.logs = [folder / f"run{run}-daphne{n}.log" for n in (1, 2)]
        self.processes: list[DaphneProcess] = []
        for log in self.logs:
            with log.open("wb") as out:
                self.processes.append(DaphneProcess(env, log=out, seconds=30))

    def stop(self) -> None:
        for process in self.processes:
            process.stop()

    def log_text(self) -> str:
        return "".join(log.read_text(errors="replace") for log in self.logs)


EXCEPTION_LINE = re.compile(r"^([A-Za-z_][\w.]*)(?::|$)")
CHAINED = ("The above exception was the direct cause", "During handling of the above")


OUTAGE_LINE = re.compile(r"(Database|Channel layer) lost \(")


def log_problems(text: str) -> tuple[Counter[str], int]:
    """Logged tracebacks (a chain of them counts once) by the exception that ends each,
    and the outage warnings ("Database lost …", "Channel layer lost …": the site's log
    lines carry no level name)."""
    ends: list[str] = []  # each logged traceback's last exception
    reading = chained = False
    for line in text.splitlines():
        if line.startswith("Traceback"):
            if not (chained and ends):
                ends.append("(unknown)")
            reading, chained = True, False
        elif line.startswith(CHAINED):
            chained = True
        elif reading and line and not line[0].isspace():
            match = EXCEPTION_LINE.match(line)
            if match:
                ends[-1] = match.group(1).rsplit(".", 1)[-1]
            reading = False
    lost = [line for line in text.splitlines() if OUTAGE_LINE.match(line)]
    return Counter(ends), len(lost)
