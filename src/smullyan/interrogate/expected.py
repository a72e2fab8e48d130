"""Fewest questions on average: the exact optimum over every strategy of at most k questions.

- Mass: how much prior probability a representative world still carries at a node (the prior is
  uniform over worlds; a random answerer splits its mass evenly over the answers its hidden state
  allows, so a node is a world set *with weights*, not just a world set).
- Value of a node: 0 if its worlds share the goal; otherwise 1 + the mass-weighted values of the
  children of the best question. A question can pay even when a branch keeps every world (with
  changed weights): the weights are part of the state, so no such question is skipped.
The search is exhaustive over the complete (`any`) language, with memoisation on normalised
weights; children that the worst-case search proves unsolvable in the questions left are cut, and
splits are tried best information bound first and abandoned once the bound (`code_bound`: the
leaves satisfy Kraft's inequality in as many letters as a question has outcomes, so E is at least
a fractional code of the goal classes' masses, itself at least entropy / log2(outcomes)) cannot
beat the best.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterator
from fractions import Fraction

from ..errors import SearchLimitReached
from ..logic.semantics import ContextSpace
from .anylang import AnyLanguage
from .effort import COSTLY_SPLITS, BoundedMemo
from .patterns import PatternSearch
from .search import Ask, Budget, Leaf, Split, StrategySearch

INFINITE = Fraction(10**9)
CANDIDATE_BATCH = 2_000  # splits of one node held, de-duplicated and ordered at a time
SYMMETRIES = 1_000  # renamings of agents and words tried for memo keys (144 for four gods and three words)
POLISH_SPLITS = 20_000  # splits the exact search may spend on one node of a tree being polished
MASS_CELLS = 4_000_000  # memo budget in (representative, mass) pairs held (~150 bytes each)


def answer_distribution(ctx: ContextSpace, world: int, agent: int, table: tuple[int, int]) -> tuple[Fraction, ...] | None:
    """Return the probability of each outcome (words, then silence) when `agent` is asked a question
    (its table) in a world, with fair hidden states; None if some hidden state leaves the answer open."""
    cells = ctx.answers(agent, table).outcome_cells()
    n_out = len(ctx.space.words) + 1
    hs = ctx.hidden[world]
    probs = [Fraction(0)] * n_out
    for h in range(len(hs)):
        pos = world * ctx.block + h * ctx.n_self
        heard = [o for o in range(n_out) if cells[o] >> pos & 1]
        if len(heard) != 1:
            return None
        probs[heard[0]] += Fraction(1, len(hs))
    return tuple(probs)


def code_bound(masses: list[float], base: int) -> float:
    """Return the least average length over 'fractional' codes in `base` letters of items with these
    masses: item i takes a mean length mu_i, and sum phi(mu_i) <= 1 where phi interpolates
    base**-length between whole lengths.

    Every strategy meets it (Kraft over its leaves, one goal class per leaf; Jensen with the convex
    phi), so it bounds the expected questions from below; it lies between the entropy divided by
    log2(base) and the optimal code. Lengthening an item of mass m from i to i + 1 letters frees
    (base - 1) * base**-(i+1) of Kraft sum at cost m; cheapest first (the ratios only grow), items
    of equal mass and length together, the last step taken in part. In floats, for any masses;
    expected_patterns.kraft_relaxation is the exact base-2 form over masses 2**-level."""
    return float(_greedy_code(masses, base, exact=False))


def _greedy_code(masses: list, base: int, exact: bool):
    """Return code_bound's greedy in floats, or in fractions when `exact` (masses then fractions too)."""
    if len(masses) <= 1:
        return Fraction(0) if exact else 0.0
    groups: dict = {}
    for m in masses:
        groups[m] = groups.get(m, 0) + 1
    total = sum(masses)
    heap = [(m * base / (base - 1), m, n, 0) for m, n in groups.items()]  # (ratio, mass, items, length)
    heapq.heapify(heap)
    excess = Fraction(len(masses) - 1) if exact else len(masses) - 1.0
    cost = Fraction(0) if exact else 0.0
    while excess > (0 if exact else 1e-15):
        ratio, m, n, length = heapq.heappop(heap)
        freed = Fraction(n * (base - 1), base ** (length + 1)) if exact else n * (base - 1) * base ** -(length + 1)
        if freed >= excess:
            cost += n * m * excess / freed
            break
        excess -= freed
        cost += n * m
        heapq.heappush(heap, (ratio * base, m, n, length + 1))
    return cost / total


def _cells(_key, batch: list) -> int:
    """Return the weight of a kept candidate list: one per split and per child's representative."""
    return 1 + sum(1 + sum(len(child) for _, child in children) for _, _, children in batch)


def exact_code_bound(masses: list[Fraction], base: int) -> Fraction:
    """Return code_bound in exact arithmetic (the same greedy, every step a fraction): a lower bound on
    the expected questions of every strategy, of any length, that tells apart items of these masses."""
    return _greedy_code(masses, base, exact=True)


class ExpectedSearch:
    """Exact minimum expected number of questions, over representatives with masses."""

    def __init__(self, anyl: AnyLanguage, worst: StrategySearch | PatternSearch, budget: Budget):
        self.anyl = anyl
        self.worst = worst
        self.budget = budget
        self.n_out = anyl.n_outcomes
        self._memo = BoundedMemo(MASS_CELLS, lambda key, _: 1 + len(key[0]), budget.tables)  # (canonical masses, k) -> exact value
        self._dist: dict[tuple[int, int, int], tuple[Fraction, ...] | None] = {}
        self._costly = BoundedMemo(COSTLY_SPLITS, _cells, budget.tables)  # candidate lists, for the rebuild
        self.perms = self._agent_symmetries()

    def _agent_symmetries(self) -> list[list[int]]:
        """Return, for each renaming of agents and permutation of the answer words (silence fixed) that maps
        the representatives one to one onto representatives with the renamed types and options and keeps
        the goal classes apart and together, the induced map on representatives (at most SYMMETRIES of
        them; the identity first). A node and its image need the same questions on average: splits, their
        children, the odds of random answers and the goal correspond one to one."""
        anyl = self.anyl
        space = anyl.ctx.space
        n, n_words = len(space.agents), len(space.words)
        if n > 6:
            return []  # 7! renamings and more: trying them costs more than the memo gains

        def moved(bits: int, words: tuple[int, ...]) -> int:
            out = bits >> n_words << n_words  # silence stays
            for o in range(n_words):
                if bits >> o & 1:
                    out |= 1 << words[o]
            return out

        def options(r: int, agent: int, words: tuple[int, ...]) -> tuple:
            """Return an agent's options at a representative, words permuted: outcomes and their odds."""
            out = []
            for o in anyl.rep_options[r][agent]:
                odds = self.distribution(r, agent, o.outcomes)
                if odds is not None:
                    odds = tuple(odds[words.index(x)] if x < n_words else odds[x] for x in range(len(odds)))
                out.append((moved(o.outcomes, words), odds))
            return tuple(sorted(out, key=repr))  # as a set: the order options are listed in is no property

        same = tuple(range(n_words))
        index = {}
        for r, members in enumerate(anyl.members):
            index[(space.worlds[members[0]].types, tuple(options(r, i, same) for i in range(n)))] = r
        if len(index) < len(anyl.members):
            return []  # two representatives look alike: no map can be checked to be one to one

        perms = []
        for words in itertools.permutations(range(n_words)):
            for p in itertools.permutations(range(n)):
                self.budget.check_time()
                mapping = []
                for r, members in enumerate(anyl.members):
                    w = space.worlds[members[0]]
                    types = tuple(w.types[p[i]] for i in range(n))
                    target = index.get((types, tuple(options(r, p[i], words) for i in range(n))))
                    if target is None:
                        break
                    mapping.append(target)
                if len(mapping) == len(anyl.members) and self._keeps_goals(mapping):
                    perms.append(mapping)
                    if len(perms) >= SYMMETRIES:
                        return perms
        return perms

    def _keeps_goals(self, mapping: list[int]) -> bool:
        """Return whether a map of representatives is one to one and maps goal classes onto goal classes."""
        if len(set(mapping)) != len(mapping):
            return False
        goal = self.anyl.goal_class
        image: dict[int, int] = {}
        for r, t in enumerate(mapping):
            if image.setdefault(goal[r], goal[t]) != goal[t]:
                return False
        return len(set(image.values())) == len(image)

    def distribution(self, rep: int, agent: int, outcomes: int) -> tuple[Fraction, ...] | None:
        """Return the probability of each outcome for a representative under an option (fair hidden
        states), or None if some hidden state leaves the answer open (no probability is defined)."""
        key = (rep, agent, outcomes)
        if key not in self._dist:
            ctx = self.anyl.ctx
            world = self.anyl.members[rep][0]
            t = self.anyl.witness(world, agent, outcomes)
            self._dist[key] = answer_distribution(ctx, world, agent, (t, ctx.world_mask(world) & ~t))
        return self._dist[key]

    def candidates(self, masses: dict[int, Fraction], k: int) -> Iterator[list[tuple[float, Split, list]]]:
        """Yield the distinct feasible splits of a node with their children's masses, in batches of at most
        CANDIDATE_BATCH, each best bound first (a node with more splits is never held whole: memory)."""
        key = (tuple(sorted(masses.items())), k)
        kept = self._costly.get(key)
        if kept is not None:
            yield kept
            return
        ticks = self.budget.nodes
        reps = self._reps(masses)
        ftotal = float(sum(masses.values()))
        cap = self.worst.outcomes ** (k - 1)
        batch: list[tuple[float, Split, list]] = []
        seen: set = set()
        whole = True
        for agent in range(len(self.anyl.ctx.space.agents)):
            for split in self.anyl._agent_splits(reps, agent, cap):
                self.budget.tick()
                children = self._children(masses, split)
                if children is None:
                    continue
                same = frozenset(tuple(sorted(child.items())) for _, child in children)  # one parent: masses compare as they are
                if same in seen:
                    continue
                seen.add(same)
                bound = 1 + sum(float(sum(c.values())) / ftotal * self.entropy_bound(c) for _, c in children)
                batch.append((bound, split, children))
                if len(batch) >= CANDIDATE_BATCH:
                    batch.sort(key=lambda c: c[0])
                    yield batch
                    batch, seen, whole = [], set(), False
        batch.sort(key=lambda c: c[0])
        if whole and self.budget.nodes - ticks > 1000:
            self._costly.put(key, batch)
        yield batch

    @staticmethod
    def _reps(masses: dict[int, Fraction]) -> int:
        reps = 0
        for r in masses:
            reps |= 1 << r
        return reps

    def value(self, masses: dict[int, Fraction], k: int) -> Fraction:
        """Return the minimal expected questions for reps with masses within k questions (INFINITE if none)."""
        reps = self._reps(masses)
        if self.worst.classes(reps) <= 1:
            return Fraction(0)
        if k == 0 or not self.worst.within(reps, k):
            return INFINITE
        key = (self.canonical(masses), k)
        got = self._memo.get(key)
        if got is not None:
            return got
        total = sum(masses.values())
        best = INFINITE
        for batch in self.candidates(masses, k):
            for bound, _split, children in batch:
                if bound >= float(best) - 1e-9 and self._no_better(bound, best, children, total):
                    break  # the information bound says no later split of this batch can beat the best found
                value = Fraction(1)
                for _o, child in children:
                    value += sum(child.values()) / total * self.value(child, k - 1)
                    if value >= best:
                        break
                best = min(best, value)
        self._memo.put(key, best)
        return best

    def strategy(self, masses: dict[int, Fraction], k: int) -> Ask | Leaf:
        """Return a strategy reaching the optimum of `value` (rebuilt from the memoised values)."""
        reps = self._reps(masses)
        if self.worst.classes(reps) <= 1:
            return Leaf(reps)
        target = self.value(masses, k)
        total = sum(masses.values())
        for batch in self.candidates(masses, k):
            for _bound, split, children in batch:
                value = 1 + sum(sum(c.values()) / total * self.value(c, k - 1) for _, c in children)
                if value == target:
                    return Ask(reps, split, tuple((o, self.strategy(c, k - 1)) for o, c in children))
        raise AssertionError("no split reaches the optimum it was computed from")

    def average(self, tree: Ask | Leaf, masses: dict[int, Fraction]) -> Fraction:
        """Return the exact expected questions of a tree over representatives with these masses (INFINITE
        where some answer it waits for has no odds)."""
        if isinstance(tree, Leaf):
            return Fraction(0)
        total = sum(masses.values())
        children = dict(self._children(masses, tree.split) or ())
        if not children:
            return INFINITE  # some answer has no odds (a god who may choose): no average is defined
        value = Fraction(1)
        for o, sub in tree.branches:
            if o in children:
                below = self.average(sub, children[o])
                if below >= INFINITE:
                    return INFINITE
                value += sum(children[o].values()) / total * below
        return value

    def polished(self, tree: Ask | Leaf, masses: dict[int, Fraction], k: int, budget: Budget,
                 splits: int = POLISH_SPLITS) -> Ask | Leaf:
        """Return the tree with its subtrees polished bottom up: each node's branches first, then the node
        itself replaced by an optimal subtree within the questions it had where the exact search settles it
        on `splits` splits of `budget` (its children's exact values are memoised by then). The result is
        never longer nor, on average, worse; an upper bound, not an optimum. Once `budget` is spent the
        rest of the tree is kept as it is."""
        if isinstance(tree, Leaf) or budget.spent():
            return tree
        children = dict(self._children(masses, tree.split) or ())
        if any(o not in children for o, _ in tree.branches):
            return tree  # a branch no mass reaches, or answers without odds: nothing to polish against
        tree = Ask(tree.worlds, tree.split,
                   tuple((o, self.polished(sub, children[o], k - 1, budget, splits)) for o, sub in tree.branches))
        if budget.spent():
            return tree
        own, self.budget = self.budget, budget.share(splits, 1.0)
        try:
            if self.value(masses, k) < min(INFINITE, self.average(tree, masses)):
                return self.strategy(masses, k)
        except SearchLimitReached:
            pass  # not settled on its share: keep this node's split and its polished branches
        finally:
            budget.nodes += self.budget.nodes
            self.budget = own
        return tree

    def canonical(self, masses: dict[int, Fraction]) -> tuple:
        """Return a key equal for nodes that differ only by scaling their masses or renaming interchangeable
        agents: the masses as the primitive integer vector on their ray (proportional masses, the same
        integers), least over the symmetries (integers compare many times faster than fractions)."""
        den = math.lcm(*(m.denominator for m in masses.values()))
        ints = [(r, m.numerator * (den // m.denominator)) for r, m in masses.items()]
        g = math.gcd(*(n for _, n in ints))
        items = [(r, n // g) for r, n in ints]
        if not self.perms:
            return tuple(sorted(items))
        return min(tuple(sorted([(perm[r], n) for r, n in items])) for perm in self.perms)

    def entropy_bound(self, masses: dict[int, Fraction]) -> float:
        """Return a lower bound on the expected questions left: the least average length of a
        fractional code of the goal classes' masses in as many letters as a question has outcomes
        (code_bound; at least their entropy divided by log2 of the number of outcomes)."""
        by_class: dict[int, float] = {}
        goal = self.anyl.goal_class
        for r, m in masses.items():
            by_class[goal[r]] = by_class.get(goal[r], 0.0) + float(m)
        return code_bound([m for m in by_class.values() if m], self.worst.outcomes)

    def _class_masses(self, masses: dict[int, Fraction]) -> list[Fraction]:
        """Return the masses of the goal classes present at a node."""
        by_class: dict[int, Fraction] = {}
        for r, m in masses.items():
            c = self.anyl.goal_class[r]
            by_class[c] = by_class.get(c, Fraction(0)) + m
        return [m for m in by_class.values() if m]

    def _no_better(self, bound: float, best: Fraction, children: list, total: Fraction) -> bool:
        """Return whether a split whose information bound is `bound` (floats) cannot beat `best`: clearly
        above it, or, within rounding of it, by the same bound in exact arithmetic (a tie cannot beat it)."""
        if bound > float(best) + 1e-9:
            return True
        return 1 + sum(sum(c.values()) / total * self.floor(c) for _, c in children) >= best

    def floor(self, masses: dict[int, Fraction]) -> Fraction:
        """Return entropy_bound exactly: no strategy of any length averages fewer questions from this node."""
        return exact_code_bound(self._class_masses(masses), self.worst.outcomes)

    def _children(self, masses: dict[int, Fraction], split: Split) -> list[tuple[int, dict[int, Fraction]]] | None:
        out: dict[int, dict[int, Fraction]] = {}
        for r, m in masses.items():
            opts = self.anyl.rep_options[r][split.addressee]
            outcomes = split.payload.get(r, opts[0].outcomes)
            dist = self.distribution(r, split.addressee, outcomes)
            if dist is None:
                return None
            for o, p in enumerate(dist):
                if p:
                    out.setdefault(o, {})[r] = m if p == 1 else m * p
        return sorted(out.items())
