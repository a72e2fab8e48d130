"""A verified upper bound on the fewest questions on average: the ranked search (design note 38).

- Where: the counted model's puzzles (`PatternSearch.applicable`): a god answers a chosen word in a
  world (free) or both words with equal odds (random there); the goal is every god's type.
- Node: representatives with levels (how many random answers halved a world's mass on the way).
- Estimate of a node, mass x questions: the entropy of its masses plus the random mass of the god
  random in the least mass. It ranks splits only; nothing here is a bound anyone relies on.
- Candidate splits: per addressee (one per class of gods that a swap leaving the node unchanged
  exchanges), from seeds ("is god h of type t", and "are h and k random: either, both, exactly
  one"), each improved by moving one free world at a time to the other side while the estimate falls;
  the improved splits are ranked by a finer estimate of their children (`charged_estimate`: the
  random charge of two questions instead of one).
- Optional wider seeds (`triple_seeds`, benchmarks/average_upper.py `--triples`): "are at most one of
  h, k, m random" for every three gods, and every seed also unimproved (improving can undo a good
  structure). T,T,T,T,R,R,R's optimal first question is one (211/35, benchmarks/gods_average); with
  them the default widths find 169/28 there instead of 851/140, and 19331/2240 instead of 19391/2240
  on T,T,L,L,R,R,R, in about twice the time, so they are off by default.
- Search: the `widths[depth]` best-ranked splits of a node are solved in turn (the last width
  applies below), and the cheapest kept; values are memoised per node and questions left. A node
  where some god is random in no world is solved exactly: that god is asked for an optimal code of
  the masses (package-merge within the questions left), which meets the code bound.
- Meaning of a result: the strategy is worded and verified against every world and hidden state
  before it is returned, so its average is an upper bound on the optimum. It proves nothing else:
  the widths leave splits unexplored.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .anylang import AnyLanguage
from .effort import MEMO_CELLS, BoundedMemo
from .expected_patterns import canonical_code, code_lengths, code_tree, package_merge
from .grammar import Grammar
from .patterns import BOTH, PatternSearch
from .puzzle import Interrogation
from .realise import AnyRealiser
from .search import Ask, Budget, Leaf, Split
from .strategy import Node
from .verify import verify

WIDTHS = (6, 3, 2, 1)  # splits solved per node at depth 0, 1, 2, and below
PAIR_SEEDS_UP_TO = 300  # representatives up to which two-god seeds are tried too (they cost ~3x time)
EXTRA_DEPTH = 5  # questions allowed beyond ceil(log2(representatives))

Part = tuple[tuple[int, int], ...]  # (representative, level), sorted by representative


@dataclass(frozen=True)
class Ranked:
    """A verified strategy found by the ranked search: its exact average and worst case."""

    strategy: Node
    expected: Fraction
    worst: int
    nodes: int  # nodes the search explored (0 where the strategy came from elsewhere, e.g. a stopped solve)


class RankedSearch:
    """The ranked search over one puzzle's representatives (see the module notes)."""

    def __init__(self, anyl: AnyLanguage, budget: Budget, widths: tuple[int, ...] = WIDTHS,
                 pair_seeds: bool | None = None, triple_seeds: bool = False):
        self.anyl = anyl
        self.budget = budget
        self.widths = widths
        n_agents = len(anyl.ctx.space.agents)
        self.n = n_agents
        self.random = [[tuple(o.outcomes for o in opts[a]) == BOTH for a in range(n_agents)] for opts in anyl.rep_options]
        self.random_gods = [tuple(g for g in range(n_agents) if row[g]) for row in self.random]
        self.random_matrix = np.array(self.random, dtype=float)  # representatives x gods
        space = anyl.ctx.space
        self.types = [space.worlds[m[0]].types for m in anyl.members]
        self.pair_seeds = anyl.n_reps <= PAIR_SEEDS_UP_TO if pair_seeds is None else pair_seeds
        self.triple_seeds = triple_seeds  # off by default: about twice the time (see the module notes)
        self.swaps = self._swaps()
        self.memo = BoundedMemo(MEMO_CELLS, lambda key, _: 1 + len(key[0]), budget.tables)  # (node, k left) -> (cost, split or None)
        self.nodes = 0

    @classmethod
    def applicable(cls, anyl: AnyLanguage, budget: Budget, **kw) -> "RankedSearch | None":
        """Return a ranked search where the counted model applies, else None."""
        if PatternSearch.applicable(anyl, Budget()) is None:
            return None
        return cls(anyl, budget, **kw)

    def _swaps(self) -> list[tuple[int, int, list[int]]]:
        """Return, per pair of gods whose swap maps representatives onto representatives, the map."""
        index = {t: r for r, t in enumerate(self.types)}
        out = []
        for g, h in itertools.combinations(range(self.n), 2):
            table = []
            for r, t in enumerate(self.types):
                s = list(t)
                s[g], s[h] = s[h], s[g]
                image = index.get(tuple(s))
                if image is None or self.random[image][g] != self.random[r][h]:
                    break
                table.append(image)
            else:
                out.append((g, h, table))
        return out

    # ------------------------------------------------------------------ estimate

    def _sums(self, part, base=None) -> list:
        """Return [worlds, mass, sum of mass x log2 mass, random mass per god] of a part (plus a base's)."""
        out = [0, 0.0, 0.0, [0.0] * self.n] if base is None else [base[0], base[1], base[2], list(base[3])]
        for r, level in part:
            self._add(out, r, level, 1)
        return out

    def _add(self, acc: list, r: int, level: int, sign: int) -> None:
        m = sign * 2.0 ** -level
        acc[0] += sign
        acc[1] += m
        acc[2] -= m * level
        rnd = acc[3]
        for g in self.random_gods[r]:
            rnd[g] += m

    @staticmethod
    def _estimate(acc: list) -> float:
        """Return the estimate of a part from its sums (0 for one world or none)."""
        if acc[0] <= 1:
            return 0.0
        return acc[1] * math.log2(acc[1]) - acc[2] + max(0.0, min(acc[3]))

    def charged_estimate(self, part) -> float:
        """Return mass x entropy plus the least random mass two questions charge (first god a, then b
        on one branch and c on the other: a world a is random in pays 1 + half per later random god;
        another pays 1 only if b and c are both random in it, since it takes one branch)."""
        if len(part) <= 1:
            return 0.0
        levels = np.array([level for _, level in part], dtype=float)
        m = 2.0 ** -levels
        x = self.random_matrix[[r for r, _ in part]]
        total = float(m.sum())
        xm = x * m[:, None]
        single = xm.sum(axis=0)
        pair = xm.T @ x
        triple = np.einsum("wa,wb,wc->abc", xm, x, x)
        charge = single[:, None, None] + (pair[:, :, None] + pair[:, None, :]) / 2 + (pair[None, :, :] - triple)
        return total * math.log2(total) + float((m * levels).sum()) + max(0.0, float(charge.min()))

    # ------------------------------------------------------------------ splits

    def addressees(self, node: Part) -> list[int]:
        """Return one god per class of gods that swaps leaving the node unchanged relate."""
        present = set(node)
        skip = set()
        for g, h, table in self.swaps:
            if h not in skip and all((table[r], level) in present for r, level in node):
                skip.add(h)
        return [g for g in range(self.n) if g not in skip]

    def _seeds(self, free: Part, g: int) -> list[list[bool]]:
        """Return the distinct proper seed assignments of a node's free worlds for addressee g."""
        seen: set = set()
        seeds = []

        def add(bits: tuple) -> None:
            if bits not in seen and any(bits) and not all(bits):
                seen.add(bits)
                seen.add(tuple(not b for b in bits))  # the same split, sides named the other way
                seeds.append(list(bits))

        others = [h for h in range(self.n) if h != g]
        for h in others:
            for t in sorted({self.types[r][h] for r, _ in free}):
                add(tuple(self.types[r][h] == t for r, _ in free))
        if self.pair_seeds:
            for h, k in itertools.combinations(others, 2):
                a = [self.random[r][h] for r, _ in free]
                b = [self.random[r][k] for r, _ in free]
                add(tuple(x != y for x, y in zip(a, b)))
                add(tuple(x or y for x, y in zip(a, b)))
                add(tuple(x and y for x, y in zip(a, b)))
        if self.triple_seeds:
            for h, k, m in itertools.combinations(others, 3):  # "are at most one of h, k, m random?"
                add(tuple(self.random[r][h] + self.random[r][k] + self.random[r][m] <= 1 for r, _ in free))
        return seeds or [[i % 2 == 0 for i in range(len(free))]]

    def _improved(self, free: Part, both: list, seeds: list[list[bool]]) -> dict[tuple, float]:
        """Return each seed improved under the estimate, one free world moved to the other side at a
        time while that lowers it, in passes until no move does ({assignment: estimate})."""
        base = self._sums(both)
        finals: dict[tuple, float] = {}
        for bits in seeds:
            self.budget.check_time()
            sides = [self._sums([x for x, b in zip(free, bits) if b], base),
                     self._sums([x for x, b in zip(free, bits) if not b], base)]
            score = self._estimate(sides[0]) + self._estimate(sides[1])
            improved = True
            while improved:
                improved = False
                for i, (r, level) in enumerate(free):
                    src, dst = (0, 1) if bits[i] else (1, 0)
                    self._add(sides[src], r, level, -1)
                    self._add(sides[dst], r, level, 1)
                    s = self._estimate(sides[0]) + self._estimate(sides[1])
                    if s < score - 1e-12:
                        score, improved, bits[i] = s, True, not bits[i]
                    else:
                        self._add(sides[dst], r, level, -1)
                        self._add(sides[src], r, level, 1)
            key = tuple(bits)
            if key not in finals and tuple(not b for b in bits) not in finals:
                finals[key] = score
        return finals

    def splits(self, node: Part) -> list[tuple[float, int, list, list]]:
        """Return (estimate, addressee, side 0, side 1) for the improved splits of a node, best first."""
        out = []
        for g in self.addressees(node):
            free = tuple(x for x in node if not self.random[x[0]][g])
            both = [(r, level + 1) for r, level in node if self.random[r][g]]
            if not free:
                continue
            seeds = self._seeds(free, g)
            finals = self._improved(free, both, [list(b) for b in seeds])
            if self.triple_seeds:  # the seeds as they are, too: improving may undo a good structure
                for bits in seeds:
                    if tuple(bits) not in finals and tuple(not b for b in bits) not in finals:
                        finals[tuple(bits)] = 0.0
            for bits in finals:
                a = [x for x, b in zip(free, bits) if b] + both
                b = [x for x, b in zip(free, bits) if not b] + both
                out.append((self.charged_estimate(a) + self.charged_estimate(b), g, a, b))
        out.sort(key=lambda c: c[0])
        return out

    @staticmethod
    def normal(part) -> tuple[Part, int]:
        """Return a part sorted with its lowest level moved to 0, and the levels it was moved by."""
        low = min(level for _, level in part)
        return tuple(sorted((r, level - low) for r, level in part)), low

    # ------------------------------------------------------------------ search

    def cost(self, node: Part, k: int, depth: int = 0) -> float:
        """Return mass x questions of the cheapest strategy found for a node within k questions (the
        node's own masses, lowest level weighing 1; inf if none was found)."""
        if len(node) <= 1:
            return 0.0
        if k == 0 or not self.fits(node, k):
            return math.inf
        got = self.memo.get((node, k))
        if got is not None:
            return got[0]
        self.nodes += 1
        self.budget.tick()
        free = self.free_god(node)
        if free is not None:  # asking it for an optimal code is optimal (the code bound is reached)
            if len(node) > 1 << k:
                return math.inf
            top = max(level for _, level in node)
            best = package_merge([1 << (top - level) for _, level in node], k) / 2.0 ** top
            self.memo.put((node, k), (best, free))
            return best
        total = sum(2.0 ** -level for _, level in node)
        width = self.widths[min(depth, len(self.widths) - 1)]
        best, choice = math.inf, None
        fitting = [c for c in self.splits(node) if self.fits(c[2], k - 1) and self.fits(c[3], k - 1)]
        for _, g, a, b in fitting[:width]:
            na, sa = self.normal(a)
            nb, sb = self.normal(b)
            if na == node or nb == node:
                continue
            va = self.cost(na, k - 1, depth + 1) * 2.0 ** -sa
            if total + va >= best:
                continue
            v = total + va + self.cost(nb, k - 1, depth + 1) * 2.0 ** -sb
            if v < best:
                best, choice = v, (g, na, nb)
        self.memo.put((node, k), (best, choice))
        return best

    def tree(self, node: Part, k: int, depth: int = 0) -> Ask | Leaf:
        """Return the strategy found for a node as a tree over representatives (recomputing what the
        memo has dropped)."""
        if len(node) <= 1:
            return Leaf(self._mask(node))
        got = self.memo.get((node, k))
        if got is None:
            self.cost(node, k, depth)
            got = self.memo.get((node, k))
        if isinstance(got[1], int):  # a god free in every world: an optimal code
            top = max(level for _, level in node)
            members = [r for r, _ in node]
            lengths = code_lengths([1 << (top - level) for _, level in node], k)
            return code_tree(got[1], canonical_code(members, lengths))
        g, na, nb = got[1]
        payload = {r: 1 << side for side, part in enumerate((na, nb)) for r, _ in part if not self.random[r][g]}
        split = Split(g, ((0, self._mask(na)), (1, self._mask(nb))), payload)
        return Ask(self._mask(node), split, ((0, self.tree(na, k - 1, depth + 1)), (1, self.tree(nb, k - 1, depth + 1))))

    def average(self, tree: Ask | Leaf) -> Fraction:
        """Return the exact average number of questions of a tree over representatives (equal starting
        masses; an answer of a god random in a world halves its mass on each branch)."""
        total = Fraction(0)
        stack = [(tree, {r: Fraction(1) for r in range(self.anyl.n_reps)}, 0)]
        while stack:
            node, masses, depth = stack.pop()
            if isinstance(node, Leaf):
                total += sum(masses.values()) * depth
                continue
            g = node.split.addressee
            for _, child in node.branches:
                stack.append((child, {r: m / 2 if self.random[r][g] else m for r, m in masses.items()
                                      if child.worlds >> r & 1}, depth + 1))
        return total / self.anyl.n_reps

    def fits(self, part, k: int) -> bool:
        """Return whether a part passes the lookahead bound for k questions (patterns.py): some god's
        load (its worlds, plus those where the god is random) is at most 2**k, or it has one world."""
        if len(part) <= 1:
            return True
        if k < 0 or len(part) > 1 << k:
            return False
        return min(len(part) + sum(1 for r, _ in part if self.random[r][g]) for g in range(self.n)) <= 1 << k

    def free_god(self, node: Part) -> int | None:
        """Return a god random in no world of the node, if any."""
        for g in range(self.n):
            if not any(self.random[r][g] for r, _ in node):
                return g
        return None

    @staticmethod
    def _mask(part) -> int:
        out = 0
        for r, _ in part:
            out |= 1 << r
        return out

    def root(self) -> Part:
        """Return the root node: every representative at level 0."""
        return tuple((r, 0) for r in range(self.anyl.n_reps))

    def depth_cap(self) -> int:
        """Return the questions the search allows on a path."""
        return math.ceil(math.log2(max(2, self.anyl.n_reps))) + EXTRA_DEPTH


def ranked_strategy(puzzle: Interrogation, budget: Budget, widths: tuple[int, ...] = WIDTHS,
                    depth: int | None = None, pair_seeds: bool | None = None,
                    triple_seeds: bool = False) -> Ranked | None:
    """Return the ranked search's strategy for a puzzle, worded and verified, or None where the search
    does not apply or finds none within its depth (limits raise LimitReached)."""
    ctx = puzzle.contexts()
    anyl = AnyLanguage(ctx, puzzle.goal, budget)
    search = RankedSearch.applicable(anyl, budget, widths=widths, pair_seeds=pair_seeds, triple_seeds=triple_seeds)
    if search is None:
        return None
    k = search.depth_cap() if depth is None else depth
    root = search.root()
    if search.cost(root, k) == math.inf:
        return None
    tree = search.tree(root, k)
    realiser = AnyRealiser(ctx, anyl, puzzle.goal, Grammar(ctx, budget=budget), 0, same_odds=True)
    strategy = realiser.realise(tree, puzzle.space.all_worlds)
    verdict = verify(puzzle, strategy, budget.check_time)
    if not verdict.ok:
        raise AssertionError(f"the ranked search's strategy failed verification: {verdict.failure}")
    return Ranked(strategy, verdict.expected, verdict.worst, search.nodes)
