"""A worker process of the web face: it reads one job per line on stdin and writes one reply per line.

Run as `python -m smullyan.web.worker [--memory BYTES]` by `web.pool`. A job is a JSON object
`{"job": name, "args": {...}}`; the reply is `{"status": http_status, "body": {...}}` on the process's
own output channel (a duplicate of the original stdout; anything printed goes to stderr). The process
caps its own address space, exits when stdin closes or its parent dies, and never raises: a bug is a
reply with status 500 and one line, never a traceback on the channel.
"""

from __future__ import annotations

import os
import sys
import threading
import time

PARENT_CHECK = 0.5  # seconds between checks that the server still runs
HEADROOM = 256 * 2**20  # bytes of address space beyond the budget, so the searches' own memory check stops them first


def _cap_memory(budget: int | None) -> None:
    """Limit this process's address space to what it uses now plus the budget (a runaway search gets
    MemoryError, not the machine; the searches' own check of resident memory usually stops them first)."""
    if not budget:
        return
    import resource

    try:
        with open("/proc/self/statm", "rb") as f:
            now = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        now = 0
    ceiling = now + budget + max(HEADROOM, budget // 2)  # past the searches' own check, which polls
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = ceiling if hard == resource.RLIM_INFINITY else min(ceiling, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _watch_parent() -> None:
    """Exit this process as soon as the server that started it is gone (no orphaned workers)."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _private_channel() -> "object":
    """Return a binary writer on the original stdout, and point fd 1 and sys.stdout at stderr."""
    channel = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return channel


def main(argv: list[str] | None = None) -> int:
    """Serve jobs until stdin closes; return the exit status."""
    import argparse

    parser = argparse.ArgumentParser(prog="smullyan.web.worker")
    parser.add_argument("--memory", type=int, default=0, help="address-space budget in bytes (0: none)")
    args = parser.parse_args(argv)
    channel = _private_channel()
    _watch_parent()
    from . import jobs  # imports the API and its engines once, before the first job

    jobs.warm_up()
    _cap_memory(args.memory)
    channel.write(b'{"ready": true}\n')  # type: ignore[attr-defined]
    for line in sys.stdin.buffer:
        reply = jobs.run_line(line)
        channel.write(reply + b"\n")  # type: ignore[attr-defined]
    return 0


if __name__ == "__main__":
    sys.exit(main())
