"""What every puzzle file shares: reading TOML and checking keys, names, choices and counts."""

from __future__ import annotations

import tomllib
from typing import TYPE_CHECKING, Any

from ..errors import PuzzleError

if TYPE_CHECKING:
    from pathlib import Path


def read_toml(path: str | Path) -> dict[str, Any]:
    """Return the parsed TOML of a file; raise PuzzleError naming the file and the position."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise PuzzleError(f"cannot read the file: {e.strerror or e}", source=str(path)) from None
    except UnicodeDecodeError:
        raise PuzzleError("the file is not UTF-8 text", source=str(path)) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PuzzleError(f"invalid TOML: {e}", source=str(path)) from None


def unknown_keys(data: dict, keys: tuple[str, ...], prefix: str = "") -> None:
    """Raise PuzzleError for the first key not among `keys`."""
    for key in data:
        if key not in keys:
            raise PuzzleError(f"unknown key; expected one of: {', '.join(keys)}", key=prefix + key)


def names(data: dict, key: str, what: str, minimum: int) -> list[str]:
    """Return a list of distinct non-empty names under `key`."""
    if key not in data:
        raise PuzzleError(f"missing: list the {what}", key=key)
    value = data[key]
    if not isinstance(value, list) or not all(isinstance(x, str) and x.strip() for x in value):
        raise PuzzleError(f"must be a list of {what} (non-empty strings)", key=key)
    if len(value) < minimum:
        raise PuzzleError(f"needs at least {minimum} {what}, got {len(value)}", key=key)
    dup = sorted({x for x in value if value.count(x) > 1})
    if dup:
        raise PuzzleError(f"'{dup[0]}' appears twice", key=key)
    return value


def choice(data: dict, key: str, choices, default: str) -> str:
    """Return the value under `key` (or the default), which must be one of `choices`."""
    value = data.get(key, default)
    if value not in choices:
        raise PuzzleError(f"unknown value {value!r}; choose one of: {', '.join(choices)}", key=key)
    return value


def count(data: dict, key: str, default: int | None) -> int | None:
    """Return the whole number >= 0 under `key`, or the default when absent."""
    if key not in data:
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PuzzleError(f"must be a whole number of at least 0, got {value!r}", key=key)
    return value


def description(data: dict) -> str:
    """Return the optional description (a string)."""
    value = data.get("description", "")
    if not isinstance(value, str):
        raise PuzzleError("must be a string", key="description")
    return value


def allowed_table(data: dict, agents: list[str], required: bool) -> dict[str, list]:
    """Return the [allowed] table: agent -> non-empty list (every agent present when `required`)."""
    allowed = data.get("allowed", {})
    if not isinstance(allowed, dict):
        raise PuzzleError("must be a table mapping each agent to a list of types", key="allowed")
    for agent, types in allowed.items():
        if agent not in agents:
            raise PuzzleError(f"unknown agent '{agent}'; agents are {', '.join(agents)}", key=f"allowed.{agent}")
        if not isinstance(types, list) or not types:
            raise PuzzleError("must be a non-empty list of types", key=f"allowed.{agent}")
    if required:
        for agent in agents:
            if agent not in allowed:
                raise PuzzleError("missing: every agent needs its allowed types", key=f"allowed.{agent}")
    return allowed
