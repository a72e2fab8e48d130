"""A live `smullyan serve` for the tests: started on a free loopback port, stopped with Ctrl-C."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

START_TIMEOUT = 60.0


def free_port() -> int:
    """Return a loopback port nothing listens on (the OS picks it)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def children(pid: int) -> list[int]:
    """Return the ids of the live child processes of a process (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return sorted(found)


def resident(pid: int) -> int:
    """Return the resident memory of a process in bytes."""
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class Server:
    """`smullyan serve` in a subprocess, with a client for it."""

    def __init__(self, *options: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.TemporaryFile("w+")  # a file, not a pipe: a full pipe would stall the server
        self.process = subprocess.Popen([sys.executable, "-m", "smullyan", "serve", "--port", str(self.port), *options],
                                        stdout=self.log, stderr=self.log, text=True)
        self.client = httpx.Client(base_url=self.url, timeout=60)
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.process.poll() is not None:
                self.log.seek(0)
                raise RuntimeError(f"the server did not start: {self.log.read()}")
            try:
                if self.client.get("/api/health").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the server did not answer within a minute")
            time.sleep(0.1)

    def workers(self) -> list[int]:
        """Return the pids of the server's worker processes."""
        return children(self.process.pid)

    def health(self) -> dict:
        return self.client.get("/api/health").json()

    def settle(self, workers: int, timeout: float = 30.0) -> dict:
        """Return the health once every worker is back and idle (replacements start in the background)."""
        deadline = time.monotonic() + timeout
        while True:
            health = self.health()
            if health["workers"] == workers and health["idle"] == workers:
                return health
            if time.monotonic() > deadline:
                raise AssertionError(f"the pool did not settle: {health}")
            time.sleep(0.1)

    def stderr(self) -> str:
        """Return what the server and its workers wrote so far."""
        self.log.seek(0)
        return self.log.read()

    def stop(self) -> int:
        """Stop the server as a user does (Ctrl-C); return its exit status."""
        self.client.close()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode
