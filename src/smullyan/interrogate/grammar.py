"""The question grammar, enumerated by complexity and deduplicated by exact tables.

- Level c: every distinct table first reachable with complexity c (DESIGN §2: atoms 0; each
  connective or embedded `answers` adds one to its most complex part).
- Entry: a table with the least complex, then smallest, expression found for it.
Two expressions are merged only when their tables agree in every context (world, hidden state,
own answer), so dedup never loses a question's behaviour in any later composition.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import SearchLimitReached
from ..logic import expr as E
from ..logic.semantics import ContextSpace, and_table, iff_table, or_table, xor_table
from .search import Budget

CONNECTIVES = ("and", "or", "xor", "iff")
MAX_PAIRS = 50_000_000  # beyond this a level takes minutes in Python: refuse rather than hang
_BUILD = {
    "and": (and_table, lambda a, b: E.And((a, b))),
    "or": (or_table, lambda a, b: E.Or((a, b))),
    "xor": (xor_table, E.Xor),
    "iff": (iff_table, E.Iff),
}


@dataclass(frozen=True, slots=True)
class Entry:
    """A distinct proposition: its table and its simplest known expression."""

    table: tuple[int, int]
    expr: E.Expr
    complexity: int
    size: int


class Grammar:
    """Propositions of a context space, level by level, built lazily."""

    def __init__(self, ctx: ContextSpace, connectives: tuple[str, ...] = CONNECTIVES,
                 budget: Budget | None = None, max_pairs: int = MAX_PAIRS):
        self.ctx = ctx
        self.budget = budget or Budget()
        self.max_pairs = max_pairs
        self.connectives = connectives
        self.levels: list[list[Entry]] = []
        self.seen: dict[tuple[int, int], Entry] = {}

    def atoms(self) -> list[E.Expr]:
        """Return the atoms: constants, types, meanings and (where allowed) the own answer."""
        space = self.ctx.space
        out: list[E.Expr] = [E.TRUE, E.FALSE]
        out += [E.TypeIs(a, t) for a in space.agents for t in space.type_names()]
        out += [E.Means(w, m) for w in space.words for m in space.meanings()]
        if self.ctx.with_self:
            out += [E.SelfAnswer(w) for w in space.words]
        return out

    def level(self, c: int) -> list[Entry]:
        """Return the entries first reached at complexity c (building lower levels as needed)."""
        while len(self.levels) <= c:
            self._build_next()
        return self.levels[c]

    def upto(self, c: int) -> list[Entry]:
        """Return every entry of complexity at most c, least complex first."""
        self.level(c)
        return [e for lvl in self.levels[: c + 1] for e in lvl]

    def _add(self, table: tuple[int, int], make, c: int, sz: int, new: dict) -> None:
        old = self.seen.get(table)
        if old is None:
            entry = Entry(table, make(), c, sz)
            self.seen[table] = entry
            new[table] = entry
        elif old.complexity == c and old.size > sz:
            entry = Entry(table, make(), c, sz)
            self.seen[table] = entry
            new[table] = entry

    def _build_next(self) -> None:
        ctx = self.ctx
        c = len(self.levels)
        new: dict[tuple[int, int], Entry] = {}
        if c == 0:
            for atom in self.atoms():
                self._add(ctx.table(atom), lambda atom=atom: atom, 0, 1, new)
            self.levels.append(list(new.values()))
            return
        prev = self.levels[c - 1]
        lower = [e for lvl in self.levels[: c - 1] for e in lvl]
        pairs = len(self.connectives) * len(prev) * (len(prev) // 2 + len(lower))
        if pairs > self.max_pairs:
            raise SearchLimitReached(
                f"the question grammar at complexity {c} means combining {pairs:,} pairs of distinct "
                f"questions, too many to enumerate one by one; lower max_complexity to {c - 1} or use "
                "language = \"any\" (every possible question)")
        for p in prev:
            self._add((p.table[1], p.table[0]), lambda p=p: E.Not(p.expr), c, p.size + 1, new)
        for op in self.connectives:
            fn, build = _BUILD[op]
            for i, p in enumerate(prev):
                self.budget.check_time()  # each p is combined with every other question: check once per p
                for q in prev[i + 1 :]:
                    self._add(fn(p.table, q.table), lambda p=p, q=q: build(p.expr, q.expr), c, p.size + q.size + 1, new)
                for q in lower:
                    self._add(fn(q.table, p.table), lambda p=p, q=q: build(q.expr, p.expr), c, p.size + q.size + 1, new)
        space = ctx.space
        for ai, agent in enumerate(space.agents):
            for wi, word in enumerate(space.words):
                self.budget.check_time()
                for p in prev:
                    tab = ctx.answers_table(ai, p.table, wi)
                    self._add(tab, lambda p=p, agent=agent, word=word: E.Answers(agent, p.expr, word), c, p.size + 1, new)
        self.levels.append(list(new.values()))
