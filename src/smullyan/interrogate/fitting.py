"""Strategies whose average meets a target, found depth first: averages that equal their lower bound.

- Target: an average a strategy must not exceed. At the root it is the any-length lower bound
  (`PatternExpected.bound` with no length limit: the code bound and the random-answer bound, both
  true of every strategy, design note 29). A strategy found at that target is optimal among
  strategies of any length without searching the alternatives: the bound is the proof, the verified
  strategy the witness.
- First fit: a node's splits are taken as they are generated (the split guard already cuts those
  whose bound exceeds the target), and the first whose children fit the budget their siblings leave
  is kept. Each child is fitted under rising targets from its own bound, so it takes little more of
  the budget than it needs.
- What a failure means: nothing. Children are fitted one after another, each taking the first
  strategy under its budget rather than its best, so a split a full search would accept can be
  passed over. Only strategies found are used; their averages are memoised as reachable values, and
  failures only to skip repeating the same search.
"""

from __future__ import annotations

from fractions import Fraction

from .effort import MEMO_ENTRIES, BoundedMemo
from .expected import INFINITE
from .expected_patterns import PatternExpected, State, normal_levels
from .search import Ask, Leaf

TINY = Fraction(1, 10**9)  # splits are cut strictly above a target: this keeps those exactly at it
FIRST_STEP = Fraction(1, 256)  # a child's target rises from its bound by this, then twice as much, …


class FirstFit:
    """Finds strategies of at most a target average over counted nodes (PatternExpected's model)."""

    def __init__(self, counted: PatternExpected):
        self.counted = counted
        self._found = BoundedMemo(MEMO_ENTRIES, tables=counted.budget.tables)  # (canonical node, k) -> least average found
        self._failed = BoundedMemo(MEMO_ENTRIES, tables=counted.budget.tables)  # (canonical node, k) -> highest target that failed

    def known(self, state: State, k: int) -> Fraction | None:
        """Return an average within k questions known to be reachable for a node (None: none known)."""
        c = self.counted
        counts = c.counts(state)
        if sum(counts) <= 1:
            return Fraction(0)
        if k == 0:
            return None
        if c.worst.free_agent(counts):  # asking the free god for an optimal code reaches the bound
            v = c.bound(state, k)
            return None if v >= INFINITE else v
        return self._found.get((c.canonical(state), k))

    def fit(self, state: State, k: int, target: Fraction, reuse: bool = True) -> Fraction | None:
        """Return the average of a strategy within k questions of at most `target` for a node, having
        memoised how it is reached, or None if none was found (`reuse`: a value found before will do)."""
        c = self.counted
        counts = c.counts(state)
        if sum(counts) <= 1 or c.worst.free_agent(counts):
            v = self.known(state, k)
            return v if v is not None and v <= target else None
        if k == 0 or c.bound(state, k) > target:
            return None
        key = (c.canonical(state), k)
        got = self._found.get(key)
        if reuse and got is not None and got <= target:
            return got
        failed = self._failed.get(key)
        if failed is not None and target <= failed:
            return None
        for lb, _split, children in c.splits(state, k, target + TINY):
            value = self._fit_children(children, k - 1, lb, target)
            if value is not None:
                if got is None or value < got:
                    self._found.put(key, value)
                return value
        self._failed.put(key, target if failed is None else max(target, failed))
        return None

    def _fit_children(self, children: list[tuple[int, State]], k: int, lb: Fraction, target: Fraction
                      ) -> Fraction | None:
        """Return the average of a split whose children are fitted in turn (heaviest first) within the
        budget the target leaves, or None if one does not fit."""
        c = self.counted
        total = sum(m for m, _ in children)
        shares = [Fraction(m, total) for m, _ in children]
        bounds = [c.bound(child, k) for _, child in children]
        value, rest = Fraction(1), lb - 1  # rest: the bounds of the children not yet fitted, weighted
        for i in sorted(range(len(children)), key=lambda i: -shares[i]):
            rest -= shares[i] * bounds[i]
            budget = (target - value - rest) / shares[i]
            v = self._rising(children[i][1], k, bounds[i], budget)
            if v is None:
                return None
            value += shares[i] * v
        return value

    def _rising(self, state: State, k: int, low: Fraction, budget: Fraction) -> Fraction | None:
        """Return a node's fitted average under targets rising from `low` to `budget` (None: none fits)."""
        target, step = low, FIRST_STEP
        while True:
            target = min(target, budget)
            v = self.fit(state, k, target)
            if v is not None or target >= budget:
                return v
            target, step = target + step, step * 2

    def tree(self, levels: dict[int, int], k: int, target: Fraction) -> Ask | Leaf:
        """Return a strategy tree over representatives of at most `target` average within k questions
        (the node must have been fitted at that target)."""
        c = self.counted
        levels = normal_levels(levels)
        plain = c.leaf_or_code(levels, k)
        if plain is not None:
            return plain
        state = c.state_of(levels)
        for again in (False, True):
            if again:  # the memo lost the children of this node: fit it once more
                self.fit(state, k, target, reuse=False)
            for _lb, (a, x), children in c.splits(state, k, target + TINY):
                values = [self.known(child, k - 1) for _, child in children]
                if any(v is None for v in values):
                    continue
                total = sum(m for m, _ in children)
                if 1 + sum(Fraction(m, total) * v for (m, _), v in zip(children, values)) > target:
                    continue
                split, kids = c.split_of(levels, state, a, x)
                reps = sum(1 << r for r in levels)
                return Ask(reps, split, tuple((o, self.tree(side, k - 1, v)) for (o, side), v in zip(kids, values)))
        raise AssertionError("no split reaches the average the node was fitted at")
