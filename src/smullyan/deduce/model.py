"""Deduction puzzles as values.

- Variable: a puzzle variable (an age, a house position) with a finite integer domain.
- Constraint: an expression that must hold, with the label a user knows it by ("statement 2").
- Deduction: agents with their allowed types, variables, all-different groups and constraints.
- Ask, Choice: a question the text asks and its possible answers (deduce/asks.py answers them).
- World: a type per agent and a value per variable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import PuzzleError, did_you_mean
from ..logic import expr as E
from ..logic.types import LIAR, RANDOM, TRUTHFUL, canonical_type

DEDUCTION_TYPES = (TRUTHFUL, LIAR, RANDOM)


@dataclass(frozen=True)
class Variable:
    """A puzzle variable and its possible values."""

    name: str
    domain: tuple[int, ...]


@dataclass(frozen=True)
class Constraint:
    """Something the puzzle says holds, named as the user knows it."""

    label: str
    expr: E.Expr
    source: Any = None  # the JSON form the user wrote, for explanations
    text: str | None = None  # the clue in the puzzle's own words, where given


@dataclass(frozen=True)
class Grid:
    """The layout of a zebra puzzle: its houses and categories (value v of category c is variable 'c:v')."""

    houses: int
    categories: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class Choice:
    """A possible answer in the text's words, true where its expression holds; `label` is an option's letter."""

    answer: str
    expr: E.Expr
    source: Any = field(default=None, compare=False)  # the JSON form, as a document writes it
    label: str = ""


ASK_KINDS = ("yes_no", "all", "one", "each")


@dataclass(frozen=True)
class Ask:
    """A question the text asks, as written, and its possible answers."""

    text: str
    kind: str
    choices: tuple[Choice, ...]
    none: str = "nobody"


@dataclass(frozen=True, order=True)
class World:
    """One candidate world of a deduction puzzle."""

    types: tuple[str, ...]
    values: tuple[int, ...]


@dataclass(frozen=True)
class Deduction:
    """A puzzle whose answer is the set of worlds consistent with its constraints."""

    agents: tuple[str, ...]
    allowed: tuple[tuple[str, ...], ...]  # canonical types each agent may have
    variables: tuple[Variable, ...] = ()
    distinct: tuple[tuple[str, ...], ...] = ()  # groups of variables that take different values
    constraints: tuple[Constraint, ...] = ()
    grid: Grid | None = None
    title: str = ""
    display: dict[str, str] = field(default_factory=dict)
    questions: tuple[Ask, ...] = ()  # what the text asks ("Who owns the zebra?"), answered over the worlds
    description: str = ""  # the puzzle in the setter's own words, kept for people (never read by the solver)

    def __post_init__(self) -> None:
        names = [v.name for v in self.variables]
        for group in self.distinct:
            for v in group:
                if v not in names:
                    raise PuzzleError(f"unknown variable '{v}' in an all-different group")
        for c in self.constraints:
            check_expr(self, c.expr, c.label)
        for q in self.questions:
            if q.kind not in ASK_KINDS:
                raise PuzzleError(f"question {q.text!r}: unknown kind {q.kind!r}; kinds are {', '.join(ASK_KINDS)}")
            for ch in q.choices:
                check_expr(self, ch.expr, f"question {q.text!r}")

    def variable(self, name: str) -> Variable:
        """Return a variable by name; raise PuzzleError if unknown."""
        for v in self.variables:
            if v.name == name:
                return v
        known = ", ".join(v.name for v in self.variables[:8]) or "none"
        raise PuzzleError(f"unknown variable '{name}'; variables are {known}{', …' if len(self.variables) > 8 else ''}"
                          f"{did_you_mean(name, (v.name for v in self.variables))}")

    def type_name(self, canonical: str) -> str:
        """Return a type as the puzzle spells it."""
        return self.display.get(canonical, canonical)

    def space_size(self) -> int:
        """Return the number of candidate worlds before any constraint."""
        n = 1
        for a in self.allowed:
            n *= len(a)
        for v in self.variables:
            n *= len(v.domain)
        return n


def check_expr(puzzle: Deduction, e: E.Expr, label: str) -> None:
    """Raise PuzzleError (naming the constraint) if an expression names unknown agents, types or variables."""
    try:
        _check(puzzle, e)
    except PuzzleError as err:
        raise PuzzleError(f"{label}: {err.message}") from None


def _check(puzzle: Deduction, e: E.Expr) -> None:
    if isinstance(e, (E.TypeIs, E.Says)) and e.agent not in puzzle.agents:
        raise PuzzleError(f"unknown agent '{e.agent}'; agents are {', '.join(puzzle.agents)}"
                          f"{did_you_mean(e.agent, puzzle.agents)}")
    if isinstance(e, E.TypeIs):
        t = canonical_type(e.type)
        if t not in DEDUCTION_TYPES:
            raise PuzzleError(f"type '{e.type}' has no meaning in a deduction puzzle; use truthful, liar or random")
    if isinstance(e, E.Cmp):
        for term in (e.left, e.right):
            if term.var is not None:
                puzzle.variable(term.var)
    if isinstance(e, (E.Means, E.SelfAnswer, E.Answers)):
        raise PuzzleError("questions to gods ('means', 'self', 'answers') have no meaning in a deduction puzzle")
    for k in e.children():
        _check(puzzle, k)
