"""Strategies: trees of questions whose leaves name what has been identified.

- Ask: put `question` to `addressee`; follow the branch of the outcome heard (a word or "silent").
- Identified: a leaf; the type of every agent (and the language, when the goal asks for it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.semantics import SILENCE
from ..logic.types import canonical_type


@dataclass(frozen=True, slots=True)
class Identified:
    """A leaf: what the answers so far prove."""

    types: tuple[tuple[str, str], ...]  # (agent, canonical type)
    language: tuple[tuple[str, str], ...] | None = None  # (word, meaning) when identified


@dataclass(frozen=True, slots=True)
class Ask:
    """An inner node: a question to one agent and a subtree per outcome that can occur."""

    addressee: str
    question: E.Expr
    branches: tuple[tuple[str, "Node"], ...]

    def branch(self, outcome: str) -> "Node | None":
        """Return the subtree for an outcome, or None if the strategy has none."""
        for o, node in self.branches:
            if o == outcome:
                return node
        return None


Node = Union[Ask, Identified]


def depth(node: Node) -> int:
    """Return the number of questions on the longest path."""
    return 0 if isinstance(node, Identified) else 1 + max(depth(n) for _, n in node.branches)


def questions(node: Node) -> list[Ask]:
    """Return every question node of the tree, root first."""
    if isinstance(node, Identified):
        return []
    return [node] + [q for _, n in node.branches for q in questions(n)]


def from_json(data: Any, where: str = "strategy") -> Node:
    """Return the strategy tree of a JSON node; raise PuzzleError naming the bad part."""
    if isinstance(data, dict) and "strategy" in data and "ask" not in data and "identified" not in data:
        if data["strategy"] is None:
            raise PuzzleError("the file holds no strategy (the puzzle was reported unsolvable)", key=where)
        return from_json(data["strategy"], "strategy")
    if not isinstance(data, dict):
        raise PuzzleError(f"expected an object with 'ask' or 'identified', got {type(data).__name__}", key=where)
    if "identified" in data:
        ident = data["identified"]
        if not isinstance(ident, dict) or not all(isinstance(v, str) for v in ident.values()):
            raise PuzzleError("'identified' must map agents to types", key=where)
        lang = data.get("language")
        if lang is not None and not isinstance(lang, dict):
            raise PuzzleError("'language' must map words to meanings", key=where)
        types = []
        for agent, t in ident.items():
            try:
                types.append((agent, canonical_type(t)))
            except PuzzleError as e:
                raise e.located(key=f"{where}.identified.{agent}") from None
        return Identified(tuple(types), tuple(lang.items()) if lang else None)
    for k in ("ask", "question", "branches"):
        if k not in data:
            raise PuzzleError(f"missing '{k}'", key=where)
    unknown = set(data) - {"ask", "question", "english", "branches"}
    if unknown:
        raise PuzzleError(f"unknown key '{sorted(unknown)[0]}'", key=where)
    if not isinstance(data["ask"], str):
        raise PuzzleError("'ask' must name an agent", key=where)
    try:
        if isinstance(data["question"], str):  # a question in English, as a person would ask it
            from ..english.questions import parse_question
            q = parse_question(data["question"], data["ask"])[1]
        else:
            q = E.from_json(data["question"])
    except PuzzleError as e:
        raise e.located(key=f"{where}.question") from None
    br = data["branches"]
    if not isinstance(br, dict) or not br:
        raise PuzzleError("'branches' must map outcomes to strategies", key=where)
    branches = tuple((o, from_json(n, f"{where}.branches.{o}")) for o, n in br.items())
    return Ask(data["ask"], q, branches)


__all__ = ["Ask", "Identified", "Node", "SILENCE", "depth", "from_json", "questions"]
