"""The enumeration backend: every world of the space is one bit of an integer.

World index i encodes a type choice per agent and a value index per variable in mixed radix (first
agent least significant). Each atom is the bitset of worlds where it holds; connectives are bitwise
operations; `says A e` is (A truthful & e) | (A liar & ~e) | (A random). One pass over an expression
gives the set of worlds where it holds, for all worlds at once.
"""

from __future__ import annotations

from functools import reduce
from operator import and_, or_
from typing import Callable, Iterable

from ..errors import PuzzleError
from ..logic import expr as E
from ..logic.types import LIAR, RANDOM, TRUTHFUL, canonical_type
from .model import Deduction, World

MAX_WORLDS = 1 << 22


class EnumerationBackend:
    """Consistent worlds by bitset evaluation over the whole space."""

    name = "enum"

    def __init__(self, puzzle: Deduction):
        self.puzzle = puzzle
        n = puzzle.space_size()
        if n > MAX_WORLDS:
            raise PuzzleError(f"{n:,} candidate worlds are too many to enumerate (limit {MAX_WORLDS:,}); use the sat backend")
        self.n = n
        self.all = (1 << n) - 1
        self.radix = [len(a) for a in puzzle.allowed] + [len(v.domain) for v in puzzle.variables]
        self.stride = []
        s = 1
        for r in self.radix:
            self.stride.append(s)
            s *= r
        self._masks: dict[tuple[int, int], int] = {}
        self._types: dict[tuple[str, str], int] = {}
        self._cache: dict[E.Expr, int] = {}
        self.var_index = {v.name: len(puzzle.agents) + i for i, v in enumerate(puzzle.variables)}
        self.base = self.all & self._distinct()
        self.constraint_masks = [self.eval(c.expr) for c in puzzle.constraints]

    # ------------------------------------------------------------ atoms

    def digit_mask(self, digit: int, value: int) -> int:
        """Return the worlds whose digit `digit` equals `value`."""
        key = (digit, value)
        m = self._masks.get(key)
        if m is None:
            # a run of `stride` ones at offset value*stride, repeated every radix*stride bits:
            # the run times the base-2^period repunit
            stride, period = self.stride[digit], self.stride[digit] * self.radix[digit]
            run = ((1 << stride) - 1) << (value * stride)
            m = self._masks[key] = run * (((1 << self.n) - 1) // ((1 << period) - 1))
        return m

    def type_mask(self, agent: str, type_name: str) -> int:
        """Return the worlds where an agent has a type."""
        key = (agent, type_name)
        m = self._types.get(key)
        if m is None:
            a = self.puzzle.agents.index(agent)
            t = canonical_type(type_name)
            allowed = self.puzzle.allowed[a]
            m = self._types[key] = self.digit_mask(a, allowed.index(t)) if t in allowed else 0
        return m

    def value_masks(self, var: str) -> list[tuple[int, int]]:
        """Return (value, worlds where the variable has it) for every value of its domain."""
        d = self.var_index[var]
        dom = self.puzzle.variables[d - len(self.puzzle.agents)].domain
        return [(v, self.digit_mask(d, i)) for i, v in enumerate(dom)]

    def _distinct(self) -> int:
        ok = self.all
        for group in self.puzzle.distinct:
            for i, x in enumerate(group):
                for y in group[i + 1:]:
                    ok &= self.all & ~self.eval(E.Cmp("eq", E.Term(x), E.Term(y)))
        return ok

    # ------------------------------------------------------------ evaluation

    def eval(self, e: E.Expr) -> int:
        """Return the set of worlds where an expression holds."""
        got = self._cache.get(e)
        if got is None:
            got = self._cache[e] = self._eval(e)
        return got

    def _eval(self, e: E.Expr) -> int:
        full = self.all
        match e:
            case E.Const(value):
                return full if value else 0
            case E.TypeIs(agent, t):
                return self.type_mask(agent, t)
            case E.Not(arg):
                return full & ~self.eval(arg)
            case E.And(args):
                return reduce(and_, (self.eval(a) for a in args))
            case E.Or(args):
                return reduce(or_, (self.eval(a) for a in args))
            case E.Xor(a, b):
                return self.eval(a) ^ self.eval(b)
            case E.Iff(a, b):
                return full & ~(self.eval(a) ^ self.eval(b))
            case E.Implies(a, b):
                return (full & ~self.eval(a)) | self.eval(b)
            case E.Says(agent, st):
                x = self.eval(st)
                return ((self.type_mask(agent, TRUTHFUL) & x) | (self.type_mask(agent, LIAR) & ~x)
                        | self.type_mask(agent, RANDOM)) & full
            case E.Count(items, op, n):
                return self._count([self.eval(i) for i in items], op, n)
            case E.Cmp(op, left, right):
                return self._cmp(op, left, right)
        raise PuzzleError(f"the enumeration backend cannot evaluate {E.to_json(e)!r}")

    def _count(self, items: list[int], op: str, n: int) -> int:
        exactly = [self.all]  # exactly[j]: worlds where exactly j of the items seen so far hold
        for x in items:
            nx = self.all & ~x
            exactly = [(exactly[j] & nx if j < len(exactly) else 0) | (exactly[j - 1] & x if j else 0)
                       for j in range(len(exactly) + 1)]
        return reduce(or_, (m for j, m in enumerate(exactly) if E.compare(op, j, n)), 0)

    def _term_values(self, t: E.Term) -> list[tuple[int, int]]:
        if t.var is None:
            return [(t.offset, self.all)]
        return [(v + t.offset, m) for v, m in self.value_masks(t.var)]

    def _cmp(self, op: str, left: E.Term, right: E.Term) -> int:
        out = 0
        rights = self._term_values(right)
        for a, ma in self._term_values(left):
            ok = reduce(or_, (mb for b, mb in rights if E.compare(op, a, b)), 0)
            out |= ma & ok
        return out

    # ------------------------------------------------------------ answers

    def holding(self, active: Iterable[int] | None = None) -> int:
        """Return the worlds satisfying the given constraints (all when None)."""
        idx = range(len(self.constraint_masks)) if active is None else active
        return reduce(and_, (self.constraint_masks[i] for i in idx), self.base)

    def decode(self, index: int) -> World:
        """Return the world with a given index."""
        digits = [(index // s) % r for s, r in zip(self.stride, self.radix)]
        na = len(self.puzzle.agents)
        types = tuple(self.puzzle.allowed[a][digits[a]] for a in range(na))
        values = tuple(v.domain[digits[na + i]] for i, v in enumerate(self.puzzle.variables))
        return World(types, values)

    def worlds(self, limit: int | None = None, watch: Callable[[int], None] | None = None) -> list[World]:
        """Return every consistent world (at most `limit`), in index order; `watch(found)` is called every
        4,096 worlds and may stop the listing by raising. The set bits are found in one pass over the
        bitset's binary digits (walking `m & -m` on millions of bits would take quadratic time)."""
        m = self.holding()
        out: list[World] = []
        if not m:
            return out
        bits = format(m, "b")[::-1]  # least significant bit first: bits[i] == "1" iff world i holds
        i = bits.find("1")
        while i != -1 and (limit is None or len(out) < limit):
            out.append(self.decode(i))
            if watch is not None and len(out) % 4096 == 0:
                watch(len(out))
            i = bits.find("1", i + 1)
        return out

    def consistent(self, active: Iterable[int], negated: E.Expr | None = None) -> bool:
        """Return whether some world satisfies the active constraints (and, if given, `negated` fails)."""
        m = self.holding(active)
        if negated is not None:
            m &= self.all & ~self.eval(negated)
        return m != 0
