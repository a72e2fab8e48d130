"""A pool of worker processes for the web face: bounded, time-limited, memory-capped, cancellable.

Each worker is `python -m smullyan.web.worker`, talking one JSON line per job over its pipes, so the
server's event loop never blocks on a search and a heavy puzzle never stalls a light one:

- a job waits for an idle worker; when `queue` jobs already wait, `run` raises `Busy` at once (503);
- a job that runs past its time limit (plus a grace for the search to stop itself and report what it
  proved) has its worker killed and replaced; so does a job whose client went away;
- a job still running after `demote_after` seconds has its worker's CPU priority lowered, so that
  light requests arriving meanwhile get the processor first; that worker is replaced afterwards
  (an unprivileged process cannot raise its priority again);
- a worker whose memory grew past `recycle_memory` since it started, or that served `max_jobs`, is
  replaced after its job, so memory returns to where it began.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from dataclasses import dataclass, field
from typing import Any

import msgspec

GRACE = 2.0  # seconds a search gets past its own time limit to stop and report, before it is killed
READY_TIMEOUT = 60.0  # seconds a new worker may take to import and warm up
MAX_REPLY = 2**27  # bytes in one reply line


class Busy(Exception):
    """Every worker is busy and the queue is full: the client should retry later."""


class Cancelled(Exception):
    """The client went away before its job finished; the job was stopped."""


class WorkerFailed(Exception):
    """A worker ended without replying (a crash, or killed from outside)."""


@dataclass(eq=False)
class Worker:
    """One worker process and what the pool knows about it."""

    process: asyncio.subprocess.Process
    jobs: int = 0
    start_memory: int = 0
    demoted: bool = False

    @property
    def pid(self) -> int:
        return self.process.pid


def resident_memory(pid: int) -> int:
    """Return the resident memory of a process in bytes (0 where /proc cannot tell)."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


@dataclass
class PoolStats:
    """What the pool has done: jobs served, killed at a limit, cancelled, refused, workers replaced."""

    served: int = 0
    timed_out: int = 0
    cancelled: int = 0
    refused: int = 0
    replaced: int = 0
    failed: int = 0


@dataclass
class WorkerPool:
    """Worker processes serving jobs one at a time each (see the module's docstring)."""

    size: int
    queue: int
    memory: int = 0  # address-space budget per worker in bytes (0: none)
    demote_after: float = 0.5
    recycle_memory: int = 256 * 2**20
    max_jobs: int = 1000
    _idle: asyncio.Queue[Worker] = field(default_factory=asyncio.Queue, init=False)
    _all: set[Worker] = field(default_factory=set, init=False)
    _waiting: int = field(default=0, init=False)
    _spawning: set[asyncio.Task[None]] = field(default_factory=set, init=False)
    _closed: bool = field(default=False, init=False)
    stats: PoolStats = field(default_factory=PoolStats, init=False)

    async def start(self) -> None:
        """Start every worker and wait until each has warmed up."""
        workers = await asyncio.gather(*(self._spawn() for _ in range(self.size)))
        for w in workers:
            self._idle.put_nowait(w)

    async def close(self) -> None:
        """Stop every worker and wait for each to exit (no process outlives the pool)."""
        self._closed = True
        for task in list(self._spawning):
            task.cancel()
        await asyncio.gather(*self._spawning, return_exceptions=True)
        await asyncio.gather(*(self._kill(w) for w in list(self._all)))

    def pids(self) -> list[int]:
        """Return the process ids of the live workers."""
        return sorted(w.pid for w in self._all)

    def load(self) -> dict[str, int]:
        """Return the pool's current load: workers, idle, waiting jobs and the queue's bound."""
        return {"workers": len(self._all), "idle": self._idle.qsize(), "waiting": self._waiting, "queue": self.queue}

    async def run(self, job: str, args: dict[str, Any], seconds: float,
                  gone: asyncio.Future[Any] | None = None) -> tuple[int, dict[str, Any]]:
        """Return (status, body) of a job run by a worker within `seconds` (+ grace).

        Raise Busy when the queue is full, Cancelled when `gone` completes first (the client left),
        TimeoutError when the worker had to be killed at the limit, WorkerFailed when it died."""
        if self._closed:
            raise Busy("the server is shutting down")
        if self._idle.empty() and self._waiting >= self.queue:
            self.stats.refused += 1
            raise Busy("every worker is busy and the queue is full")
        self._waiting += 1
        try:
            worker = await self._acquire(gone)
        finally:
            self._waiting -= 1
        keep = False
        try:
            reply = await self._exchange(worker, job, args, seconds, gone)
            keep = not worker.demoted and self._healthy(worker)
            self.stats.served += 1
            return reply
        finally:
            if keep:
                self._idle.put_nowait(worker)
            else:
                self._replace(worker)

    async def _acquire(self, gone: asyncio.Future[Any] | None) -> Worker:
        """Return an idle worker, waiting for one; raise Cancelled if the client leaves first."""
        get = asyncio.ensure_future(self._idle.get())
        waits: set[asyncio.Future[Any]] = {get} if gone is None else {get, gone}
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        if get.done():
            worker = get.result()
            if gone is not None and gone.done():
                self._idle.put_nowait(worker)
                self.stats.cancelled += 1
                raise Cancelled("the client went away")
            return worker
        get.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await get
        if get.done() and not get.cancelled():  # a worker arrived just as the client left
            self._idle.put_nowait(get.result())
        self.stats.cancelled += 1
        raise Cancelled("the client went away")

    async def _exchange(self, worker: Worker, job: str, args: dict[str, Any], seconds: float,
                        gone: asyncio.Future[Any] | None) -> tuple[int, dict[str, Any]]:
        """Return the worker's reply to one job, or raise (see `run`) after killing it."""
        proc = worker.process
        assert proc.stdin is not None and proc.stdout is not None
        worker.jobs += 1
        try:
            proc.stdin.write(msgspec.json.encode({"job": job, "args": args}) + b"\n")
            await proc.stdin.drain()
        except (ConnectionError, RuntimeError):
            self.stats.failed += 1
            raise WorkerFailed("a worker process ended unexpectedly") from None
        read = asyncio.ensure_future(proc.stdout.readline())
        demote = asyncio.get_running_loop().call_later(self.demote_after, self._demote, worker)
        waits: set[asyncio.Future[Any]] = {read} if gone is None else {read, gone}
        try:
            done, _ = await asyncio.wait(waits, timeout=seconds + GRACE, return_when=asyncio.FIRST_COMPLETED)
        finally:
            demote.cancel()
        if read not in done:
            read.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await read
            worker.demoted = True  # forces replacement in `run`
            if gone is not None and gone in done:
                self.stats.cancelled += 1
                raise Cancelled("the client went away")
            self.stats.timed_out += 1
            raise TimeoutError(f"stopped at the time limit of {seconds:g} s")
        try:
            line = read.result()
        except (ValueError, asyncio.LimitOverrunError):
            worker.demoted = True
            self.stats.failed += 1
            raise WorkerFailed("a reply was larger than the server accepts") from None
        if not line:
            worker.demoted = True
            self.stats.failed += 1
            raise WorkerFailed("a worker process ended while working (exit status "
                               f"{await _exit_status(proc)})")
        reply = msgspec.json.decode(line)
        return int(reply["status"]), reply["body"]

    def _demote(self, worker: Worker) -> None:
        """Lower the CPU priority of a worker on a long job (light requests go first)."""
        with contextlib.suppress(OSError, AttributeError):
            os.setpriority(os.PRIO_PROCESS, worker.pid, 10)
            worker.demoted = True

    def _healthy(self, worker: Worker) -> bool:
        """Return whether a worker may serve again (not too old, not grown too much)."""
        if worker.jobs >= self.max_jobs:
            return False
        now = resident_memory(worker.pid)
        return not (now and worker.start_memory and now - worker.start_memory > self.recycle_memory)

    def _replace(self, worker: Worker) -> None:
        """Kill a worker and start another in its place (in the background)."""
        self.stats.replaced += 1
        asyncio.ensure_future(self._kill(worker))
        if self._closed:
            return
        task = asyncio.ensure_future(self._respawn())
        self._spawning.add(task)
        task.add_done_callback(self._spawning.discard)

    async def _respawn(self) -> None:
        worker = await self._spawn()
        if self._closed:
            await self._kill(worker)
        else:
            self._idle.put_nowait(worker)

    async def _spawn(self) -> Worker:
        """Return a new worker that has imported and warmed up."""
        env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
               "PYTHONUNBUFFERED": "1"}
        cmd = [sys.executable, "-m", "smullyan.web.worker"]
        if self.memory:
            cmd += ["--memory", str(self.memory)]
        proc = await asyncio.create_subprocess_exec(*cmd, stdin=asyncio.subprocess.PIPE,
                                                    stdout=asyncio.subprocess.PIPE, env=env, limit=MAX_REPLY)
        worker = Worker(proc)
        self._all.add(worker)
        assert proc.stdout is not None
        try:
            line = await asyncio.wait_for(proc.stdout.readline(), READY_TIMEOUT)
        except BaseException:
            await self._kill(worker)
            raise
        if not line.startswith(b'{"ready"'):
            await self._kill(worker)
            raise WorkerFailed(f"a worker process did not start (exit status {await _exit_status(proc)})")
        worker.start_memory = resident_memory(proc.pid)
        return worker

    async def _kill(self, worker: Worker) -> None:
        """Stop a worker process and reap it."""
        self._all.discard(worker)
        proc = worker.process
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
        await proc.wait()


async def _exit_status(proc: asyncio.subprocess.Process) -> int | None:
    """Return a finished process's exit status (waiting briefly for it)."""
    with contextlib.suppress(asyncio.TimeoutError):
        return await asyncio.wait_for(proc.wait(), 2.0)
    return None
