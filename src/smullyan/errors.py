"""Errors a user can act on: every failure smullyan reports is one of these."""

from __future__ import annotations


class SmullyanError(Exception):
    """A problem with the user's input, reported as one line (with file and key where known)."""

    def __init__(self, message: str, *, source: str | None = None, key: str | None = None):
        self.message = message
        self.source = source
        self.key = key
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
        """Return this error with a file (and key) filled in where still missing."""
        return type(self)(self.message, source=self.source or source, key=self.key or key)


class PuzzleError(SmullyanError):
    """A malformed puzzle or strategy file, or an expression that names unknown things."""


class SearchLimitReached(SmullyanError):
    """A search stopped at its node or time limit before reaching an answer."""
