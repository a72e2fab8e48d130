"""Interrogation puzzles: a world space, a goal and the budget of questions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..logic.semantics import ContextSpace
from ..logic.worlds import WorldSpace

GOALS = ("types", "types+language")
OBJECTIVES = ("worst", "expected")
LANGUAGES = ("grammar", "any")


@dataclass(frozen=True)
class Interrogation:
    """A puzzle where we may ask questions until the goal is identified."""

    space: WorldSpace
    goal: str = "types"
    max_questions: int | None = None  # None: no limit; the search proves what any number can do
    language: str = "grammar"
    max_complexity: int = 2
    title: str = ""
    display: dict[str, str] = field(default_factory=dict)  # canonical type -> name as the puzzle spells it
    objective: str = "worst"  # "worst": fewest questions in the worst case; "expected": fewest on average
    description: str = ""  # the puzzle in the setter's own words, kept for people (never read by the solver)

    def contexts(self, with_self: bool | None = None, check: Callable[[], None] | None = None) -> ContextSpace:
        """Return the context space used to evaluate questions of this puzzle (`check` may stop the building)."""
        return ContextSpace(self.space, with_self, check)

    def type_name(self, canonical: str) -> str:
        """Return a type as the puzzle spells it."""
        return self.display.get(canonical, canonical)
