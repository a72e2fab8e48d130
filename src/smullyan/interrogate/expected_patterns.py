"""Fewest questions on average, counting interchangeable worlds (the pattern model of patterns.py).

- Level of a world at a node: how many times its mass was halved on the way (once per question
  put to a god who answers both words in it). Its mass is 2**-level of its starting mass.
- Node: per pattern, how many worlds sit at each level; normalised so the lowest level present is 0.
- Informative and random questions: on each path of a world, a question is random for it if its
  addressee answers both words there, informative otherwise. The average cost is the sum of both.
- Bounds (every node): the length-limited code of the masses (package-merge; the value itself when
  some god is free in every world, since asking it alone reaches it), and the Kraft relaxation of
  the informative questions plus a two-question charge for the random ones (kraft_relaxation,
  two_step_coefficients). At the root of every solvable 6-god multiset this bound already
  equals the optimum (not so for T,T,T,R or the 5-god puzzles with two random gods).
- Search: branch and bound, best bound first, under a limit that value() raises from the node's
  bound; splits are built only while the guard (SplitGuard) says some completion can beat the
  limit, and only when both children still pass the worst-case lookahead bound for k - 1
  questions; cells that a swap of two gods exchanges are assigned in order (`tied`); values and
  refuted limits are memoised on canonical nodes.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Iterator

import numpy as np

from .effort import COSTLY_SPLITS, MEMO_ENTRIES, BoundedMemo
from .expected import INFINITE
from .patterns import PatternSearch, lookahead_assignments
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


def kraft_relaxation(levels: list[int]) -> Fraction:
    """Return the least average codeword length over 'fractional' codes of worlds with levels[j]
    worlds of mass 2**-j: every world w takes a mean length mu_w, and the lengths must satisfy
    sum phi(mu_w) <= 1 where phi interpolates 2**-length between whole lengths.

    A strategy whose world w reaches its leaves after mu_w informative questions on average meets
    this (Kraft over the leaves, Jensen with the convex phi), so this bounds the informative
    questions from below; it lies between the entropy and the optimal code. Lengthening a world
    of level j from i to i + 1 letters frees 2**-(i+1) of Kraft sum at cost 2**-j: cheapest first,
    and all worlds with equal i - j cost the same, so whole stages are taken until the last one,
    which is taken in part."""
    n = sum(levels)
    if n <= 1:
        return Fraction(0)
    deep = len(levels) - 1
    total = sum(Fraction(c, 1 << j) for j, c in enumerate(levels))
    excess, cost = Fraction(n - 1), Fraction(0)  # Kraft sum above 1 (every length 0 at first)
    t = 1 - deep
    while excess > 0:
        freed = sum(Fraction(c, 1 << (t + j)) for j, c in enumerate(levels) if j >= 1 - t)  # t + j >= 1
        paid = sum(Fraction(c, 1 << j) for j, c in enumerate(levels) if j >= 1 - t)
        if freed >= excess:
            cost += paid * excess / freed
            break
        excess -= freed
        cost += paid
        t += 1
    return cost / total


class PatternExpected:
    """Exact minimum expected number of questions over counted patterns."""

    def __init__(self, worst: PatternSearch, budget: Budget):
        self.worst = worst
        self.budget = budget
        self._memo = BoundedMemo(MEMO_ENTRIES, tables=budget.tables)  # (canonical node, k) -> exact value
        self._floor = BoundedMemo(MEMO_ENTRIES, tables=budget.tables)  # (canonical node, k) -> proven lower bound
        self._bounds = BoundedMemo(MEMO_ENTRIES, tables=budget.tables)  # (node, k) -> the cheap lower bound
        self._canon = BoundedMemo(MEMO_ENTRIES, tables=budget.tables)  # node -> canonical form
        self._two_step = np.array(self.two_step_coefficients(), dtype=np.int64)
        self._costly = BoundedMemo(COSTLY_SPLITS, lambda _, kept: 1 + len(kept[1]), budget.tables)  # (node, k) -> (cut, candidates)
        self.floor_reached = Fraction(0)  # the last value() call's lower bound so far (its rounds raise it)

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
            got = self.worst.renamer.least(state)
            self._canon.put(state, got)
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
            got = self._bound(state, k)
            self._bounds.put((state, k), got)
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
        return max(code, self._random_bound(state, total))

    def two_step_coefficients(self) -> list[list[int]]:
        """Return, per first addressee a and second addressees b (one branch) and c (the other), twice
        the random mass each pattern's world is charged for: 2 if a answers both in it, then half a
        world per branch whose addressee answers both; a world a is free in goes down the branch that
        charges it less, so it is charged only if b and c both answer both."""
        both, n = self.worst.both, self.worst.n_agents
        rows = {tuple(2 * both[g][a] + both[g][b] + both[g][c] if both[g][a] else 2 * (both[g][b] and both[g][c])
                      for g in range(self.worst.n_groups))
                for a in range(n) for b in range(n) for c in range(b, n)}
        # a row no smaller anywhere than another row never gives the least charge
        return [list(r) for r in rows
                if not any(o != r and all(x <= y for x, y in zip(o, r)) for o in rows)]

    def _random_bound(self, state: State, total: int) -> Fraction:
        """Return the Kraft relaxation of the informative questions + the two-question random charge.

        Per world w, split its path's questions into informative ones and ones put to a god who
        answers both words in w (w's mass halves there). The leaves satisfy Kraft's inequality, so
        the informative questions average at least the relaxed code cost (kraft_relaxation); the
        random questions at least the least two-question charge (two_step_coefficients)."""
        top = max(len(cells) for cells in state) - 1
        mass = np.array([sum(n << (top - j) for j, n in enumerate(cells)) for cells in state], dtype=np.int64)
        least = int((self._two_step @ mass).min())
        levels = [sum(cells[j] for cells in state if j < len(cells)) for j in range(top + 1)]
        return kraft_relaxation(levels) + Fraction(least, 2 * total)

    def entropy(self, state: State) -> float:
        """Return the entropy (bits) of a node's world masses."""
        m = self.masses(state)
        total = sum(m)
        return -sum((w / total) * math.log2(w / total) for w in m)

    # ------------------------------------------------------------------ hooks (RelaxedExpected overrides them)

    def leaf_value(self, state: State) -> Fraction:
        """Return the value of a node of two or more worlds with no question left."""
        return INFINITE

    def feasible(self, counts: tuple[int, ...], k: int) -> bool:
        """Return whether a node may be solved within k questions at all."""
        return self.worst.within_counts(counts, k)

    def pruning_depth(self, k: int) -> int:
        """Return the questions the worst-case lookahead may assume when splits of a node within k are built."""
        return k

    # ------------------------------------------------------------------ search

    def value(self, state: State, k: int) -> Fraction:
        """Return the least expected number of questions for a node within k questions (INFINITE if none).

        Searched with rising limits (bound + 1/64, + 1/32, …): under a limit only splits whose bound is
        below it are built, and what failed is remembered as a lower bound for the next round."""
        if sum(self.counts(state)) <= 1:
            return Fraction(0)
        if k == 0:
            return self.leaf_value(state)
        if not self.feasible(self.counts(state), k):
            return INFINITE
        low, step = self.bound(state, k), Fraction(1, 64)
        self.floor_reached = low
        while True:
            got, exact = self.bounded(state, k, low + step)
            if exact:
                return got
            low, step = max(low, got), step * 2
            self.floor_reached = low  # proved so far: the value is at least this (kept if a limit stops us)

    def reaches(self, state: State, k: int, target: Fraction) -> bool:
        """Return whether a node's value within k questions is at most `target`."""
        if target >= INFINITE:
            return True
        value, exact = self.bounded(state, k, target + Fraction(1, 10**9))
        return exact and value <= target

    def bounded(self, state: State, k: int, limit: Fraction) -> tuple[Fraction, bool]:
        """Return (the node's value, True) if it is below `limit`, else (a lower bound >= limit, False).

        Branch and bound: a child is searched only with the budget its siblings' bounds leave, so a
        hopeless split is dropped as soon as one child proves too costly."""
        counts = self.counts(state)
        if sum(counts) <= 1:
            return Fraction(0), True
        if k == 0:
            v = self.leaf_value(state)
            return v, v < limit
        if not self.feasible(counts, k):
            return INFINITE, INFINITE < limit
        if self.worst.free_agent(counts):
            v = self.bound(state, k)
            return v, v < limit
        own = self.bound(state, k)
        if own >= limit:
            return own, False
        key = (self.canonical(state), k)
        got = self._memo.get(key)
        if got is not None:
            return got, got < limit
        known = self._floor.get(key)
        if known is not None and known >= limit:
            return known, False
        best = INFINITE
        for lb, _, children in self.candidates(state, k, limit):
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
            self._memo.put(key, best)
            return best, True
        floor = max(limit, known or Fraction(0))
        self._floor.put(key, floor)
        return floor, False

    def candidates(self, state: State, k: int, cut: Fraction = INFINITE
                   ) -> list[tuple[Fraction, tuple[int, tuple], list[tuple[int, State]]]]:
        """Return the distinct splits of a node whose bound is below `cut` as (bound, (addressee, x),
        [(mass, child)]), best bound first."""
        kept = self._costly.get((state, k))
        if kept is not None and cut <= kept[0]:
            return [c for c in kept[1] if c[0] < cut]
        ticks = self.budget.nodes
        out = sorted(self.splits(state, k, cut), key=lambda c: c[0])
        if self.budget.nodes - ticks > 1000:  # kept for the rounds and the strategy rebuild that follow
            self._costly.put((state, k), (cut, out))
        return out

    def splits(self, state: State, k: int, cut: Fraction = INFINITE
               ) -> Iterator[tuple[Fraction, tuple[int, tuple], list[tuple[int, State]]]]:
        """Yield the distinct splits of a node whose bound is below `cut` as (bound, (addressee, x),
        [(mass, child)]), in the order they are generated."""
        counts = self.counts(state)
        worst = self.worst
        n_groups, n_agents = worst.n_groups, worst.n_agents
        seen = set()
        top = max(len(cells) for cells in state)  # the deepest level a child can have
        node_mass = sum(n << (top - j) for cells in state for j, n in enumerate(cells))
        entropy = self.entropy(state)
        for fixed, a in worst.addressees(counts, self.pruning_depth(k), state):
            if fixed == sum(counts):
                continue  # every world answers both: the children are the node itself
            cells = [(g, j, n) for g in range(n_groups) if not worst.both[g][a]
                     for j, n in enumerate(state[g]) if n]
            base = [(0,) + state[g] if worst.both[g][a] else () for g in range(n_groups)]
            base_load = [sum(counts[g] * worst.weight[g][b] for g in range(n_groups) if worst.both[g][a])
                         for b in range(n_agents)]
            guard = None
            if cut < INFINITE:
                guard = SplitGuard(self._two_step, state, a, worst.both, cells, top, node_mass, entropy, cut)
            for x in lookahead_assignments([n for _, _, n in cells], [worst.weight[g] for g, _, _ in cells],
                                           base_load, fixed, self.pruning_depth(k), guard, self.tied(state, a, cells),
                                           check=self.budget.check_time):
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
                if lb < cut:
                    yield lb, (a, x), children

    def tied(self, state: State, a: int, cells: list[tuple[int, int, int]]) -> list[int]:
        """Return, per free cell, the previous cell of its block of interchangeable cells (-1 if none):
        cells of single-level patterns that swapping two gods other than `a` exchanges. Transpositions
        that chain generate every permutation of a block, so the block's values may be taken in order."""
        index = {g: i for i, (g, _, _) in enumerate(cells)}
        single = {g for g, _, _ in cells if sum(1 for n in state[g] if n) == 1}
        parent = list(range(len(cells)))

        def root(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for g, h in self.worst.swapped_groups(state, a):
            if g in single and h in single and g in index and h in index:
                parent[root(index[g])] = root(index[h])
        last: dict[int, int] = {}
        out = []
        for i in range(len(cells)):
            out.append(last.get(root(i), -1))
            last[root(i)] = i
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
        levels = normal_levels(levels)
        plain = self.leaf_or_code(levels, k)
        if plain is not None:
            return plain
        reps = sum(1 << r for r in levels)
        state = self.state_of(levels)
        target = self.value(state, k)
        for _, (a, x), children in self.candidates(state, k, target + Fraction(1, 10**9)):
            total = sum(m for m, _ in children)
            if 1 + sum(Fraction(m, total) * self.value(c, k - 1) for m, c in children) != target:
                continue
            split, kids = self.split_of(levels, state, a, x)
            return Ask(reps, split, tuple((o, self.tree(side, k - 1)) for o, side in kids))
        raise AssertionError("no split reaches the optimum it was computed from")

    def leaf_or_code(self, levels: dict[int, int], k: int) -> Ask | Leaf | None:
        """Return the tree of a node that needs no search (one world, or a god free in every world
        asked for an optimal code of at most k letters), else None."""
        reps = sum(1 << r for r in levels)
        if len(levels) <= 1:
            return Leaf(reps)
        state = self.state_of(levels)
        worst = self.worst
        counts = self.counts(state)
        if not worst.free_agent(counts):
            return None
        agent = next(a for a, groups in enumerate(worst.both_groups) if not any(counts[g] for g in groups))
        members = sorted(levels)
        top = max(levels.values())
        lengths = code_lengths([1 << (top - levels[r]) for r in members], k)
        return code_tree(agent, canonical_code(members, lengths))

    def split_of(self, levels: dict[int, int], state: State, a: int, x: tuple[int, ...]
                 ) -> tuple[Split, list[tuple[int, dict[int, int]]]]:
        """Return a counted split (addressee a, x worlds of each free cell to the first word) as a split
        of the representatives, with each answer's representatives and their levels."""
        worst = self.worst
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
        return Split(a, tuple((o, sum(1 << r for r in side)) for o, side in kids), chosen), kids

class SplitGuard:
    """A lower bound on the bound of every split that completes a partial assignment of free cells.

    For a split to addressee a with children L and R (masses in units of the deepest child level),
    the children's informative questions average at least the larger of
    - the node's entropy plus a's random share minus the split's own entropy h (chain rule; h is
      at most the largest still reachable), and
    - the Kraft relaxation of all the children's worlds taken as one code of Kraft sum 2, minus 1;
    and each child's two-question random charge is the least of its rows, each of which only grows as
    worlds are added: for rows l (left) and l' (right), an unassigned world adds at least the smaller
    of its charges under the two. So every completion costs at least 1 + that + the least over
    (l, l') of (charge so far + that least addition) / node mass.
    """

    def __init__(self, coef: np.ndarray, state: State, a: int, both: list[list[bool]],
                 cells: list[tuple[int, int, int]], top: int, node_mass: int, entropy: float, cut: Fraction):
        halves = [sum(n << (top - j - 1) for j, n in enumerate(row)) if both[g][a] else 0
                  for g, row in enumerate(state)]  # each child gets half of every world a answers both in
        half = sum(halves)
        base = coef @ np.array(halves, dtype=np.int64)
        self.s0, self.s1 = base.copy(), base.copy()
        self.step = np.array([coef[:, g] << (top - j) for g, j, _ in cells], dtype=np.int64).reshape(len(cells), -1)
        self.world = [1 << (top - j) for _, j, _ in cells]
        self.n = [n for _, _, n in cells]
        # ahead[i][l, l']: the least the worlds of cells i.. add to rows l (left) and l' (right)
        labels = coef.shape[0]
        self.ahead = np.zeros((len(cells) + 1, labels, labels), dtype=np.int64)
        for i in range(len(cells) - 1, -1, -1):
            row = self.step[i]
            self.ahead[i] = self.ahead[i + 1] + self.n[i] * np.minimum(row[:, None], row[None, :])
        self.left = half
        self.rest = node_mass - 2 * half
        self.node_mass = node_mass
        self.entropy = entropy + 2 * half / node_mass
        # the children's worlds as one code of Kraft sum 2 (its first letter is the answer)
        items = [0] * (top + 1)
        for g, row in enumerate(state):
            for j, n in enumerate(row):
                if both[g][a]:
                    items[j + 1] += 2 * n
                else:
                    items[j] += n
        self.kraft = float(kraft_relaxation(items)) - 1
        self.cut = float(cut) + 1e-9  # entropies are floats: cut only what is clearly above

    def push(self, i: int, v: int) -> None:
        """Record that v worlds of cell i go left and the rest right."""
        self._move(i, v, 1)

    def pop(self, i: int, v: int) -> None:
        """Undo push(i, v)."""
        self._move(i, v, -1)

    def _move(self, i: int, v: int, sign: int) -> None:
        step, n = self.step[i], self.n[i]
        if v:
            self.s0 += (sign * v) * step
        if n - v:
            self.s1 += (sign * (n - v)) * step
        self.left += sign * v * self.world[i]
        self.rest -= sign * n * self.world[i]

    def ok(self, i: int) -> bool:
        """Return whether some completion of the assignment so far may have a bound below the cut."""
        lo, hi = self.left / self.node_mass, (self.left + self.rest) / self.node_mass
        p = min(max(0.5, lo), hi)
        h = 1.0 if p == 0.5 else -(p * math.log2(p) + (1 - p) * math.log2(1 - p)) if 0 < p < 1 else 0.0
        rest = 1 + max(self.entropy - h, self.kraft)
        if rest + int(self.s0.min() + self.s1.min()) / (2 * self.node_mass) >= self.cut:
            return False
        # the worlds not yet assigned add at least the smaller of their two rows' charges
        charge = int((self.s0[:, None] + self.s1[None, :] + self.ahead[i]).min()) / (2 * self.node_mass)
        return rest + charge < self.cut


def normal_levels(levels: dict[int, int]) -> dict[int, int]:
    """Return representatives' levels with the lowest moved to 0."""
    low = min(levels.values(), default=0)
    return {r: j - low for r, j in levels.items()}


def code_tree(agent: int, codes: dict[int, str]) -> Ask | Leaf:
    """Return the tree asking one always-free god for the next letter of each world's codeword."""
    reps = sum(1 << r for r in codes)
    if len(codes) <= 1:
        return Leaf(reps)
    sides = [{r: c[1:] for r, c in codes.items() if c[0] == d} for d in "01"]
    chosen = {r: 1 << int(c[0]) for r, c in codes.items()}
    kids = [(o, sides[o]) for o in (0, 1) if sides[o]]
    split = Split(agent, tuple((o, sum(1 << r for r in side)) for o, side in kids), chosen)
    return Ask(reps, split, tuple((o, code_tree(agent, side)) for o, side in kids))


def canonical_code(members: list[int], lengths: list[int]) -> dict[int, str]:
    """Return a prefix code with the given lengths (shortest codewords first)."""
    order = sorted(range(len(members)), key=lambda i: (lengths[i], members[i]))
    codes, code, prev = {}, 0, None
    for i in order:
        if prev is not None:
            code = (code + 1) << (lengths[i] - prev)
        prev = lengths[i]
        codes[members[i]] = format(code, f"0{lengths[i]}b") if lengths[i] else ""
    return codes


UNLIMITED = 64  # a length limit no code over a puzzle's worlds reaches (2**64 leaves)


class RelaxedExpected(PatternExpected):
    """A lower bound on the fewest questions on average over strategies of ANY length.

    The search of PatternExpected to a depth d, but a node still undecided at depth d is charged its
    lower bound for any length (`bound` with no length limit: the code bound, and the random-answer
    bound) instead of being forbidden, and no split is dropped for needing more than d questions in
    the worst case. Every pruning compares a lower bound on a split's true cost with the value at hand,
    so by induction the value returned is at most the optimum of any length (design note 29). When it
    equals the optimum within d, that optimum holds for strategies of any length.
    """

    def leaf_value(self, state: State) -> Fraction:
        """Return the any-length lower bound of an undecided node at the depth limit."""
        return self.bound(state, UNLIMITED)

    def feasible(self, counts: tuple[int, ...], k: int) -> bool:
        """Return True: a node needing more than k questions may still be solved by a deeper strategy."""
        return True

    def pruning_depth(self, k: int) -> int:
        """Return a depth the worst-case lookahead never binds at."""
        return UNLIMITED

    def bound(self, state: State, k: int) -> Fraction:
        """Return the lower bound for strategies of any length (k is ignored)."""
        return super().bound(state, UNLIMITED)
