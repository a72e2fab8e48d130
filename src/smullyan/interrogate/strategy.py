"""Strategies: trees of questions whose leaves name what has been identified.

- Ask: put `question` to `addressee`; follow the branch of the outcome heard (a word or "silent").
- Identified: a leaf; the type of every agent (and the language, when the goal asks for it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..logic import expr as E
from ..logic.semantics import SILENCE


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


def leaves(node: Node) -> list[Identified]:
    """Return every leaf of the tree, left to right."""
    if isinstance(node, Identified):
        return [node]
    return [leaf for _, n in node.branches for leaf in leaves(n)]


def questions(node: Node) -> list[Ask]:
    """Return every question node of the tree, root first."""
    if isinstance(node, Identified):
        return []
    return [node] + [q for _, n in node.branches for q in questions(n)]


__all__ = ["Ask", "Identified", "Node", "SILENCE", "depth", "leaves", "questions"]
