"""Fewest questions on average within k, as one weighted MaxSAT problem over representatives.

The tree of `depth_sat` (an addressee per node, an option per representative and node), with masses:

- Mass: a representative's prior weight times the odds of the answers on its path. The odds depend on
  whom the path asked, so a representative reaches a node *with a mass* (`reach[r, v, q]`, q the product of
  the odds so far; few values, as every random answer multiplies by the same few fractions).
- Open node: one still holding two goal classes (forced by `owns`); a question is asked there. Nodes of
  depth k hold one class.
- Cost: every representative reaching an open node with mass q pays q (a soft clause "not both", of that
  weight, in whole numbers over a common denominator): the sum is the expected number of questions times
  the total mass, so the least cost is the optimum over every strategy of at most k questions.
RC2 (core-guided MaxSAT, pysat) proves the optimum: its cost is a lower bound for every strategy within k
and the model read back is a strategy reaching it (verified like any other before it is shown).
"""

from __future__ import annotations

import math
from fractions import Fraction

from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.depth_sat import Shape, _bits, _members, in_child
from smullyan.interrogate.search import Ask, Budget, Leaf, Split

MAX_SOFT = 400_000  # soft clauses the problem may hold (RC2 keeps a Python object per soft clause)
SOLVER = "cd19"  # CaDiCaL 1.9.5 as RC2's oracle


class AverageSat:
    """The least expected number of questions within k questions, by weighted MaxSAT."""

    def __init__(self, anyl: AnyLanguage, budget: Budget, distribution):
        """`distribution(rep, agent, outcomes)` gives the odds of each outcome under an option (None: undefined)."""
        self.anyl = anyl
        self.budget = budget
        self.n_agents = len(anyl.ctx.space.agents)
        self.outcomes = tuple(o for o in range(anyl.n_outcomes)
                              if any(opt.outcomes >> o & 1 for row in anyl.rep_options for agent in row for opt in agent))
        self.odds = {}  # (rep, agent, option index) -> {outcome: probability}
        self.defined = True
        for r, row in enumerate(anyl.rep_options):
            for a, opts in enumerate(row):
                for j, opt in enumerate(opts):
                    if opt.outcomes.bit_count() == 1:
                        self.odds[(r, a, j)] = {opt.outcomes.bit_length() - 1: Fraction(1)}
                        continue
                    dist = distribution(r, a, opt.outcomes)
                    if dist is None:
                        self.defined = False  # a god who may choose: no average
                        continue
                    self.odds[(r, a, j)] = {o: dist[o] for o in _bits(opt.outcomes)}

    def _masses(self, reps: int, k: int, shape: Shape) -> list[dict[int, set[Fraction]]]:
        """Return, per node, for each representative the odds products it may reach the node with."""
        index = {o: i for i, o in enumerate(self.outcomes)}
        at: list[dict[int, set[Fraction]]] = [dict() for _ in shape.depth]
        at[0] = {r: {Fraction(1)} for r in _members(reps)}
        for v in range(len(shape.depth)):
            if shape.depth[v] >= k:
                continue
            kids = shape.children[v]
            for r, qs in at[v].items():
                for a in range(self.n_agents):
                    for j, _opt in enumerate(self.anyl.rep_options[r][a]):
                        for o, p in self.odds[(r, a, j)].items():
                            at[kids[index[o]]].setdefault(r, set()).update(q * p for q in qs)
        return at

    def soft_clauses(self, reps: int, k: int) -> int:
        """Return how many soft clauses the problem for a set within k has."""
        shape = Shape.of(self.outcomes, k)
        at = self._masses(reps, k, shape)
        return sum(len(qs) for v, reach in enumerate(at) if shape.depth[v] < k for qs in reach.values())

    def fits(self, reps: int, k: int) -> bool:
        """Return whether the problem for a set within k is small enough to build."""
        return self.defined and sum(len(self.outcomes) ** d for d in range(k)) * reps.bit_count() * (k + 1) \
            <= MAX_SOFT * 4 and self.soft_clauses(reps, k) <= MAX_SOFT

    def optimum(self, reps: int, masses: dict[int, int], k: int) -> tuple[Fraction, Ask | Leaf] | None:
        """Return (the least expected questions within k, a tree reaching it), or None if no strategy of at
        most k questions exists. `masses` are the representatives' whole-number prior weights."""
        from pysat.card import CardEnc, EncType
        from pysat.formula import WCNF

        anyl, budget = self.anyl, self.budget
        goal = anyl.goal_class
        members = list(_members(reps))
        total = sum(masses[r] for r in members)
        if len({goal[r] for r in members}) <= 1:
            return Fraction(0), Leaf(reps)
        shape = Shape.of(self.outcomes, k)
        index = {o: i for i, o in enumerate(self.outcomes)}
        at = self._masses(reps, k, shape)
        denominator = math.lcm(*(q.denominator for reach in at for qs in reach.values() for q in qs))
        top = [0]

        def new() -> int:
            top[0] += 1
            return top[0]

        inner = [v for v in range(len(shape.depth)) if shape.depth[v] < k]
        ask = {(v, a): new() for v in inner for a in range(self.n_agents)}
        reach = {(r, v, q): new() for v, here in enumerate(at) for r, qs in here.items() for q in qs}
        opened = {v: new() for v in inner}
        wcnf = WCNF()
        hard = wcnf.append
        for r in members:
            hard([reach[(r, 0, Fraction(1))]])
        for v in inner:
            lits = [ask[(v, a)] for a in range(self.n_agents)]
            hard(lits)
            for c in CardEnc.atmost(lits, 1, top_id=top[0], encoding=EncType.pairwise).clauses:
                hard(c)
        pick: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
        for v in inner:
            budget.check_time()
            kids = shape.children[v]
            for r, qs in at[v].items():
                for a in range(self.n_agents):
                    opts = anyl.rep_options[r][a]
                    if len(opts) == 1:
                        chosen = [(0, j) for j in range(1)]
                    else:
                        chosen = pick.setdefault((r, v, a), [(new(), j) for j in range(len(opts))])
                    for q in qs:
                        here = reach[(r, v, q)]
                        if len(opts) > 1:
                            hard([-here, -ask[(v, a)]] + [p for p, _ in chosen])
                        for p, j in chosen:
                            for o, odds in self.odds[(r, a, j)].items():
                                guard = [-here, -ask[(v, a)]] if p == 0 else [-here, -p]
                                hard(guard + [reach[(r, kids[index[o]], q * odds)]])
        classes = sorted({goal[r] for r in members})
        for v in range(len(shape.depth)):
            owns = {c: new() for c in classes}
            for r, qs in at[v].items():
                for q in qs:
                    hard([-reach[(r, v, q)], owns[goal[r]]])
            lits = [owns[c] for c in classes]
            if shape.depth[v] == k:  # a leaf holds one class
                enc = CardEnc.atmost(lits, 1, top_id=top[0],
                                     encoding=EncType.pairwise if len(lits) <= 6 else EncType.seqcounter)
                top[0] = max(top[0], enc.nv)
                for c in enc.clauses:
                    hard(c)
                continue
            seen = None  # seen_i: one of the first i classes is here; a second one opens the node
            for lit in lits:
                if seen is not None:
                    hard([-lit, -seen, opened[v]])
                    nxt = new()
                    hard([-seen, nxt])
                    hard([-lit, nxt])
                    seen = nxt
                else:
                    seen = lit
            for r, qs in at[v].items():
                for q in qs:
                    weight = masses[r] * q * denominator
                    wcnf.append([-reach[(r, v, q)], -opened[v]], weight=int(weight))
        budget.check_time()
        found = in_child(lambda: _maxsat(wcnf), budget)
        if found is None:
            return None
        cost, model = found
        true = set(model)

        def build(v: int, here: int) -> Ask | Leaf:
            rs = list(_members(here))
            if len({goal[r] for r in rs}) <= 1:
                return Leaf(here)
            agent = next(a for a in range(self.n_agents) if ask[(v, a)] in true)
            payload: dict[int, int] = {}
            child = [0] * len(self.outcomes)
            for r in rs:
                opts = anyl.rep_options[r][agent]
                j = 0 if len(opts) == 1 else next(j for p, j in pick[(r, v, agent)] if p in true)
                payload[r] = opts[j].outcomes
                for o in _bits(opts[j].outcomes):
                    child[index[o]] |= 1 << r
            kids = tuple((self.outcomes[i], c) for i, c in enumerate(child) if c)
            return Ask(here, Split(agent, kids, payload),
                       tuple((o, build(shape.children[v][index[o]], c)) for o, c in kids))

        return Fraction(cost, denominator * total), build(0, reps)


def _maxsat(wcnf) -> tuple[int, list[int]] | None:
    """Return (the least cost, the positive literals of a model reaching it), or None if the hard clauses
    have no model."""
    from pysat.examples.rc2 import RC2Stratified

    with RC2Stratified(wcnf, solver=SOLVER, adapt=True, exhaust=True, minz=True) as rc2:
        model = rc2.compute()
        if model is None:
            return None
        return rc2.cost, [lit for lit in model if lit > 0]
