"""Fewest questions on average, counting interchangeable worlds (the pattern model of patterns.py).

- Level of a world at a node: how many times its mass was halved on the way (once per question
  put to a god who answers both words in it). Its mass is 2**-level of its starting mass.
- Node: per pattern, how many worlds sit at each level; normalised so the lowest level present is 0.
- Length-limited code bound: collapsing each world's leaves onto its shallowest one leaves a prefix
  code of at most k letters whose average length is no more than the strategy's, so the optimal
  length-limited code of the masses (package-merge) bounds every node from below. When some god is
  free in every world, asking it alone reaches the bound, so the bound is the value.
- Search: best bound first, stopping once no remaining split's bound can beat the best value; values
  memoised on canonical nodes; splits generated only when both children still pass the worst-case
  lookahead bound for k - 1 questions, and children the worst-case search cannot finish are cut.
"""

from __future__ import annotations

import math
from fractions import Fraction

from .expected import INFINITE
from .patterns import PatternSearch, least_renaming, lookahead_assignments
from .search import Ask, Budget, Leaf, Split

State = tuple[tuple[int, ...], ...]  # per pattern: worlds at level 0, 1, …


def package_merge(weights: list[int], limit: int) -> int:
    """Return the least sum of weight x length over prefix codes of at most `limit` binary letters
    (len(weights) <= 2**limit)."""
    n = len(weights)
    if n <= 1:
        return 0
    leaves = sorted(weights)
    current = list(leaves)
    for _ in range(limit - 1):
        packages = [current[i] + current[i + 1] for i in range(0, len(current) - 1, 2)]
        current = sorted(leaves + packages)
    return sum(current[: 2 * n - 2])


def code_lengths(weights: list[int], limit: int) -> list[int]:
    """Return the codeword lengths of an optimal code of at most `limit` letters (package-merge)."""
    n = len(weights)
    if n <= 1:
        return [0] * n
    order = sorted(range(n), key=lambda i: weights[i])
    leaves = [(weights[i], (i,)) for i in order]
    current = list(leaves)
    for _ in range(limit - 1):
        packages = [(current[i][0] + current[i + 1][0], current[i][1] + current[i + 1][1])
                    for i in range(0, len(current) - 1, 2)]
        current = sorted(leaves + packages, key=lambda item: item[0])
    lengths = [0] * n
    for _, members in current[: 2 * n - 2]:
        for i in members:
            lengths[i] += 1
    return lengths


class PatternExpected:
    """Exact minimum expected number of questions over counted patterns."""

    def __init__(self, worst: PatternSearch, budget: Budget):
        self.worst = worst
        self.budget = budget
        self._memo: dict[tuple[State, int], Fraction] = {}  # exact values
        self._floor: dict[tuple[State, int], Fraction] = {}  # proven lower bounds
        self._bounds: dict[tuple[State, int], Fraction] = {}
        self._canon: dict[State, State] = {}

    # ------------------------------------------------------------------ nodes

    @staticmethod
    def normalise(state: State) -> State:
        """Return a node with its lowest occupied level moved to 0 and empty levels trimmed."""
        low = min((j for cells in state for j, n in enumerate(cells) if n), default=0)
        out = []
        for cells in state:
            cells = cells[low:]
            while cells and cells[-1] == 0:
                cells = cells[:-1]
            out.append(tuple(cells))
        return tuple(out)

    def canonical(self, state: State) -> State:
        """Return the least form of a node among the renamings of gods."""
        got = self._canon.get(state)
        if got is None:
            got = self._canon[state] = least_renaming(state, self.worst.renamings)
        return got

    @staticmethod
    def masses(state: State) -> list[int]:
        """Return the masses of a node's worlds as integers (the highest level weighs 1)."""
        top = max((len(cells) for cells in state), default=1) - 1
        return [1 << (top - j) for cells in state for j, n in enumerate(cells) for _ in range(n)]

    @staticmethod
    def counts(state: State) -> tuple[int, ...]:
        """Return the worlds per pattern of a node."""
        return tuple(sum(cells) for cells in state)

    def bound(self, state: State, k: int) -> Fraction:
        """Return a lower bound on a node's expected questions within k (0 for a single world): the
        better of the length-limited code bound and the random-answer bound."""
        got = self._bounds.get((state, k))
        if got is None:
            got = self._bounds[(state, k)] = self._bound(state, k)
        return got

    def _bound(self, state: State, k: int) -> Fraction:
        m = self.masses(state)
        if len(m) <= 1:
            return Fraction(0)
        if len(m) > 1 << k:
            return INFINITE
        total = sum(m)
        code = Fraction(package_merge(m, k), total)
        counts = self.counts(state)
        if self.worst.free_agent(counts):
            return code
        return max(code, self._random_bound(state, m, total))

    def _random_bound(self, state: State, m: list[int], total: int) -> Fraction:
        """Return entropy + the least mass share answering both words to the first question.

        Per world w, split its path's questions into informative ones and ones put to a god who
        answers both words in w. Kraft's inequality over the leaves and Jensen's inequality give
        E[informative] >= entropy of the masses; the first question is uninformative for the worlds
        where its addressee answers both, so at least the least such share is added.
        """
        top = max(len(cells) for cells in state) - 1
        least = min(sum(n << (top - j) for g in groups for j, n in enumerate(state[g]))
                    for groups in self.worst.both_groups)
        entropy = -sum((w / total) * math.log2(w / total) for w in m)
        # rounded down to a fraction below the real value, so the bound stays a bound
        return Fraction(math.floor((entropy - 1e-9) * 10**6), 10**6) + Fraction(least, total)

    # ------------------------------------------------------------------ search

    def value(self, state: State, k: int) -> Fraction:
        """Return the least expected number of questions for a node within k questions (INFINITE if none)."""
        return self.bounded(state, k, INFINITE)[0]

    def bounded(self, state: State, k: int, limit: Fraction) -> tuple[Fraction, bool]:
        """Return (the node's value, True) if it is below `limit`, else (a lower bound >= limit, False).

        Branch and bound: a child is searched only with the budget its siblings' bounds leave, so a
        hopeless split is dropped as soon as one child proves too costly."""
        counts = self.counts(state)
        if sum(counts) <= 1:
            return Fraction(0), True
        if k == 0 or not self.worst.within_counts(counts, k):
            return INFINITE, INFINITE < limit
        if self.worst.free_agent(counts):
            v = self.bound(state, k)
            return v, v < limit
        key = (self.canonical(state), k)
        got = self._memo.get(key)
        if got is not None:
            return got, got < limit
        known = self._floor.get(key)
        if known is not None and known >= limit:
            return known, False
        best = INFINITE
        for lb, _, children in self.candidates(state, k):
            cut = min(best, limit)
            if lb >= cut:
                break
            total = sum(m for m, _ in children)
            shares = [Fraction(m, total) for m, _ in children]
            bounds = [self.bound(child, k - 1) for _, child in children]
            value = Fraction(1)
            rest = lb - 1  # the children's bounds, weighted
            for (m, child), share, b in zip(children, shares, bounds):
                rest -= share * b
                budget = (cut - value - rest) / share  # what this child may cost before the split loses
                v, exact = self.bounded(child, k - 1, budget)
                if not exact:
                    break
                value += share * v
            else:
                if value < best:
                    best = value
        if best < limit:
            self._memo[key] = best
            return best, True
        self._floor[key] = max(limit, known or Fraction(0))
        return self._floor[key], False

    def candidates(self, state: State, k: int) -> list[tuple[Fraction, tuple[int, tuple], list[tuple[int, State]]]]:
        """Return the distinct splits of a node as (bound, (addressee, x), [(mass, child)]), best bound first."""
        counts = self.counts(state)
        worst = self.worst
        n_groups, n_agents = worst.n_groups, worst.n_agents
        out, seen = [], set()
        for fixed, a in worst.addressees(counts, k, state):
            if fixed == sum(counts):
                continue  # every world answers both: the children are the node itself
            cells = [(g, j, n) for g in range(n_groups) if not worst.both[g][a]
                     for j, n in enumerate(state[g]) if n]
            base = [(0,) + state[g] if worst.both[g][a] else () for g in range(n_groups)]
            base_load = [sum(counts[g] * worst.weight[g][b] for g in range(n_groups) if worst.both[g][a])
                         for b in range(n_agents)]
            top = max(len(cells) for cells in state)  # the deepest level a child can have
            for x in lookahead_assignments([n for _, _, n in cells], [worst.weight[g] for g, _, _ in cells],
                                           base_load, fixed, k):
                self.budget.tick()
                children = []
                for side in (0, 1):
                    grid = [list(b) for b in base]
                    for (g, j, n), v in zip(cells, x):
                        moved = v if side == 0 else n - v
                        if moved:
                            row = grid[g]
                            row.extend([0] * (j + 1 - len(row)))
                            row[j] += moved
                    mass = sum(n << (top - j) for row in grid for j, n in enumerate(row))
                    if mass:
                        children.append((mass, self.normalise(tuple(tuple(row) for row in grid))))
                key = frozenset((m, self.canonical(c)) for m, c in children)
                if key in seen:
                    continue
                seen.add(key)
                total = sum(m for m, _ in children)
                lb = 1 + sum(Fraction(m, total) * self.bound(c, k - 1) for m, c in children)
                out.append((lb, (a, x), children))
        out.sort(key=lambda c: c[0])
        return out

    # ------------------------------------------------------------------ strategies

    def state_of(self, levels: dict[int, int]) -> State:
        """Return the node of representatives at the given levels."""
        grid: list[list[int]] = [[] for _ in range(self.worst.n_groups)]
        for r, j in levels.items():
            row = grid[self.worst.group[r]]
            row.extend([0] * (j + 1 - len(row)))
            row[j] += 1
        return self.normalise(tuple(tuple(row) for row in grid))

    def tree(self, levels: dict[int, int], k: int) -> Ask | Leaf:
        """Return a strategy tree over representatives reaching the value of their node within k."""
        reps = sum(1 << r for r in levels)
        if len(levels) <= 1:
            return Leaf(reps)
        low = min(levels.values())
        levels = {r: j - low for r, j in levels.items()}
        state = self.state_of(levels)
        counts = self.counts(state)
        worst = self.worst
        if worst.free_agent(counts):
            agent = next(a for a, groups in enumerate(worst.both_groups) if not any(counts[g] for g in groups))
            members = sorted(levels)
            top = max(levels.values())
            lengths = code_lengths([1 << (top - levels[r]) for r in members], k)
            return self._code_tree(agent, _canonical_code(members, lengths))
        target = self.value(state, k)
        for _, (a, x), children in self.candidates(state, k):
            total = sum(m for m, _ in children)
            if 1 + sum(Fraction(m, total) * self.value(c, k - 1) for m, c in children) != target:
                continue
            cells = [(g, j) for g in range(worst.n_groups) if not worst.both[g][a]
                     for j, n in enumerate(state[g]) if n]
            first = dict(zip(cells, x))
            sides: list[dict[int, int]] = [{}, {}]
            chosen: dict[int, int] = {}
            for r in sorted(levels):
                g, j = worst.group[r], levels[r]
                if worst.both[g][a]:
                    sides[0][r] = sides[1][r] = j + 1
                    continue
                side = 0 if first[(g, j)] > 0 else 1
                if side == 0:
                    first[(g, j)] -= 1
                chosen[r] = 1 << side
                sides[side][r] = j
            kids = [(o, sides[o]) for o in (0, 1) if sides[o]]
            split = Split(a, tuple((o, sum(1 << r for r in side)) for o, side in kids), chosen)
            return Ask(reps, split, tuple((o, self.tree(side, k - 1)) for o, side in kids))
        raise AssertionError("no split reaches the optimum it was computed from")

    def _code_tree(self, agent: int, codes: dict[int, str]) -> Ask | Leaf:
        """Return the tree asking one always-free god for the next letter of each world's codeword."""
        reps = sum(1 << r for r in codes)
        if len(codes) <= 1:
            return Leaf(reps)
        sides = [{r: c[1:] for r, c in codes.items() if c[0] == d} for d in "01"]
        chosen = {r: 1 << int(c[0]) for r, c in codes.items()}
        kids = [(o, sides[o]) for o in (0, 1) if sides[o]]
        split = Split(agent, tuple((o, sum(1 << r for r in side)) for o, side in kids), chosen)
        return Ask(reps, split, tuple((o, self._code_tree(agent, side)) for o, side in kids))


def _canonical_code(members: list[int], lengths: list[int]) -> dict[int, str]:
    """Return a prefix code with the given lengths (shortest codewords first)."""
    order = sorted(range(len(members)), key=lambda i: (lengths[i], members[i]))
    codes, code, prev = {}, 0, None
    for i in order:
        if prev is not None:
            code = (code + 1) << (lengths[i] - prev)
        prev = lengths[i]
        codes[members[i]] = format(code, f"0{lengths[i]}b") if lengths[i] else ""
    return codes
