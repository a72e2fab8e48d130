"""What every puzzle file shares: reading TOML, and the checks the schema cannot make (distinct names,
the agents named in `[allowed]`). Shapes, types, choices, unknown keys and sizes are `schema`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import PuzzleError, did_you_mean

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


def read_toml(path: str | Path) -> dict[str, Any]:
    """Return the parsed TOML of a file; raise PuzzleError naming the file and the position."""
    import tomllib

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
    except RecursionError:
        raise PuzzleError("the TOML is nested too deeply to read", source=str(path)) from None


def distinct(names: list[str], key: str) -> list[str]:
    """Return the names, which must all differ (the schema has checked they are non-empty strings)."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise PuzzleError(f"'{name if len(name) <= 60 else name[:59] + '…'}' appears twice", key=key)
        seen.add(name)
    return names


def check_allowed(allowed: dict[str, list[str]], agents: list[str], required: bool) -> None:
    """Raise PuzzleError for an agent of `[allowed]` that is not among `agents` (or, when `required`, an
    agent missing from it)."""
    for agent in allowed:
        if agent not in agents:
            raise PuzzleError(f"unknown agent '{agent}'; agents are {', '.join(agents)}{did_you_mean(agent, agents)}",
                              key=f"allowed.{agent}")
    if required:
        for agent in agents:
            if agent not in allowed:
                raise PuzzleError("missing: every agent needs its allowed types", key=f"allowed.{agent}")
