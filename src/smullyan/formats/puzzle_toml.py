"""Puzzle files in TOML: reading them into puzzles, with one clear message per mistake.

A document is checked against its schema first (`formats.schema`: keys, types, choices, sizes), then
for what a schema cannot say: distinct names, one type per agent, known types and agents.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..deduce.model import Deduction

if TYPE_CHECKING:
    from pathlib import Path
from ..errors import PuzzleError
from .deduction_toml import deduction_from_dict, grid_from_dict
from .toml_common import check_allowed, distinct, read_toml

__all__ = ["load_puzzle", "puzzle_from_dict", "read_toml"]
from ..interrogate.puzzle import Interrogation
from ..logic.types import canonical_type
from ..logic.worlds import assignments_from_allowed, assignments_from_permutation, build_space, with_counts


def _type(name: str, key: str, display: dict[str, str]) -> str:
    try:
        t = canonical_type(name)
    except PuzzleError as e:
        raise e.located(key=key) from None
    display.setdefault(t, name.strip())
    return t


def puzzle_from_dict(data: dict[str, Any]) -> Interrogation | Deduction:
    """Return the puzzle a TOML document describes; raise PuzzleError naming the key at fault."""
    from .schema import PuzzleKind, validate

    kind = validate(data, PuzzleKind).kind
    if kind == "deduction":
        return deduction_from_dict(data)
    if kind == "grid":
        return grid_from_dict(data)
    return interrogation_from_dict(data)


def interrogation_from_dict(data: dict[str, Any]) -> Interrogation:
    """Return the interrogation puzzle a TOML document describes."""
    from .schema import InterrogationDoc, validate

    doc = validate(data, InterrogationDoc)
    agents = distinct(doc.agents, "agents")
    display: dict[str, str] = {}
    if (doc.types is None) == (doc.allowed is None):
        raise PuzzleError("give exactly one of 'types' (the agents have these types in some order) "
                          "and '[allowed]' (the types each agent may have)", key="types")
    if doc.types is not None:
        if len(doc.types) != len(agents):
            raise PuzzleError(f"must list one type per agent ({len(agents)})", key="types")
        canon = [_type(t, f"types[{i}]", display) for i, t in enumerate(doc.types)]
        assignments = assignments_from_permutation(canon)
    else:
        allowed = doc.allowed or {}
        check_allowed(allowed, agents, required=True)
        per_agent = {agent: [_type(t, f"allowed.{agent}", display) for t in allowed[agent]] for agent in agents}
        assignments = assignments_from_allowed(agents, per_agent)
    if doc.counts:
        counts = {_type(t, f"counts.{t}", display): n for t, n in doc.counts.items()}
        assignments = with_counts(assignments, counts)
        if not assignments:
            raise PuzzleError("no assignment of the gods' types has these counts", key="counts")
    words = distinct(doc.words, "words") if doc.words is not None else None
    if words and "silent" in words:
        raise PuzzleError("'silent' is reserved for saying nothing; pick another word", key="words")
    space = build_space(agents, assignments, words, random_mode=doc.random, paradox=doc.paradox)
    return Interrogation(
        space=space,
        goal=doc.goal,
        objective=doc.objective,
        max_questions=doc.max_questions,
        language=doc.questions.language,
        max_complexity=doc.questions.max_complexity,
        title=doc.title,
        display=display,
        description=doc.description,
    )


def load_puzzle(path: str | Path) -> Interrogation | Deduction:
    """Return the puzzle of a TOML file; raise PuzzleError naming the file and key at fault."""
    data = read_toml(path)
    try:
        return puzzle_from_dict(data)
    except PuzzleError as e:
        raise e.located(source=str(path)) from None
