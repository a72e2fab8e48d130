"""Running a survey: one process, a pool of local processes, or an existing Dask cluster.

Rows come back in the order of the multisets whatever the order they finish in; `progress` is
called once per finished puzzle.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Callable, Sequence

from ..errors import BadInput
from .table import Reading, Row, copied_row, counted_form, survey_one


def run_survey(specs: Sequence[tuple[str, ...]], reading: Reading, workers: int | None = None,
               scheduler: str | None = None, progress: Callable[[Row], None] | None = None) -> list[Row]:
    """Return the rows of every multiset, computed in parallel; multisets with the same counted
    problem (`counted_form`) are searched once and the others copy its figures (`same_as`)."""
    first: dict = {}
    source = []
    for types in specs:
        form = counted_form(types, reading)
        source.append(types if form is None else first.setdefault(form, types))
    unique = [t for t, s in zip(specs, source) if t == s]

    def tick(row: Row) -> None:
        if progress:
            for _ in range(sum(1 for s in source if s == row.types)):
                progress(row)

    rows = dict(zip(unique, run_parallel(survey_one, unique, reading, workers, scheduler, tick, cost=_size)))
    return [rows[t] if t == s else copied_row(rows[s], t, reading) for t, s in zip(specs, source)]


def run_parallel(fn: Callable[[Any, Reading], Any], items: Sequence, reading: Reading, workers: int | None = None,
                 scheduler: str | None = None, progress: Callable[[Any], None] | None = None,
                 cost: Callable[[Any], int] | None = None) -> list:
    """Return fn(item, reading) for every item, in order, computed by local processes or on Dask."""
    if scheduler:
        return _on_dask(fn, items, reading, scheduler, progress)
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        out = []
        for item in items:
            out.append(fn(item, reading))
            if progress:
                progress(out[-1])
        return out
    # costly items first keeps every process busy to the end
    order = sorted(range(len(items)), key=lambda i: -cost(items[i])) if cost else range(len(items))
    results: list = [None] * len(items)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    try:
        futures = {pool.submit(fn, items[i], reading): i for i in order}
        for fut in as_completed(futures):
            results[futures[fut]] = fut.result()
            if progress:
                progress(results[futures[fut]])
    except BaseException:  # Ctrl-C (or a failure): stop every worker now rather than wait for their puzzles
        _terminate(pool)
        raise
    pool.shutdown()
    return results


def _ignore_interrupts() -> None:
    """Let only the parent process see Ctrl-C; it stops the workers itself."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop a pool's worker processes at once and drop the work not yet started."""
    processes = list(getattr(pool, "_processes", {}).values())
    thread = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        proc.terminate()
    for proc in processes:
        proc.join(timeout=2)
    # a worker killed while sending its result leaves half a message in the result pipe, and the pool's
    # manager thread would wait for the rest forever; interpreter exit must not join it
    import concurrent.futures.process as cfp

    if thread is not None:
        getattr(cfp, "_threads_wakeups", {}).pop(thread, None)


def _size(types: tuple[str, ...]) -> int:
    """Return how many type assignments a multiset has (a proxy for its cost)."""
    from math import factorial
    n = factorial(len(types))
    for t in set(types):
        n //= factorial(types.count(t))
    return n


def _on_dask(fn, items, reading: Reading, scheduler: str, progress) -> list:
    """Return the results computed on the Dask cluster at `scheduler` (tcp://host:port)."""
    try:
        from distributed import Client, as_completed as dask_completed
    except ImportError:
        raise BadInput("a Dask scheduler needs the optional extra: pip install 'smullyan[dask]'") from None
    try:
        client = Client(scheduler, timeout="5s")
    except (OSError, TimeoutError, ValueError, TypeError) as e:  # unreachable, or not an address Dask reads
        raise BadInput(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    try:
        import dataclasses
        import uuid

        from distributed import Event

        event = Event(f"smullyan-cancel-{uuid.uuid4().hex}", client=client)
        reading = dataclasses.replace(reading, cancel=event.name)
        futures = client.map(fn, list(items), reading=reading, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        out: list = [None] * len(items)
        try:
            for fut in dask_completed(futures):
                out[index[fut.key]] = fut.result()
                if progress:
                    progress(out[index[fut.key]])
        except BaseException:  # Ctrl-C: the running searches see the event within 0.1 s; the queued are dropped
            event.set()
            client.cancel(futures)
            raise
        return out
    finally:
        client.close()
