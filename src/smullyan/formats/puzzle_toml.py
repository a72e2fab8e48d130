"""Puzzle files in TOML: reading them into puzzles, with one clear message per mistake."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from ..deduce.model import Deduction
from ..errors import PuzzleError
from .deduction_toml import deduction_from_dict, grid_from_dict
from ..interrogate.puzzle import GOALS, LANGUAGES, Interrogation
from ..logic.types import PARADOX_MODES, RANDOM_MODES, canonical_type
from ..logic.worlds import assignments_from_allowed, assignments_from_permutation, build_space

TOP_KEYS = ("title", "description", "kind", "agents", "types", "allowed", "words", "goal",
            "max_questions", "random", "paradox", "questions")
QUESTION_KEYS = ("language", "max_complexity")
KINDS = ("interrogation", "deduction", "grid")


def read_toml(path: str | Path) -> dict[str, Any]:
    """Return the parsed TOML of a file; raise PuzzleError naming the file and the position."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise PuzzleError(f"cannot read the file: {e.strerror or e}", source=str(path)) from None
    except UnicodeDecodeError:
        raise PuzzleError("the file is not UTF-8 text", source=str(path)) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PuzzleError(f"invalid TOML: {e}", source=str(path)) from None


def _names(data: dict, key: str, what: str, minimum: int) -> list[str]:
    value = data[key]
    if not isinstance(value, list) or not all(isinstance(x, str) and x.strip() for x in value):
        raise PuzzleError(f"must be a list of {what} (non-empty strings)", key=key)
    if len(value) < minimum:
        raise PuzzleError(f"needs at least {minimum} {what}, got {len(value)}", key=key)
    dup = sorted({x for x in value if value.count(x) > 1})
    if dup:
        raise PuzzleError(f"'{dup[0]}' appears twice", key=key)
    return value


def _choice(data: dict, key: str, choices, default: str) -> str:
    value = data.get(key, default)
    if value not in choices:
        raise PuzzleError(f"unknown value {value!r}; choose one of: {', '.join(choices)}", key=key)
    return value


def _count(data: dict, key: str, default: int | None) -> int | None:
    if key not in data:
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PuzzleError(f"must be a whole number of at least 0, got {value!r}", key=key)
    return value


def _type(name: Any, key: str, display: dict[str, str]) -> str:
    try:
        t = canonical_type(name)
    except PuzzleError as e:
        raise e.located(key=key) from None
    display.setdefault(t, name.strip())
    return t


def puzzle_from_dict(data: dict[str, Any]) -> Interrogation | Deduction:
    """Return the puzzle a TOML document describes; raise PuzzleError naming the key at fault."""
    kind = _choice(data, "kind", KINDS, "interrogation")
    if kind == "deduction":
        return deduction_from_dict(data)
    if kind == "grid":
        return grid_from_dict(data)
    return interrogation_from_dict(data)


def interrogation_from_dict(data: dict[str, Any]) -> Interrogation:
    """Return the interrogation puzzle a TOML document describes."""
    for key in data:
        if key not in TOP_KEYS:
            raise PuzzleError(f"unknown key; expected one of: {', '.join(TOP_KEYS)}", key=key)
    if "agents" not in data:
        raise PuzzleError("missing: list the agents, e.g. agents = [\"A\", \"B\", \"C\"]", key="agents")
    agents = _names(data, "agents", "agents", 1)
    display: dict[str, str] = {}
    if ("types" in data) == ("allowed" in data):
        raise PuzzleError("give exactly one of 'types' (the agents have these types in some order) "
                          "and '[allowed]' (the types each agent may have)", key="types")
    if "types" in data:
        types = data["types"]
        if not isinstance(types, list) or len(types) != len(agents):
            raise PuzzleError(f"must list one type per agent ({len(agents)})", key="types")
        canon = [_type(t, f"types[{i}]", display) for i, t in enumerate(types)]
        assignments = assignments_from_permutation(canon)
    else:
        allowed = data["allowed"]
        if not isinstance(allowed, dict):
            raise PuzzleError("must be a table mapping each agent to a list of types", key="allowed")
        for agent in allowed:
            if agent not in agents:
                raise PuzzleError(f"unknown agent '{agent}'; agents are {', '.join(agents)}", key=f"allowed.{agent}")
        per_agent = {}
        for agent in agents:
            if agent not in allowed:
                raise PuzzleError("missing: every agent needs its allowed types", key=f"allowed.{agent}")
            ts = allowed[agent]
            if not isinstance(ts, list) or not ts:
                raise PuzzleError("must be a non-empty list of types", key=f"allowed.{agent}")
            per_agent[agent] = [_type(t, f"allowed.{agent}", display) for t in ts]
        assignments = assignments_from_allowed(agents, per_agent)
    words = _names(data, "words", "words", 2) if "words" in data else None
    if words and set(words) & {"silent"}:
        raise PuzzleError("'silent' is reserved for saying nothing; pick another word", key="words")
    questions = data.get("questions", {})
    if not isinstance(questions, dict):
        raise PuzzleError("must be a table", key="questions")
    for key in questions:
        if key not in QUESTION_KEYS:
            raise PuzzleError(f"unknown key; expected one of: {', '.join(QUESTION_KEYS)}", key=f"questions.{key}")
    try:
        max_complexity = _count(questions, "max_complexity", 2)
        language = _choice(questions, "language", LANGUAGES, "grammar")
    except PuzzleError as e:
        raise PuzzleError(e.message, key=f"questions.{e.key}") from None
    space = build_space(agents, assignments, words,
                        random_mode=_choice(data, "random", RANDOM_MODES, "word"),
                        paradox=_choice(data, "paradox", PARADOX_MODES, "forbidden"))
    title = data.get("title", "")
    if not isinstance(title, str):
        raise PuzzleError("must be a string", key="title")
    return Interrogation(
        space=space,
        goal=_choice(data, "goal", GOALS, "types"),
        max_questions=_count(data, "max_questions", None),
        language=language,
        max_complexity=max_complexity,
        title=title,
        display=display,
    )


def load_puzzle(path: str | Path) -> Interrogation | Deduction:
    """Return the puzzle of a TOML file; raise PuzzleError naming the file and key at fault."""
    data = read_toml(path)
    try:
        return puzzle_from_dict(data)
    except PuzzleError as e:
        raise e.located(source=str(path)) from None
