"""Puzzle files in TOML: reading them into puzzles, with one clear message per mistake."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..deduce.model import Deduction

if TYPE_CHECKING:
    from pathlib import Path
from ..errors import PuzzleError
from .deduction_toml import deduction_from_dict, grid_from_dict
from .toml_common import allowed_table, choice, count, description, names, read_toml, unknown_keys

__all__ = ["load_puzzle", "puzzle_from_dict", "read_toml"]
from ..interrogate.puzzle import GOALS, LANGUAGES, OBJECTIVES, Interrogation
from ..logic.types import PARADOX_MODES, RANDOM_MODES, canonical_type
from ..logic.worlds import assignments_from_allowed, assignments_from_permutation, build_space

TOP_KEYS = ("title", "description", "kind", "agents", "types", "allowed", "words", "goal",
            "max_questions", "random", "paradox", "questions", "objective")
QUESTION_KEYS = ("language", "max_complexity")
KINDS = ("interrogation", "deduction", "grid")


def _type(name: Any, key: str, display: dict[str, str]) -> str:
    try:
        t = canonical_type(name)
    except PuzzleError as e:
        raise e.located(key=key) from None
    display.setdefault(t, name.strip())
    return t


def puzzle_from_dict(data: dict[str, Any]) -> Interrogation | Deduction:
    """Return the puzzle a TOML document describes; raise PuzzleError naming the key at fault."""
    kind = choice(data, "kind", KINDS, "interrogation")
    if kind == "deduction":
        return deduction_from_dict(data)
    if kind == "grid":
        return grid_from_dict(data)
    return interrogation_from_dict(data)


def interrogation_from_dict(data: dict[str, Any]) -> Interrogation:
    """Return the interrogation puzzle a TOML document describes."""
    unknown_keys(data, TOP_KEYS)
    agents = names(data, "agents", "agents", 1)
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
        allowed = allowed_table(data, agents, required=True)
        per_agent = {agent: [_type(t, f"allowed.{agent}", display) for t in allowed[agent]] for agent in agents}
        assignments = assignments_from_allowed(agents, per_agent)
    words = names(data, "words", "words", 2) if "words" in data else None
    if words and set(words) & {"silent"}:
        raise PuzzleError("'silent' is reserved for saying nothing; pick another word", key="words")
    questions = data.get("questions", {})
    if not isinstance(questions, dict):
        raise PuzzleError("must be a table", key="questions")
    unknown_keys(questions, QUESTION_KEYS, prefix="questions.")
    try:
        max_complexity = count(questions, "max_complexity", 2)
        language = choice(questions, "language", LANGUAGES, "grammar")
    except PuzzleError as e:
        raise PuzzleError(e.message, key=f"questions.{e.key}") from None
    space = build_space(agents, assignments, words,
                        random_mode=choice(data, "random", RANDOM_MODES, "word"),
                        paradox=choice(data, "paradox", PARADOX_MODES, "forbidden"))
    title = data.get("title", "")
    if not isinstance(title, str):
        raise PuzzleError("must be a string", key="title")
    return Interrogation(
        space=space,
        goal=choice(data, "goal", GOALS, "types"),
        objective=choice(data, "objective", OBJECTIVES, "worst"),
        max_questions=count(data, "max_questions", None),
        language=language,
        max_complexity=max_complexity,
        title=title,
        display=display,
        description=description(data),
    )


def load_puzzle(path: str | Path) -> Interrogation | Deduction:
    """Return the puzzle of a TOML file; raise PuzzleError naming the file and key at fault."""
    data = read_toml(path)
    try:
        return puzzle_from_dict(data)
    except PuzzleError as e:
        raise e.located(source=str(path)) from None
