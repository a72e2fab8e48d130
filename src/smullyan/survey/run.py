"""Running a survey: one process, a pool of local processes, or an existing Dask cluster.

Rows come back in the order of the multisets whatever the order they finish in; `progress` is
called once per finished puzzle.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable, Sequence

from ..errors import SmullyanError
from .table import Reading, Row, survey_one

Progress = Callable[[Row], None]


def run_survey(specs: Sequence[tuple[str, ...]], reading: Reading, workers: int | None = None,
               scheduler: str | None = None, progress: Progress | None = None) -> list[Row]:
    """Return the rows of every multiset, computed in parallel."""
    if scheduler:
        return _on_dask(specs, reading, scheduler, progress)
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        rows = []
        for types in specs:
            rows.append(survey_one(types, reading))
            if progress:
                progress(rows[-1])
        return rows
    # largest puzzles first keeps both processes busy to the end
    order = sorted(range(len(specs)), key=lambda i: -_size(specs[i]))
    out: list[Row | None] = [None] * len(specs)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(survey_one, specs[i], reading): i for i in order}
        for fut in as_completed(futures):
            out[futures[fut]] = fut.result()
            if progress:
                progress(out[futures[fut]])
    return [r for r in out if r is not None]


def _size(types: tuple[str, ...]) -> int:
    """Return how many type assignments a multiset has (a proxy for its cost)."""
    from math import factorial
    n = factorial(len(types))
    for t in set(types):
        n //= factorial(types.count(t))
    return n


def _on_dask(specs, reading: Reading, scheduler: str, progress: Progress | None) -> list[Row]:
    """Return the rows computed on the Dask cluster at `scheduler` (tcp://host:port)."""
    try:
        from distributed import Client, as_completed as dask_completed
    except ImportError:  # pragma: no cover - declared as a dependency
        raise SmullyanError("--scheduler needs dask.distributed (pip install distributed)") from None
    try:
        client = Client(scheduler, timeout="10s")
    except (OSError, TimeoutError) as e:
        raise SmullyanError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    try:
        futures = client.map(survey_one, list(specs), reading=reading, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        out: list[Row | None] = [None] * len(specs)
        for fut in dask_completed(futures):
            out[index[fut.key]] = fut.result()
            if progress:
                progress(out[index[fut.key]])
        return [r for r in out if r is not None]
    finally:
        client.close()
