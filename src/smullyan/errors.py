"""Errors: one small hierarchy mirroring the exit contract, shared by every layer.

An inconsistent puzzle or a strategy that fails verification is an *answer* (a result value), never
an error. Everything else that stops the work is one of these, and every face maps it to the same
exit status:

- BadInput (2): the input is wrong; the message names the file and the line and column or key.
- LimitReached (3): a time or node limit stopped the search; `proved` holds what was already proved,
  and `best` the best verified answer found before it, if any (an upper bound, never called optimal).
- Interrupted (130): the user stopped the work (Ctrl-C).
- InternalError (70): a bug in smullyan; never shown as a traceback.

`PuzzleError` and `SearchLimitReached` are the engines' older names for BadInput and LimitReached.
"""

from __future__ import annotations

import copy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


class SmullyanError(Exception):
    """Anything that stops smullyan's work, reported as one line (with file, key, line and column where known)."""

    exit_status = 70

    def __init__(self, message: str, *, source: str | None = None, key: str | None = None,
                 line: int | None = None, column: int | None = None):
        self.message = message
        self.source = source
        self.key = key
        self.line = line
        self.column = column
        super().__init__(self.render())

    def render(self) -> str:
        """Return the one-line message: 'FILE: key K: message'."""
        where = []
        if self.source:
            where.append(self.source)
        if self.key:
            where.append(f"key '{self.key}'")
        prefix = ": ".join(where)
        return f"{prefix}: {self.message}" if prefix else self.message

    def located(self, source: str | None = None, key: str | None = None) -> "SmullyanError":
        """Return a copy of this error with a file (and key) filled in where still missing."""
        other = copy.copy(self)
        other.source = self.source or source
        other.key = self.key or key
        other.args = (other.render(),)
        return other

    def to_dict(self) -> dict[str, Any]:
        """Return the error as a JSON-ready dict: kind, exit status, message and where."""
        out: dict[str, Any] = {"error": ERROR_KINDS.get(type(self), "error"), "exit_status": self.exit_status,
                               "message": self.message}
        for name in ("source", "key", "line", "column"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out


class BadInput(SmullyanError):
    """The input is wrong: a malformed puzzle, strategy, expression, option or file."""

    exit_status = 2


class LimitReached(SmullyanError):
    """A search stopped at its time or node limit before the answer was complete."""

    exit_status = 3

    def __init__(self, message: str, *, proved: dict[str, Any] | None = None, best: Any = None, **where: Any):
        self.proved: dict[str, Any] = dict(proved or {})
        self.best = best  # e.g. a strategy verified before the limit: an upper bound, not an optimum
        super().__init__(message, **where)

    def with_proved(self, facts: dict[str, Any], best: Any = None) -> "LimitReached":
        """Return a copy of this error that also carries the facts already proved (and the best
        verified answer found, unless it carries one already)."""
        other = copy.copy(self)
        other.proved = {**facts, **self.proved}
        if other.best is None:
            other.best = best
        return other

    def to_dict(self) -> dict[str, Any]:
        """Return the error as a JSON-ready dict, with what was already proved and, where a strategy was
        verified before the limit (a public Strategy), that strategy and its figures, upper bounds only."""
        out = {**super().to_dict(), "complete": False, "proved": self.proved}
        tree = getattr(self.best, "tree", None)
        if callable(tree):
            out.update({"best_strategy": tree(), "best_expected_questions": self.proved.get("expected_at_most"),
                        "best_questions": self.proved.get("worst_at_most")})
        return out


class Interrupted(SmullyanError):
    """The user interrupted the work."""

    exit_status = 130


class InternalError(SmullyanError):
    """A bug in smullyan (an invariant failed); reported without a traceback."""

    exit_status = 70


def did_you_mean(name: object, choices: "Iterable[str]") -> str:
    """Return " (did you mean 'x'?)" for the choice closest to a misspelt name, or "" when none is close."""
    import difflib

    if not isinstance(name, str):
        return ""
    options = list(choices)
    lowered = {c.lower(): c for c in options}
    close = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.75)
    return f" (did you mean '{lowered[close[0]]}'?)" if close else ""


ERROR_KINDS: dict[type, str] = {BadInput: "bad_input", LimitReached: "limit_reached",
                                Interrupted: "interrupted", InternalError: "internal_error"}

PuzzleError = BadInput
SearchLimitReached = LimitReached
