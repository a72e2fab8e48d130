"""The error contract at the API's edge: limits read from what users write, and every failure
turned into one of smullyan's errors (never a bare traceback)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from ..errors import BadInput, InternalError, Interrupted, SmullyanError
from ..interrogate.search import Limits

F = TypeVar("F", bound=Callable[..., Any])

LimitSpec = str | int | float | Sequence[str | int | float] | None


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
            raise InternalError("ran out of memory") from None
        except Exception as e:  # a bug: keep the cause for developers, show one line to users
            raise InternalError(f"{type(e).__name__}: {e}") from e

    return cast(F, wrapper)
