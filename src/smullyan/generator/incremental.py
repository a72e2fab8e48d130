"""One SAT solver per generated puzzle: every check a question under assumptions.

Statements and clues are added as they are drawn, each behind its own selector literal, so
- `other(active)`: a consistent world under the active statements that is not the hidden one,
- `needed(i, active)`: whether dropping statement i lets another world in,
- `forcing(active, fact)`: a minimal set of statements that forces a fact (a core, then deletion),
are all answered by the same incremental solver (python-sat, Glucose) without rebuilding anything.
"""

from __future__ import annotations

from typing import Sequence

from pysat.solvers import Solver

from ..deduce.model import Deduction, World
from ..deduce.sat import SOLVER, SatBackend
from ..logic import expr as E


class Checker:
    """An incremental solver over one puzzle's worlds, with a hidden world to protect."""

    def __init__(self, skeleton: Deduction, hidden: World):
        self.sat = SatBackend(skeleton)
        self.solver = Solver(name=SOLVER, bootstrap_with=self.sat.clauses)
        self._fed = len(self.sat.clauses)
        self.hidden = hidden
        self.differs = self.sat._fresh()  # assumed: the world is not the hidden one
        self.sat.clauses.append([-self.differs] + [-lit for lit in self.sat.world_literals(hidden)])
        self.selectors: list[int] = []

    def __enter__(self) -> "Checker":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Release the solver."""
        self.solver.delete()

    def _feed(self) -> None:
        self.solver.append_formula(self.sat.clauses[self._fed:])
        self._fed = len(self.sat.clauses)

    def add(self, e: E.Expr) -> int:
        """Return the index of a new statement (inactive until listed in `active`)."""
        self.selectors.append(self.sat.add_constraint(e))
        return len(self.selectors) - 1

    def literal(self, e: E.Expr) -> int:
        """Return a literal equivalent to an expression over the puzzle's worlds."""
        return self.sat.lit(e)

    def _solve(self, assumptions: list[int]) -> bool:
        self._feed()
        return bool(self.solver.solve(assumptions=assumptions))

    def other(self, active: Sequence[int]) -> World | None:
        """Return a world consistent with the active statements other than the hidden one (None: unique)."""
        if not self._solve([self.selectors[i] for i in active] + [self.differs]):
            return None
        return self.sat.decode(self.solver.get_model())

    def consistent(self, active: Sequence[int]) -> bool:
        """Return whether some world satisfies the active statements."""
        return self._solve([self.selectors[i] for i in active])

    def needed(self, i: int, active: Sequence[int]) -> bool:
        """Return whether dropping statement i from the active ones lets another world in."""
        return self.other([j for j in active if j != i]) is not None

    def minimise(self, active: Sequence[int]) -> list[int]:
        """Return the active statements less every one not needed, dropped in the order given.

        One pass suffices: removing statements only adds worlds, so a statement needed
        now stays needed after later ones are dropped."""
        kept = list(active)
        for i in list(active):
            if not self.needed(i, kept):
                kept.remove(i)
        return kept

    def forcing(self, active: Sequence[int], fact: E.Expr) -> list[int]:
        """Return a minimal subset of the active statements that forces `fact` (no member can be dropped);
        [] when the fact holds in every world of the skeleton."""
        neg = -self.literal(fact)
        by_sel = {self.selectors[i]: i for i in active}
        if self._solve(list(by_sel) + [neg]):
            raise ValueError("the active statements do not force this fact")
        core = [by_sel[s] for s in (self.solver.get_core() or []) if s in by_sel]
        core.sort(key=list(active).index)
        for i in list(core):
            if i not in core:
                continue
            trial = [j for j in core if j != i]
            if not self._solve([self.selectors[j] for j in trial] + [neg]):
                got = self.solver.get_core() or []
                core = [j for j in trial if self.selectors[j] in got]
        return core
