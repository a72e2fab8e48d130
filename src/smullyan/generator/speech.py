"""Puzzles of people who speak (knights and knaves, ages): statements drawn until one world is left.

`speak(rng, skeleton, hidden, draw_claim, facts, cap)` asks one incremental solver for another world
than the hidden one; draws claims until one, said by someone whose type makes it hold in the hidden
world, is false in that other world; adds it; and repeats until no other world is left (or `cap`
statements are drawn: the candidate is given up). It then drops every statement the others make
unnecessary (one pass in random order) and finds, for each fact, a minimal set forcing it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ..deduce.asks import holds
from ..deduce.model import Constraint, Deduction, World
from ..logic import expr as E
from ..logic.types import TRUTHFUL
from .incremental import Checker
from .names import statement_labels

TRIES = 80  # claims drawn to rule out one other world before the candidate is given up


@dataclass(frozen=True)
class Spoken:
    """The statements kept (ordered by speaker), their labels, and for each fact the labels forcing it."""

    constraints: tuple[Constraint, ...]
    because: tuple[tuple[str, ...], ...]

    def explanation(self, facts: list[str]) -> tuple[dict[str, object], ...]:
        """Return each fact (in words) with the statements that force it."""
        return tuple({"fact": f, "because": list(b)} for f, b in zip(facts, self.because))

    def difficulty(self) -> dict[str, object]:
        """Return the grade (the largest minimal forcing set) and the measures behind it."""
        sizes = [len(b) for b in self.because]
        return {"grade": max(sizes), "statements": len(self.constraints), "forcing_sizes": sizes,
                "mean_forcing": round(sum(sizes) / len(sizes), 3)}


def _statement(rng: random.Random, skeleton: Deduction, hidden: World, other: World, spoken: dict[str, int],
               draw_claim: Callable[[random.Random], E.Expr]) -> E.Says | None:
    """Return a statement true in the hidden world and false in `other`, preferring people who spoke least."""
    people = skeleton.agents
    for _ in range(TRIES):
        claim = draw_claim(rng)
        value = holds(skeleton, claim, hidden)
        able = [p for i, p in enumerate(people) if (hidden.types[i] == TRUTHFUL) == value]
        if not able:
            continue
        fewest = min(spoken[p] for p in able)
        st = E.Says(rng.choice([p for p in able if spoken[p] == fewest]), claim)
        if not holds(skeleton, st, other):
            return st
    return None


def speak(rng: random.Random, skeleton: Deduction, hidden: World, draw_claim: Callable[[random.Random], E.Expr],
          facts: list[E.Expr], cap: int, source: Callable[[E.Says], object] = E.to_json) -> Spoken | None:
    """Return unique, irredundant statements for the hidden world with their explanations, or None (given up)."""
    people = skeleton.agents
    statements: list[E.Says] = []
    spoken = {p: 0 for p in people}
    with Checker(skeleton, hidden) as check:
        active: list[int] = []
        other = check.other(active)
        while other is not None:
            if len(statements) >= cap:
                return None
            st = _statement(rng, skeleton, hidden, other, spoken, draw_claim)
            if st is None:
                return None
            statements.append(st)
            spoken[st.agent] += 1
            active.append(check.add(st))
            other = check.other(active)
        order = active[:]
        rng.shuffle(order)
        kept = sorted(check.minimise(order))
        kept.sort(key=lambda i: people.index(statements[i].agent))
        labels = dict(zip(kept, statement_labels([statements[i].agent for i in kept])))
        because = tuple(tuple(labels[i] for i in check.forcing(kept, f)) for f in facts)
    return Spoken(tuple(Constraint(labels[i], statements[i], source(statements[i])) for i in kept), because)
