"""The puzzle grammar: puzzles grown by rules, classified by questions and question complexity.

- Table puzzle: each position has a set of allowed types, independently (the seed's model).
  Rules: add a god (a new position allowing one type); allow another type at a position.
- Multiset puzzle: the gods have these types in some order (Boolos's model). Rule: add a god of a type.
- Start: one truthful god. Puzzles are kept up to renaming positions, each with the first
  derivation that reached it.
- Classification: solvable or not, the fewest questions with any question (exact), and the least
  grammar complexity c <= 2 at which a strategy of that many questions exists; "more than 2" when
  no strategy with questions of complexity at most 2 reaches it (complexity 3 is not searched).
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass

from ..errors import SearchLimitReached
from ..interrogate.puzzle import Interrogation
from ..interrogate.solve import solve
from ..logic.worlds import assignments_from_allowed, build_space
from .table import LETTERS, TYPES, WORDS, Reading, gods_puzzle, limits_of

MAX_GRAMMAR_COMPLEXITY = 2

Shape = tuple[tuple[str, ...], ...]  # per position, its allowed types (a multiset puzzle: one type each)


@dataclass(frozen=True)
class GrammarPuzzle:
    """A puzzle of the grammar and how it was first derived."""

    family: str  # "table" or "multiset"
    shape: Shape
    parent: Shape | None
    rule: str

    @property
    def name(self) -> str:
        """Return a short name, e.g. 'T|L|TR' (table) or 'TLR' (multiset)."""
        return spell_shape(self.family, self.shape)


@dataclass(frozen=True)
class GrammarRow:
    """One classified puzzle of the grammar."""

    puzzle: GrammarPuzzle
    worlds: int
    solvable: bool | None
    questions: int | None
    complexity: int | None  # least grammar complexity reaching `questions`; None if more than 2 or not solvable
    seconds: float
    note: str = ""


def spell_shape(family: str, shape: Shape) -> str:
    """Return a puzzle's short name."""
    if family == "multiset":
        return "".join(LETTERS[s[0]] for s in shape)
    return "|".join("".join(LETTERS[t] for t in allowed) for allowed in shape)


def _norm(shape) -> Shape:
    order = {t: i for i, t in enumerate(TYPES)}
    return tuple(sorted((tuple(sorted(set(a), key=order.get)) for a in shape), key=lambda a: [order[t] for t in a]))


def grow(family: str, max_gods: int) -> list[GrammarPuzzle]:
    """Return every puzzle of a family with at most `max_gods` gods, in order of derivation."""
    start = _norm([("truthful",)])
    found = {start: GrammarPuzzle(family, start, None, "start: one truthful god")}
    frontier = [start]
    while frontier:
        nxt = []
        for shape in frontier:
            children = []
            if len(shape) < max_gods:
                children += [(_norm(shape + ((t,),)), f"add a {t} god") for t in TYPES]
            if family == "table":
                for i, allowed in enumerate(shape):
                    for t in TYPES:
                        if t not in allowed:
                            grown = shape[:i] + (allowed + (t,),) + shape[i + 1:]
                            children.append((_norm(grown), f"allow {t} at position {i + 1}"))
            for child, rule in children:
                if child not in found:
                    found[child] = GrammarPuzzle(family, child, shape, rule)
                    nxt.append(child)
        frontier = nxt
    return list(found.values())


def puzzle_of(gp: GrammarPuzzle, reading: Reading) -> Interrogation:
    """Return the interrogation puzzle of a grammar puzzle (any question may be asked)."""
    if gp.family == "multiset":
        return gods_puzzle(tuple(s[0] for s in gp.shape), reading)
    agents = tuple(chr(ord("A") + i) for i in range(len(gp.shape)))
    per_agent = dict(zip(agents, (list(a) for a in gp.shape)))
    space = build_space(agents, assignments_from_allowed(agents, per_agent), WORDS,
                        random_mode=reading.random, paradox=reading.paradox)
    return Interrogation(space, language="any", max_complexity=0, title=gp.name)


def classify(gp: GrammarPuzzle, reading: Reading) -> GrammarRow:
    """Return a grammar puzzle's row: fewest questions, then the least complexity reaching them."""
    start = time.perf_counter()
    limits = limits_of(reading)
    puzzle = puzzle_of(gp, reading)
    worlds = len(puzzle.space.worlds)
    try:
        sol = solve(puzzle, limits)
    except SearchLimitReached as e:
        return GrammarRow(gp, worlds, None, None, None, time.perf_counter() - start, note=e.message)
    if not sol.solvable or not sol.questions:
        return GrammarRow(gp, worlds, sol.solvable, sol.questions, 0 if sol.solvable else None,
                          time.perf_counter() - start)
    grammar = dataclasses.replace(puzzle, language="grammar", max_questions=sol.questions,
                                  max_complexity=MAX_GRAMMAR_COMPLEXITY)
    try:
        best = solve(grammar, limits)
    except SearchLimitReached as e:
        return GrammarRow(gp, worlds, True, sol.questions, None, time.perf_counter() - start,
                          note=f"grammar: {e.message}")
    note = "" if best.solvable else f"needs complexity above {MAX_GRAMMAR_COMPLEXITY} for {sol.questions} questions"
    return GrammarRow(gp, worlds, True, sol.questions, best.complexity, time.perf_counter() - start, note)
