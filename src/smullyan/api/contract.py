"""The error contract at the API's edge: limits read from what users write, and every failure
turned into one of smullyan's errors (never a bare traceback)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from ..errors import BadInput, InternalError, Interrupted, LimitReached, SmullyanError
from ..interrogate.search import Limits

F = TypeVar("F", bound=Callable[..., Any])

LimitSpec = str | int | float | Sequence[str | int | float] | None
MemorySpec = str | int | None
UNITS = {"": 1, "b": 1, "k": 2**10, "kb": 2**10, "m": 2**20, "mb": 2**20, "g": 2**30, "gb": 2**30, "t": 2**40, "tb": 2**40}
MIN_MEMORY = 64 * 2**20  # below this not even the interpreter fits


@dataclass(frozen=True)
class Progress:
    """How a long search is going: what it is doing, how much it has explored, and for how long."""

    stage: str
    explored: int
    seconds: float


def parse_memory(memory: MemorySpec) -> int | None:
    """Return a memory budget in bytes from what a user wrote: 2G, 500M, 1.5GB, or a number of bytes."""
    if memory is None:
        return None
    if isinstance(memory, bool) or not isinstance(memory, (int, str)):
        raise BadInput(f"a memory budget is a size such as 2G or 500M, got {memory!r}")
    if isinstance(memory, int):
        size = memory
    else:
        import re

        m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([a-zA-Z]*)\s*", memory)
        if not m or m.group(2).lower() not in UNITS:
            raise BadInput(f"a memory budget is a size such as 2G or 500M, got {memory!r}")
        size = int(float(m.group(1)) * UNITS[m.group(2).lower()])
    if size < MIN_MEMORY:
        raise BadInput(f"a memory budget must be at least {MIN_MEMORY // 2**20} MB, got {memory!r}")
    return size


def limits_of(limit: LimitSpec, memory: MemorySpec = None,
              progress: Callable[[Progress], None] | None = None) -> Limits:
    """Return the engines' Limits: nodes and seconds (`limit`), a memory budget, and a progress callback."""
    limits = parse_limit(limit)
    limits.memory = parse_memory(memory)
    if progress is not None:
        report = progress
        limits.progress = lambda stage, explored, seconds: report(Progress(stage, explored, seconds))
    return limits


def parse_limit(limit: LimitSpec) -> Limits:
    """Return the Limits a user wrote: a whole number of nodes (100000), seconds ('5s', 2.5), or several of them."""
    limits = Limits()
    items = [limit] if isinstance(limit, (str, int, float)) else list(limit or [])
    for item in items:
        if isinstance(item, bool):
            raise BadInput(f"a limit is a number of nodes (e.g. 100000) or seconds (e.g. '5s'), got {item!r}")
        if isinstance(item, int):
            if item < 0:
                raise BadInput(f"a node limit must be at least 0, got {item}")
            limits.nodes = item
            continue
        if isinstance(item, float):
            if not item > 0 or item == float("inf"):
                raise BadInput(f"a time limit must be a positive number of seconds, got {item!r}")
            limits.seconds = item
            continue
        if not isinstance(item, str):
            raise BadInput(f"a limit is a number of nodes (e.g. 100000) or seconds (e.g. '5s'), got {item!r}")
        text = item.strip().lower()
        try:
            if text.endswith("s"):
                seconds = float(text[:-1])
                if not 0 < seconds < float("inf"):
                    raise ValueError
                limits.seconds = seconds
            else:
                nodes = int(text.replace(",", "").replace("_", ""))
                if nodes < 0:
                    raise ValueError
                limits.nodes = nodes
        except ValueError:
            raise BadInput(f"a limit is a number of nodes (e.g. 100000) or seconds (e.g. 5s), got {item!r}") from None
    return limits


def guarded(fn: F) -> F:
    """Return fn whose failures are smullyan errors: Ctrl-C becomes Interrupted, a bug InternalError."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except SmullyanError:
            raise
        except KeyboardInterrupt:
            raise Interrupted("interrupted") from None
        except RecursionError:
            raise BadInput("the input is nested too deeply to read") from None
        except MemoryError:
            raise LimitReached("stopped: the memory budget ran out (raise it with --memory, or simplify the puzzle)") from None
        except Exception as e:  # a bug: keep the cause for developers, show one line to users
            raise InternalError(f"{type(e).__name__}: {e}") from e

    return cast(F, wrapper)
