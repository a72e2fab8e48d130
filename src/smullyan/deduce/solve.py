"""Solving deduction puzzles: consistent worlds, what is determined, and why.

- Backend: turns a puzzle into its consistent worlds and answers "is this subset of constraints
  consistent (with this fact false)?". Registered by name; `auto` picks enumeration when the space
  has at most AUTO_ENUM worlds, SAT otherwise. Never a silent fallback: a named backend that cannot
  take the puzzle is an error.
- Determined fact: an agent's type, or a variable's value, equal in every consistent world.
- Reason: a minimal set of constraints that with the negation of the fact has no world (found by
  deletion: drop each constraint whose removal keeps the contradiction). For an inconsistent puzzle,
  a minimal set of constraints that contradict each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import time

from ..errors import PuzzleError, SearchLimitReached
from ..interrogate.search import Budget, Limits
from ..logic import expr as E
from .model import Deduction, World


def _enumeration(puzzle: Deduction) -> object:
    from .enumerate import EnumerationBackend

    return EnumerationBackend(puzzle)


def _sat(puzzle: Deduction) -> object:
    from .sat import SatBackend  # python-sat: imported only when this backend runs

    return SatBackend(puzzle)


BACKENDS: dict[str, Callable[[Deduction], object]] = {"enum": _enumeration, "sat": _sat}
MAX_WORLDS = 1_000_000  # consistent worlds listed before a search stops (raise with --limit N)
AUTO_ENUM = 1 << 13  # measured: enumeration wins up to ~14 agents (2^14 worlds), SAT beyond


@dataclass(frozen=True)
class Reason:
    """A determined fact and a minimal set of constraints forcing it."""

    fact: E.Expr
    because: tuple[str, ...]  # constraint labels


@dataclass(frozen=True)
class DeductionResult:
    """Every consistent world of a puzzle, what they agree on, and (optionally) why."""

    worlds: tuple[World, ...]
    backend: str
    possible_types: tuple[tuple[str, ...], ...]  # per agent, the types some world gives it
    possible_values: tuple[tuple[int, ...], ...]  # per variable, the values some world gives it
    reasons: tuple[Reason, ...] | None = None
    contradiction: tuple[str, ...] | None = None  # a minimal inconsistent set, when no world exists

    @property
    def consistent(self) -> int:
        """Return the number of consistent worlds."""
        return len(self.worlds)

    @property
    def unique(self) -> bool:
        """Return whether exactly one world is consistent."""
        return len(self.worlds) == 1


def backend_for(puzzle: Deduction, name: str = "auto"):
    """Return the backend instance for a puzzle: `enum`, `sat`, or `auto` (by the size of the space)."""
    if name == "auto":
        name = "enum" if puzzle.space_size() <= AUTO_ENUM else "sat"
    if name not in BACKENDS:
        raise PuzzleError(f"unknown backend '{name}'; choose one of: auto, {', '.join(BACKENDS)}")
    return BACKENDS[name](puzzle)


def minimal_core(candidates: list[int], contradicts: Callable[[list[int]], bool],
                 deadline: float | None = None) -> list[int]:
    """Return a subset of `candidates` that still contradicts, from which no element can be dropped;
    past `deadline` raise SearchLimitReached."""
    core = list(candidates)
    for c in list(core):
        _check(deadline, "finding a minimal set of statements")
        trial = [x for x in core if x != c]
        if contradicts(trial):
            core = trial
    return core


def _check(deadline: float | None, doing: str) -> None:
    """Raise SearchLimitReached if the deadline has passed."""
    if deadline is not None and time.perf_counter() > deadline:
        raise SearchLimitReached(f"search stopped at the time limit while {doing}")


def determined_facts(puzzle: Deduction, types: tuple[tuple[str, ...], ...], values: tuple[tuple[int, ...], ...]) -> list[E.Expr]:
    """Return the facts equal in every consistent world: single possible types and values."""
    facts: list[E.Expr] = []
    for agent, ts in zip(puzzle.agents, types):
        if len(ts) == 1 and len(puzzle.allowed[puzzle.agents.index(agent)]) > 1:
            facts.append(E.TypeIs(agent, ts[0]))
    for var, vs in zip(puzzle.variables, values):
        if len(vs) == 1 and len(var.domain) > 1:
            facts.append(E.Cmp("eq", E.Term(var.name), E.Term(None, vs[0])))
    return facts


def solve_deduction(puzzle: Deduction, backend: str = "auto", explain: bool = False,
                    limits: Limits | None = None) -> DeductionResult:
    """Return every consistent world of a puzzle and what they determine (with reasons if asked).

    More consistent worlds than `limits.nodes` (default MAX_WORLDS), or a search past
    `limits.seconds`, raises SearchLimitReached: a partial list is never presented as complete."""
    cap = MAX_WORLDS if limits is None or limits.nodes is None else limits.nodes
    budget = Budget(limits)
    deadline = budget.deadline

    def watch(found: int) -> None:
        if deadline is not None and time.perf_counter() > deadline:
            raise SearchLimitReached(f"search stopped at the time limit after {found:,} worlds, without listing them all")
        budget.nodes = found
        budget.poll(time.perf_counter())  # every few thousand worlds: memory grows with the list

    budget.stage = "encoding the puzzle"
    be = backend_for(puzzle, backend)
    try:
        _check(deadline, "encoding the puzzle")
        budget.stage = f"listing consistent worlds ({be.name} backend)"
        worlds = tuple(be.worlds(cap + 1, watch))
        if len(worlds) > cap:
            raise SearchLimitReached(f"more than {cap:,} consistent worlds; stopped without listing them all "
                                     "(raise the limit with --limit N)")
        types = tuple(tuple(t for t in puzzle.allowed[a] if any(w.types[a] == t for w in worlds))
                      for a in range(len(puzzle.agents)))
        values = tuple(tuple(sorted({w.values[i] for w in worlds})) for i in range(len(puzzle.variables)))
        labels = [c.label for c in puzzle.constraints]
        everything = list(range(len(puzzle.constraints)))
        reasons = contradiction = None
        budget.stage = "finding minimal sets of statements"
        if not worlds:
            core = minimal_core(everything, lambda s: not be.consistent(s), deadline)
            contradiction = tuple(labels[i] for i in core)
        elif explain:
            reasons = tuple(
                Reason(f, tuple(labels[i] for i in minimal_core(everything, lambda s, f=f: not be.consistent(s, f),
                                                               deadline)))
                for f in determined_facts(puzzle, types, values))
        return DeductionResult(worlds, be.name, types, values, reasons, contradiction)
    finally:
        close = getattr(be, "close", None)
        if close:
            close()


def forcing_statements(puzzle: Deduction, fact: E.Expr, backend: str = "auto") -> tuple[str, ...]:
    """Return the labels of a minimal set of constraints that forces `fact` (true in every world they allow)."""
    be = backend_for(puzzle, backend)
    try:
        everything = list(range(len(puzzle.constraints)))
        if be.consistent(everything, fact):
            raise PuzzleError("the puzzle does not force this fact: some consistent world has it false")
        core = minimal_core(everything, lambda s: not be.consistent(s, fact))
        return tuple(puzzle.constraints[i].label for i in core)
    finally:
        close = getattr(be, "close", None)
        if close:
            close()
