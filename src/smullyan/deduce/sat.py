"""The SAT backend (python-sat, Glucose): for spaces too large to enumerate.

Each agent's type and each variable's value is a one-hot group of Boolean variables; every
subexpression gets a literal defined by Tseitin clauses; constraint i holds when its selector is
assumed, so subsets of constraints can be tested with assumptions (for minimal cores). All models
are enumerated by adding a clause that blocks each world found.
"""

from __future__ import annotations

from typing import Callable, Iterable

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver


from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.types import LIAR, RANDOM, TRUTHFUL, canonical_type
from .model import Deduction, World

SOLVER = "glucose4"
MAX_DOMAIN = 10_000


class SatBackend:
    """Consistent worlds by SAT solving with blocking clauses."""

    name = "sat"

    def __init__(self, puzzle: Deduction):
        self.puzzle = puzzle
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self.true = self.pool.id("__true__")
        self.clauses.append([self.true])
        self.tv: dict[tuple[int, str], int] = {}
        for a, types in enumerate(puzzle.allowed):
            lits = [self._var(("type", a, t)) for t in types]
            for t, lit in zip(types, lits):
                self.tv[(a, t)] = lit
            self._exactly_one(lits)
        self.vv: dict[str, dict[int, int]] = {}
        for v in puzzle.variables:
            if len(v.domain) > MAX_DOMAIN:
                raise PuzzleError(f"variable '{v.name}' has {len(v.domain):,} values, too many to encode (limit {MAX_DOMAIN:,})")
            lits = {x: self._var(("value", v.name, x)) for x in v.domain}
            self.vv[v.name] = lits
            self._exactly_one(list(lits.values()))
        for group in puzzle.distinct:
            for i, x in enumerate(group):
                for y in group[i + 1:]:
                    for value, lx in self.vv[x].items():
                        ly = self.vv[y].get(value)
                        if ly is not None:
                            self.clauses.append([-lx, -ly])
        self._lits: dict[E.Expr, int] = {}
        self.selectors = []
        for i, c in enumerate(puzzle.constraints):
            sel = self._var(("sel", i))
            self.clauses.append([-sel, self.lit(c.expr)])
            self.selectors.append(sel)
        self.primary = list(self.tv.values()) + [lit for lits in self.vv.values() for lit in lits.values()]
        self._checker: Solver | None = None
        self._fed = 0

    def add_constraint(self, e: E.Expr) -> int:
        """Return the selector literal of a new constraint (it holds whenever the selector is assumed)."""
        sel = self._var(("sel", len(self.selectors)))
        self.clauses.append([-sel, self.lit(e)])
        self.selectors.append(sel)
        return sel

    def world_literals(self, world: World) -> list[int]:
        """Return the primary literals true in a world (its type and value of every agent and variable)."""
        lits = [self.tv[(a, t)] for a, t in enumerate(world.types)]
        return lits + [self.vv[v.name][x] for v, x in zip(self.puzzle.variables, world.values)]

    def decode(self, model: Iterable[int]) -> World:
        """Return the world a solver's model describes."""
        return self._decode(set(model))

    def _var(self, key) -> int:
        return self.pool.id(key)

    def _fresh(self) -> int:
        return self.pool.id(("aux", self.pool.top + 1))

    def _exactly_one(self, lits: list[int]) -> None:
        if not lits:
            self.clauses.append([])
            return
        enc = CardEnc.equals(lits=lits, bound=1, vpool=self.pool, encoding=EncType.pairwise if len(lits) <= 6 else EncType.seqcounter)
        self.clauses.extend(enc.clauses)

    # ------------------------------------------------------------ Tseitin

    def _and(self, lits: list[int]) -> int:
        if any(l == -self.true for l in lits):
            return -self.true
        lits = [l for l in lits if l != self.true]
        if not lits:
            return self.true
        if len(lits) == 1:
            return lits[0]
        x = self._fresh()
        for l in lits:
            self.clauses.append([-x, l])
        self.clauses.append([x] + [-l for l in lits])
        return x

    def _or(self, lits: list[int]) -> int:
        return -self._and([-l for l in lits])

    def _xor(self, a: int, b: int) -> int:
        x = self._fresh()
        self.clauses += [[-x, a, b], [-x, -a, -b], [x, -a, b], [x, a, -b]]
        return x

    def lit(self, e: E.Expr) -> int:
        """Return a literal equivalent to an expression (adding its definition)."""
        got = self._lits.get(e)
        if got is None:
            got = self._lits[e] = self._lit(e)
        return got

    def _type_lit(self, agent: str, type_name: str) -> int:
        a = self.puzzle.agents.index(agent)
        return self.tv.get((a, canonical_type(type_name)), -self.true)

    def _lit(self, e: E.Expr) -> int:
        match e:
            case E.Const(value):
                return self.true if value else -self.true
            case E.TypeIs(agent, t):
                return self._type_lit(agent, t)
            case E.Not(arg):
                return -self.lit(arg)
            case E.And(args):
                return self._and([self.lit(a) for a in args])
            case E.Or(args):
                return self._or([self.lit(a) for a in args])
            case E.Xor(a, b):
                return self._xor(self.lit(a), self.lit(b))
            case E.Iff(a, b):
                return -self._xor(self.lit(a), self.lit(b))
            case E.Implies(a, b):
                return self._or([-self.lit(a), self.lit(b)])
            case E.Says(agent, st):
                x = self.lit(st)
                return self._or([self._and([self._type_lit(agent, TRUTHFUL), x]),
                                 self._and([self._type_lit(agent, LIAR), -x]),
                                 self._type_lit(agent, RANDOM)])
            case E.Count(items, op, n):
                return self._count([self.lit(i) for i in items], op, n)
            case E.Cmp(op, left, right):
                return self._cmp(op, left, right)
        raise PuzzleError(f"the sat backend cannot encode {E.to_json(e)!r}")

    def _count(self, lits: list[int], op: str, n: int) -> int:
        # atleast[j]: at least j of the literals seen so far hold (a unary counter, fully defined)
        atleast = [self.true]
        for x in lits:
            nxt = [self.true]
            for j in range(1, len(atleast) + 1):
                keep = atleast[j] if j < len(atleast) else -self.true
                nxt.append(self._or([keep, self._and([x, atleast[j - 1]])]))
            atleast = nxt
        k = len(lits)

        def at_least(j: int) -> int:
            return self.true if j <= 0 else (-self.true if j > k else atleast[j])

        exactly = [self._and([at_least(j), -at_least(j + 1)]) for j in range(k + 1)]
        return self._or([exactly[j] for j in range(k + 1) if E.compare(op, j, n)])

    def _term(self, t: E.Term) -> dict[int, int]:
        if t.var is None:
            return {t.offset: self.true}
        return {v + t.offset: lit for v, lit in self.vv[t.var].items()}

    def _cmp(self, op: str, left: E.Term, right: E.Term) -> int:
        rights = self._term(right)
        parts = []
        for a, la in self._term(left).items():
            ok = [lb for b, lb in rights.items() if E.compare(op, a, b)]
            if ok:
                parts.append(self._and([la, self._or(ok)]))
        return self._or(parts)

    # ------------------------------------------------------------ answers

    def _decode(self, model: set[int]) -> World:
        p = self.puzzle
        types = tuple(next(t for t in p.allowed[a] if self.tv[(a, t)] in model) for a in range(len(p.agents)))
        values = tuple(next(x for x, lit in self.vv[v.name].items() if lit in model) for v in p.variables)
        return World(types, values)

    def worlds(self, limit: int | None = None, watch: Callable[[int], None] | None = None) -> list[World]:
        """Return every consistent world (at most `limit`), each found once; `watch(found)` is called
        every 64 worlds and may stop the listing by raising."""
        out = []
        with Solver(name=SOLVER, bootstrap_with=self.clauses) as s:
            while limit is None or len(out) < limit:
                if watch is not None and len(out) % 64 == 0:
                    watch(len(out))
                if not s.solve(assumptions=self.selectors):
                    break
                model = set(s.get_model())
                out.append(self._decode(model))
                s.add_clause([-lit for lit in self.primary if lit in model])
        return out

    def consistent(self, active: Iterable[int], negated: E.Expr | None = None) -> bool:
        """Return whether some world satisfies the active constraints (and, if given, `negated` fails)."""
        assumptions = [self.selectors[i] for i in active]
        if negated is not None:
            assumptions.append(-self.lit(negated))
        if self._checker is None:
            self._checker = Solver(name=SOLVER)
        self._checker.append_formula(self.clauses[self._fed:])
        self._fed = len(self.clauses)
        return bool(self._checker.solve(assumptions=assumptions))

    def close(self) -> None:
        """Release the solver used for consistency checks."""
        if self._checker is not None:
            self._checker.delete()
            self._checker = None
