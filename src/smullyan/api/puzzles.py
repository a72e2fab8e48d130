"""Puzzles as values: what you load, read or build, and solve.

- GodsPuzzle: gods to question (the Hardest Logic Puzzle Ever and its family); solving gives a
  strategy of fewest questions, verified against every world and hidden state, or a proof that none
  exists within the budget.
- DeductionPuzzle: knights and knaves, liars with ages, zebra grids; solving gives every consistent
  world, whether it is unique, what is determined, answers to the puzzle's questions, and why.

Both wrap the engines' own values (`model`) and never change them: `with_options` returns a new
puzzle. Both write themselves back as TOML (`to_toml`) that `smullyan.loads` reads to the same puzzle.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..deduce.model import Deduction
from ..errors import BadInput
from ..interrogate.puzzle import GOALS, LANGUAGES, OBJECTIVES, Interrogation
from .contract import LimitSpec, MemorySpec, Progress, guarded, limits_of

if TYPE_CHECKING:
    from .results import StrategyResult, WorldsResult

GODS_BACKENDS = ("auto", "search")
DEDUCTION_BACKENDS = ("auto", "enum", "sat")


class _Written:
    """What every puzzle shares: its TOML document, text and JSON, and its notebook display."""

    model: Interrogation | Deduction

    @property
    def kind(self) -> str:
        """Return what kind of puzzle this is: 'gods', 'deduction' or 'grid'."""
        raise NotImplementedError

    @property
    def title(self) -> str:
        """Return the puzzle's title ('' when it has none)."""
        return self.model.title

    @property
    def description(self) -> str:
        """Return the puzzle in its setter's words ('' when it has none)."""
        return self.model.description

    def to_dict(self) -> dict[str, Any]:
        """Return the puzzle as the TOML document's table (`to_toml` writes it)."""
        from ..formats.toml_write import puzzle_document

        return puzzle_document(self.model)

    def to_toml(self) -> str:
        """Return the puzzle as TOML text that `smullyan.loads` reads back to an equal puzzle."""
        from ..formats.toml_write import dumps_puzzle

        return dumps_puzzle(self.model)

    def to_english(self) -> str:
        """Return the puzzle in English that `smullyan.read` reads back to an equal puzzle."""
        from ..errors import SmullyanError

        try:
            if isinstance(self.model, Deduction) and self.model.grid is not None:
                from ..render.english_grid import grid_text

                return grid_text(self.model)
            if isinstance(self.model, Deduction) and not self.model.variables:
                from ..render.english_knights import knights_text

                return knights_text(self.model)
            if isinstance(self.model, Deduction) and self.model.agents and \
                    [v.name for v in self.model.variables] == [f"age.{a}" for a in self.model.agents]:
                from ..render.english_ages import ages_text

                return ages_text(self.model)
            if isinstance(self.model, Interrogation):
                from ..render.english_gods import gods_text

                return gods_text(self.model)
        except SmullyanError as e:
            raise BadInput(f"cannot write this puzzle in English: {e.message}") from None
        raise BadInput("only knights-and-knaves, ages (one age.<person> each) and grid puzzles are written in English; "
                       "this puzzle is written as TOML (to_toml)")

    def to_json(self) -> str:
        """Return the puzzle's document as JSON text."""
        from .results import _dumps

        return _dumps(self.to_dict())

    def _repr_html_(self) -> str:
        from ..render.notebook import puzzle_html

        return puzzle_html(self.title, self.kind, self.to_toml())


@dataclass(frozen=True, repr=False)
class GodsPuzzle(_Written):
    """Gods to question until the goal (their types, or also the language) is identified."""

    model: Interrogation
    ignored: tuple[str, ...] | None = None  # read from English: the sentences passed over (instructions, …)

    @property
    def kind(self) -> str:
        """Return 'gods'."""
        return "gods"

    def __repr__(self) -> str:
        types = sorted({t for w in self.model.space.worlds for t in w.types})
        return (f"GodsPuzzle({self.title!r}, agents={list(self.agents)}, types={types}, words={list(self.words)}, "
                f"worlds={self.worlds})")

    @property
    def agents(self) -> tuple[str, ...]:
        """Return the gods' names."""
        return self.model.space.agents

    @property
    def words(self) -> tuple[str, ...]:
        """Return the words the gods answer with."""
        return self.model.space.words

    @property
    def worlds(self) -> int:
        """Return how many candidate worlds (types and meanings of the words) the puzzle has."""
        return len(self.model.space.worlds)

    @property
    def max_questions(self) -> int | None:
        """Return the question budget (None: as many as needed)."""
        return self.model.max_questions

    def semantics(self) -> dict[str, Any]:
        """Return the options the puzzle is solved under: random and paradox readings, goal, objective, language."""
        m = self.model
        return {"random": m.space.random_mode, "paradox": m.space.paradox, "goal": m.goal, "objective": m.objective,
                "max_questions": m.max_questions, "language": m.language, "max_complexity": m.max_complexity,
                "words": list(m.space.words)}

    def with_options(self, **options: Any) -> "GodsPuzzle":
        """Return this puzzle with other options: objective, max_questions, goal, language, max_complexity, title."""
        choices = {"objective": OBJECTIVES, "goal": GOALS, "language": LANGUAGES}
        for key, value in options.items():
            if key in choices:
                if value not in choices[key]:
                    raise BadInput(f"{key} takes one of: {', '.join(choices[key])}; got {value!r}")
            elif key in ("max_questions", "max_complexity"):
                if not (value is None and key == "max_questions") and (
                        isinstance(value, bool) or not isinstance(value, int) or value < 0):
                    raise BadInput(f"{key} must be a whole number of at least 0, got {value!r}")
            elif key == "title":
                if not isinstance(value, str):
                    raise BadInput(f"title must be a string, got {value!r}")
            else:
                raise BadInput(f"unknown option {key!r}; choose from objective, max_questions, goal, language, "
                               "max_complexity, title")
        return GodsPuzzle(dataclasses.replace(self.model, **options), self.ignored)

    @guarded
    def solve(self, limit: LimitSpec = None, objective: str | None = None, backend: str | None = None, *,
              memory: MemorySpec = None, progress: Callable[[Progress], None] | None = None) -> "StrategyResult":
        """Return the strategy of fewest questions, verified against every world and hidden state, or
        the proof that none exists; raise LimitReached (with what is proved) past the time or node
        `limit` or the `memory` budget: its `best`, if not None, is a strategy verified before the
        limit (an upper bound, not proved optimal). `progress` hears how a long search goes."""
        from ..errors import LimitReached
        from ..interrogate.solve import solve
        from ..interrogate.strategy import Ask, Identified
        from .results import Strategy, StrategyResult

        if backend not in (None, *GODS_BACKENDS):
            raise BadInput(f"unknown backend {backend!r} for a gods puzzle; choose one of: {', '.join(GODS_BACKENDS)}")
        puzzle = self
        if objective is not None:
            if objective not in OBJECTIVES:
                raise BadInput(f"objective takes one of: {', '.join(OBJECTIVES)}; got {objective!r}")
            puzzle = self.with_options(objective=objective)
        start = time.perf_counter()
        try:
            solution = solve(puzzle.model, limits_of(limit, memory, progress))
        except LimitReached as e:  # a verified strategy found before the limit, as a public value
            if isinstance(e.best, (Ask, Identified)):
                e.best = Strategy(e.best, puzzle)
            raise
        return StrategyResult.of(puzzle, solution, time.perf_counter() - start)


@dataclass(frozen=True, repr=False)
class DeductionPuzzle(_Written):
    """Statements and clues that constrain the worlds: knights and knaves, ages, zebra grids."""

    model: Deduction
    ignored: tuple[str, ...] | None = None  # read from English: the sentences passed over (instructions, …)

    def __repr__(self) -> str:
        if self.model.grid is not None:
            return (f"DeductionPuzzle({self.title!r}, kind='grid', houses={self.model.grid.houses}, "
                    f"clues={len(self.model.constraints)})")
        return (f"DeductionPuzzle({self.title!r}, agents={list(self.agents)}, "
                f"statements={len(self.model.constraints)})")

    @property
    def kind(self) -> str:
        """Return 'grid' for zebra puzzles, 'deduction' for the rest."""
        return "grid" if self.model.grid is not None else "deduction"

    @property
    def agents(self) -> tuple[str, ...]:
        """Return the people of the puzzle (none for a grid)."""
        return self.model.agents

    @property
    def statements(self) -> tuple[str, ...]:
        """Return the labels of the statements, facts and clues, in order ('statement 1', 'clue 3', …)."""
        return tuple(c.label for c in self.model.constraints)

    @property
    def questions(self) -> tuple[str, ...]:
        """Return the questions the puzzle's text asks ('Who owns the zebra?')."""
        return tuple(q.text for q in self.model.questions)

    def semantics(self) -> dict[str, Any]:
        """Return how statements are read: truthful agents say only truths, liars only falsehoods, the rest either."""
        if self.model.grid is not None:
            return {"houses": self.model.grid.houses, "categories": len(self.model.grid.categories)}
        return {"says": "truthful: true; liar: false; random: either"}

    @guarded
    def solve(self, limit: LimitSpec = None, objective: str | None = None, backend: str | None = None,
              explain: bool = False, *, memory: MemorySpec = None,
              progress: Callable[[Progress], None] | None = None) -> "WorldsResult":
        """Return every consistent world, what they determine and (with explain) a minimal set of
        statements forcing each determined fact; raise LimitReached past the limit (a partial list
        of worlds is never returned as complete)."""
        from ..deduce.solve import solve_deduction
        from .results import WorldsResult

        if objective is not None:
            raise BadInput("objective applies to gods puzzles (questions to ask); a deduction puzzle has none")
        if backend not in (None, *DEDUCTION_BACKENDS):
            raise BadInput(f"unknown backend {backend!r}; choose one of: {', '.join(DEDUCTION_BACKENDS)}")
        start = time.perf_counter()
        res = solve_deduction(self.model, backend or "auto", explain, limits_of(limit, memory, progress))
        return WorldsResult.of(self, res, time.perf_counter() - start)


Puzzle = GodsPuzzle | DeductionPuzzle


def wrap(model: Interrogation | Deduction, ignored: tuple[str, ...] | None = None) -> Puzzle:
    """Return the public puzzle value of an engine puzzle (`ignored`: sentences of its text passed over)."""
    return GodsPuzzle(model, ignored) if isinstance(model, Interrogation) else DeductionPuzzle(model, ignored)
