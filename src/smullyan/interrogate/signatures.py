"""Signatures: how a grammar question behaves when put to one addressee.

- Signature: for each outcome (each word, then silence), the world set where it may be heard; plus
  the worlds where the addressee may have no consistent answer (a paradox).
Questions with equal signatures for an addressee are interchangeable as questions to that addressee;
at a node only the signature restricted to the node's worlds matters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..logic.semantics import ContextSpace
from .grammar import Entry, Grammar
from .search import Split, dedupe, restrict


@dataclass(frozen=True, slots=True)
class Signature:
    """A question put to an addressee, seen through its outcomes per world."""

    addressee: int
    outcomes: tuple[int, ...]
    paradox: int
    entry: Entry


def signatures(ctx: ContextSpace, entries: list[Entry], check: Callable[[], None] | None = None) -> list[Signature]:
    """Return the distinct signatures of the entries for every addressee, simplest question first
    (`check` is called now and then and may stop the work by raising)."""
    ordered = sorted(entries, key=lambda e: (e.complexity, e.size))
    seen: dict[tuple, Signature] = {}
    for agent in range(len(ctx.space.agents)):
        for i, e in enumerate(ordered):
            if check is not None and i % 64 == 63:
                check()
            outs, paradox = ctx.outcome_worlds(agent, e.table)
            key = (agent, outs, paradox)
            if key not in seen:
                seen[key] = Signature(agent, outs, paradox, e)
    return list(seen.values())


class GrammarLanguage:
    """Split source for grammar questions up to a complexity bound."""

    def __init__(self, ctx: ContextSpace, grammar: Grammar, max_complexity: int):
        self.ctx = ctx
        self.max_complexity = max_complexity
        self.check = grammar.budget.check_time
        self.signatures = signatures(ctx, grammar.upto(max_complexity), self.check)
        self.forbid_paradox = ctx.space.paradox == "forbidden"
        self.max_outcomes = len({o for s in self.signatures for o, ws in enumerate(s.outcomes) if ws})
        self._cache: dict[int, list[Split]] = {}

    def splits(self, worlds: int, cap: int):
        """Yield the distinct useful splits of a node, simplest question first."""
        got = self._cache.get(worlds)
        if got is None:
            got = self._cache[worlds] = dedupe(self._splits(worlds), key=lambda s: tuple(sorted(c for _, c in s.children)))
        return got

    def _splits(self, worlds: int):
        for i, s in enumerate(self.signatures):
            if i % 256 == 255:
                self.check()
            if self.forbid_paradox and s.paradox & worlds:
                continue
            ch = restrict(s.outcomes, worlds)
            if ch is not None:
                yield Split(s.addressee, ch, s)
