"""Fewest questions in the worst case for any number of answer words, over counts of interchangeable goal classes.

- Key: what a representative does for every addressee (its minimal options, per agent).
- Profile: the set of keys of one goal class's representatives in a node. Two classes with the same
  profile are interchangeable (exchange them and every question splits the node alike), so a node is a
  count of classes per profile.
- Choice: where one class goes when an addressee is asked: an option per key. For each outcome the
  class reaches the sub-profile of the keys whose option contains that outcome. A choice whose
  sub-profiles all lie inside another choice's dominates it: a node with fewer representatives is never
  harder (a strategy for the larger node, followed by the smaller, still ends in single classes).
- Split: how many classes of each profile take each choice.
- Load (AnyLanguage.load): over a node's classes, the fewest children each must reach. A node of two
  or more classes solvable in k questions has a least load of at most outcomes**k, and so has every
  child of a split within k - 1; splits are cut as soon as a partial child breaks it (loads only grow).
- Symmetry: renaming gods and permuting words maps keys to keys. The search sees nothing but keys, so
  a node and its image need equally many questions; memo entries are kept under the least image.
- Memo and probes: `effort.BoundedMemo` (a transposition table with a size budget) and
  `effort.Probing` (each split's children get a share of a bounded effort before the exhaustive
  pass); neither can change an answer.
- Order: choices reaching the most children are tried first (they tell the language), and splits by
  fewest representatives in their largest child. Order changes time only, never an answer.

Every failure is exhaustive over the complete language, so `None` from `fewest` is a proof.
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator

from .anylang import AnyLanguage
from .effort import BATCH, MEMO_ENTRIES, BoundedMemo, Probing
from .search import Ask, Budget, Leaf, Split, Stats

Node = tuple[tuple[int, int], ...]  # (profile id, count), sorted by profile id
DOMINANCE_LIMIT = 2000  # choices of one profile compared pairwise for dominance, at most
MAX_SYMMETRIES = 1000  # renamings tried per canonical form; above it only word permutations are used


@dataclass(frozen=True, slots=True)
class Choice:
    """Where one class of a profile goes when one addressee is asked."""

    children: tuple[int, ...]  # per outcome: the sub-profile id reached, or -1
    options: tuple[tuple[int, int], ...]  # (key id, option outcome mask)
    reach: int  # how many outcomes the class reaches


class ProfileSearch(Probing):
    """Exact worst-case search over counts of interchangeable goal classes, any number of outcomes."""

    def __init__(self, anyl: AnyLanguage, budget: Budget, memo_entries: int = MEMO_ENTRIES):
        self.anyl = anyl
        self.budget = budget
        space = anyl.ctx.space
        self.n_agents = len(space.agents)
        self.n_words = len(space.words)
        self.n_out = anyl.n_outcomes
        self.outcomes = max(2, anyl.max_outcomes)
        self.stats = Stats()
        self._start = time.perf_counter()
        self.key_ids: dict[tuple, int] = {}
        self.key_list: list[tuple] = []
        self.key_rep: dict[int, int] = {}  # key id -> a representative with it (keys of the puzzle)
        self.rep_key = []
        for r in range(anyl.n_reps):
            key = tuple(tuple(o.outcomes for o in opts) for opts in anyl.rep_options[r])
            kid = self._key_id(key)
            self.rep_key.append(kid)
            self.key_rep.setdefault(kid, r)
        self.profile_ids: dict[frozenset, int] = {}
        self.profile_list: list[frozenset] = []
        self._spread: dict[int, tuple[int, ...]] = {}
        self._feasible_cache: dict[tuple[int, int], int] = {}
        self._choices: dict[tuple[int, int], list[Choice]] = {}
        self.symmetries = self._symmetries()
        self._image: dict[tuple[int, int], int] = {}
        self._canon: BoundedMemo = BoundedMemo(memo_entries, tables=budget.tables)
        self.memo = BoundedMemo(memo_entries, tables=budget.tables)  # canonical node -> (largest k refuted, smallest k solved)
        self._solvable = BoundedMemo(memo_entries, tables=budget.tables)

    # ------------------------------------------------------------ keys and profiles

    def _key_id(self, key: tuple) -> int:
        kid = self.key_ids.get(key)
        if kid is None:
            kid = self.key_ids[key] = len(self.key_list)
            self.key_list.append(key)
        return kid

    def profile(self, keys: frozenset) -> int:
        """Return the id of a profile (a set of key ids)."""
        pid = self.profile_ids.get(keys)
        if pid is None:
            pid = self.profile_ids[keys] = len(self.profile_list)
            self.profile_list.append(keys)
        return pid

    def node_of(self, reps: int) -> Node:
        """Return the counts per profile of a representative set."""
        return self._node_and_classes(reps)[0]

    def _node_and_classes(self, reps: int) -> tuple[Node, dict[int, list[int]]]:
        """Return the node of a representative set and, per profile, its goal classes (each a list of reps)."""
        by_class: dict[int, list[int]] = {}
        x, r = reps, 0
        while x:
            if x & 1:
                by_class.setdefault(self.anyl.goal_class[r], []).append(r)
            x >>= 1
            r += 1
        per_profile: dict[int, list[list[int]]] = {}
        for members in by_class.values():
            pid = self.profile(frozenset(self.rep_key[r] for r in members))
            per_profile.setdefault(pid, []).append(members)
        node = tuple(sorted((pid, len(cs)) for pid, cs in per_profile.items()))
        return node, per_profile

    def picks(self, reps: int) -> int:
        """Return the most ways one class of a set has to answer one addressee (its choices before de-duplication)."""
        return max((math.prod(len(self.key_list[k][a]) for k in self.profile_list[p])
                    for p, _ in self.node_of(reps) for a in range(self.n_agents)), default=1)

    def classes(self, reps: int) -> int:
        """Return how many goal classes a representative set touches."""
        return len({self.anyl.goal_class[r] for r in range(self.anyl.n_reps) if reps >> r & 1})

    def _feasible(self, kid: int, agent: int) -> int:
        """Return, as a bitmask over outcome sets W, the W containing some option of a key for an addressee."""
        got = self._feasible_cache.get((kid, agent))
        if got is None:
            opts = self.key_list[kid][agent]
            got = 0
            for w in range(1 << self.n_out):
                if any(m & ~w == 0 for m in opts):
                    got |= 1 << w
            self._feasible_cache[(kid, agent)] = got
        return got

    def spread(self, pid: int) -> tuple[int, ...]:
        """Return, per addressee, the fewest outcomes a class of this profile reaches when asked."""
        got = self._spread.get(pid)
        if got is None:
            anyl = self.anyl
            out = []
            for a in range(self.n_agents):
                mask = anyl.full
                for kid in self.profile_list[pid]:
                    mask &= self._feasible(kid, a)
                out.append(anyl.spread(mask))
            got = self._spread[pid] = tuple(out)
        return got

    def fits(self, node: Node, k: int) -> bool:
        """Return whether a node of two or more classes passes the load bound for k questions: its
        children's classes add up to at least its load for the addressee asked first, and each child
        holds at most outcomes**(k-1) of them."""
        return self.load(node) <= self.outcomes ** k

    def size(self, node: Node) -> int:
        """Return the number of representatives of a node."""
        return sum(n * len(self.profile_list[pid]) for pid, n in node)

    def load(self, node: Node) -> int:
        """Return the least load of a node over the addressees."""
        loads = [0] * self.n_agents
        for pid, n in node:
            for a, s in enumerate(self.spread(pid)):
                loads[a] += n * s
        return min(loads)

    def choices(self, pid: int, agent: int) -> list[Choice]:
        """Return the undominated choices of a class of this profile when `agent` is asked."""
        got = self._choices.get((pid, agent))
        if got is not None:
            return got
        keys = sorted(self.profile_list[pid])
        per_key = [self.key_list[k][agent] for k in keys]
        found: dict[tuple[frozenset, ...], tuple[tuple[int, int], ...]] = {}
        for i, pick in enumerate(itertools.product(*per_key)):
            if i % 1024 == 1023:
                self.budget.check_time()
            subs = tuple(frozenset(k for k, m in zip(keys, pick) if m >> o & 1) for o in range(self.n_out))
            found.setdefault(subs, tuple(zip(keys, pick)))
        items = list(found.items())
        prune = len(items) <= DOMINANCE_LIMIT  # dropping dominated choices saves time, so it is skipped when it would cost more
        kept = []
        for i, (subs, opts) in enumerate(items):
            if i % 64 == 63:
                self.budget.check_time()
            if prune and any(other != subs and all(a <= b for a, b in zip(other, subs)) for other, _ in items):
                continue  # another choice reaches less in every child
            children = tuple(self.profile(s) if s else -1 for s in subs)
            kept.append(Choice(children, opts, sum(1 for s in subs if s)))
        kept.sort(key=lambda c: (-c.reach, c.children))
        self._choices[(pid, agent)] = kept
        return kept

    # ------------------------------------------------------------ symmetry

    def _symmetries(self) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Return (agent permutation, outcome permutation) pairs to canonicalise under (identity first)."""
        n, w = self.n_agents, self.n_words
        agent_perms = list(itertools.permutations(range(n))) if n <= 6 else [tuple(range(n))]
        word_perms = [p + tuple(range(w, self.n_out)) for p in itertools.permutations(range(w))] if w <= 4 \
            else [tuple(range(self.n_out))]
        if len(agent_perms) * len(word_perms) > MAX_SYMMETRIES:
            agent_perms = [tuple(range(n))]
        return [(a, o) for a in agent_perms for o in word_perms]

    def _map_key(self, kid: int, s: int) -> int:
        agents, outs = self.symmetries[s]
        key = self.key_list[kid]
        image = []
        for i in range(self.n_agents):
            masks = []
            for m in key[agents[i]]:
                mm = 0
                for o in range(self.n_out):
                    if m >> o & 1:
                        mm |= 1 << outs[o]
                masks.append(mm)
            image.append(tuple(sorted(masks, key=lambda x: (x.bit_count(), x))))
        return self._key_id(tuple(image))

    def _map_profile(self, pid: int, s: int) -> int:
        got = self._image.get((pid, s))
        if got is None:
            got = self._image[(pid, s)] = self.profile(frozenset(self._map_key(k, s) for k in self.profile_list[pid]))
        return got

    def canonical(self, node: Node) -> Node:
        """Return the least image of a node under the symmetries."""
        got = self._canon.get(node)
        if got is None:
            got = min(tuple(sorted((self._map_profile(p, s), n) for p, n in node)) for s in range(len(self.symmetries)))
            self._canon.put(node, got)
        return got

    # ------------------------------------------------------------ splits

    def splits(self, node: Node, left: int | None) -> Iterator[tuple[int, tuple, tuple[Node, ...]]]:
        """Yield (addressee, allocation, children) for the splits of a node whose children could be solved
        in `left` more questions (two or more classes: at most outcomes**left of them and a least load of
        at most outcomes**left, see `fits`; None: no bound) and keep fewer representatives than the node. The allocation
        lists (profile, choice index, classes)."""
        for agent in range(self.n_agents):
            yield from self._agent_splits(node, agent, left)

    def _agent_splits(self, node: Node, agent: int, questions_left: int | None):
        n_out, n_agents = self.n_out, self.n_agents
        cap = None if questions_left is None else self.outcomes ** questions_left
        counts: list[dict[int, int]] = [{} for _ in range(n_out)]
        classes = [0] * n_out
        loads = [[0] * n_agents for _ in range(n_out)]  # child -> addressee -> load
        alloc: list[tuple[int, int, int]] = []
        items = []
        for pid, n in node:
            ch = self.choices(pid, agent)
            items.append((pid, n, ch))
        items.sort(key=lambda it: len(it[2]))
        minreach = [min(c.reach for c in ch) for _, _, ch in items]
        rest = [0] * (len(items) + 1)  # the fewest child classes the items from i on add
        for i in range(len(items) - 1, -1, -1):
            rest[i] = rest[i + 1] + minreach[i] * items[i][1]
        total_cap = None if cap is None else cap * n_out
        steps = [0]

        def add(choice: Choice, x: int, sign: int) -> bool:
            ok = True
            for o, p in enumerate(choice.children):
                if p < 0:
                    continue
                c = counts[o]
                c[p] = c.get(p, 0) + sign * x
                if not c[p]:
                    del c[p]
                classes[o] += sign * x
                spread = self.spread(p)
                lo = loads[o]
                for a in range(n_agents):
                    lo[a] += sign * x * spread[a]
                over = cap is not None and (classes[o] > cap or min(lo) > cap)
                if sign > 0 and over and classes[o] > 1:
                    ok = False
            return ok

        def rec(i: int, j: int, left: int):
            steps[0] += 1
            if steps[0] % 1024 == 0:
                self.budget.check_time()
            if total_cap is not None and i < len(items) and \
                    sum(classes) + left * minreach[i] + rest[i + 1] > total_cap:
                return  # the children cannot hold every class within the cap
            if i == len(items):
                children = tuple(tuple(sorted(c.items())) for c in counts)
                if any(ch == node for ch in children):
                    return  # a child keeping every representative is never needed
                yield agent, tuple(alloc), children
                return
            pid, n, ch = items[i]
            if left == 0:
                yield from rec(i + 1, 0, n_next(i + 1))
                return
            # the next choice (from j on) to take some of the classes left; those skipped take none, so the
            # recursion is at most as deep as the node has classes
            for jj in range(j, len(ch)):
                if jj == len(ch) - 1:
                    xs = [left]
                else:  # an even share of the classes over the choices left first, then further from it
                    share = left / (len(ch) - jj)
                    xs = sorted(range(1, left + 1), key=lambda x: (abs(x - share), -x))
                for x in xs:
                    ok = add(ch[jj], x, 1)
                    alloc.append((pid, jj, x))
                    if ok:
                        yield from rec(i, jj + 1, left - x)
                    alloc.pop()
                    add(ch[jj], x, -1)

        def n_next(i: int) -> int:
            return items[i][1] if i < len(items) else 0

        if not items:
            return
        yield from rec(0, 0, items[0][1])

    # ------------------------------------------------------------ search

    def within_node(self, node: Node, k: int, depth: int = 1) -> bool:
        """Return whether a node can be solved in at most k questions (probes first, `effort.Probing`)."""
        return self.probed(node, k, depth)

    def _within(self, node: Node, k: int, depth: int) -> bool | None:
        """Return whether a node can be solved in at most k questions (None: a probe ran out first)."""
        total = sum(n for _, n in node)
        if total <= 1:
            return True
        if k <= 0 or total > self.outcomes ** k or not self.fits(node, k):
            return False
        key = self.canonical(node)
        lo, hi = self.memo.get(key, (0, 1 << 30))
        if k <= lo or k >= hi:
            self.stats.level(depth).memo_hits += 1
            return k >= hi
        found, complete = self._solving_split(node, k, depth)
        if found is None and not complete:
            return None
        ok = found is not None
        lo, hi = self.memo.get(key, (0, 1 << 30))
        self.memo.put(key, (lo, min(hi, k)) if ok else (max(lo, k), hi))
        return ok

    def _solving_split(self, node: Node, k: int, depth: int):
        """Return (the first split whose children all need at most k - 1 questions or None, whether
        every split was settled).

        Splits are taken from the enumeration in batches and each batch is tried best first (fewest
        representatives in the largest child, then smallest load); every split is tried before
        (None, True) is returned."""
        level = self.stats.level(depth)
        seen: set = set()
        source = self.splits(node, k - 1)
        complete = True
        while True:
            batch = list(itertools.islice(source, BATCH))
            if not batch:
                return None, complete
            scored = []
            for agent, alloc, children in batch:
                key = frozenset(self.canonical(c) for c in children if c)
                if key in seen:
                    continue
                if len(seen) < 100_000:
                    seen.add(key)
                sizes = sorted(((self.size(c), self.load(c)) for c in children if sum(n for _, n in c) > 1),
                               reverse=True)
                scored.append((sizes, agent, alloc, children))
            scored.sort(key=lambda s: s[0])
            for _loads, agent, alloc, children in scored:
                level.explored += 1
                self.stats.nodes += 1
                self.budget.tick()
                self._spend()
                order = sorted((c for c in children if c), key=lambda c: -self.load(c))
                got = self._children_within(order, k - 1, depth + 1)
                if got:
                    return (agent, alloc, children), True
                if got is None:
                    complete = False

    def within(self, reps: int, k: int) -> bool:
        """Return whether a representative set can be solved in at most k questions."""
        return self.within_node(self.node_of(reps), k)

    def fewest(self, reps: int, limit: int, start: int = 0) -> int | None:
        """Return the fewest questions (at most `limit`) solving a set, or None if more are needed; levels
        below `start` must be refuted already."""
        node = self.node_of(reps)
        total = sum(n for _, n in node)
        k = start
        while self.outcomes ** k < total:
            k += 1
        if k:
            self.budget.refuted(min(k - 1, limit))  # by counting: a limit stops the search knowing that much
        while k <= limit:
            self.budget.stage = f"every question: trying {k} question{'s' if k != 1 else ''}"
            if self.within_node(node, k):
                return k
            self.budget.refuted(k)
            k += 1
        return None

    def solvable(self, reps: int) -> bool:
        """Return whether any number of questions solves the set (along a minimal strategy every child
        keeps fewer representatives, so the recursion ends)."""
        return self._solvable_node(self.node_of(reps))

    def _solvable_node(self, node: Node) -> bool:
        if sum(n for _, n in node) <= 1:
            return True
        key = self.canonical(node)
        got = self._solvable.get(key)
        if got is not None:
            return got
        ok = False
        for _agent, _alloc, children in self.splits(node, None):
            self.budget.tick()
            if all(self._solvable_node(c) for c in children if c):
                ok = True
                break
        self._solvable.put(key, ok)
        return ok

    def _known(self, node: Node, k: int) -> bool:
        """Return whether the memo (or the node's size) already shows the node solvable in k questions."""
        if sum(n for _, n in node) <= 1:
            return True
        return self.memo.get(self.canonical(node), (0, 1 << 30))[1] <= k

    def _proved_split(self, node: Node, k: int):
        """Return a split of a node whose children all need at most k - 1 questions: one the memo
        already proves if there is one, else the first the search finds."""
        for agent, alloc, children in self.splits(node, k - 1):
            if all(self._known(c, k - 1) for c in children if c):
                return agent, alloc, children
        for agent, alloc, children in self.splits(node, k - 1):
            if all(self.within_node(c, k - 1) for c in children if c):
                return agent, alloc, children
        return None

    def tree(self, reps: int, k: int) -> Ask | Leaf:
        """Return a strategy tree over representatives of at most k questions (k must suffice)."""
        node, per_profile = self._node_and_classes(reps)
        if sum(n for _, n in node) <= 1:
            return Leaf(reps)
        found = self._proved_split(node, k)
        if found is None:
            raise ValueError(f"no strategy of {k} questions for this node")
        agent, alloc, _children = found
        return self.realised(reps, per_profile, agent, alloc, k, self.tree)

    def realised(self, reps: int, per_profile: dict[int, list[list[int]]], agent: int, alloc: tuple, k: int,
                 subtree) -> Ask:
        """Return the question node of a count-level split over concrete representatives, with
        `subtree(child reps, k - 1)` below each answer."""
        payload: dict[int, int] = {}
        child_sets = [0] * self.n_out
        taken: dict[int, int] = {}
        for pid, j, x in alloc:
            choice = self.choices(pid, agent)[j]
            options = dict(choice.options)
            start = taken.get(pid, 0)
            for members in per_profile[pid][start:start + x]:
                for r in members:
                    m = options[self.rep_key[r]]
                    payload[r] = m
                    for o in range(self.n_out):
                        if m >> o & 1:
                            child_sets[o] |= 1 << r
            taken[pid] = start + x
        children = tuple((o, c) for o, c in enumerate(child_sets) if c)
        split = Split(agent, children, payload)
        return Ask(reps, split, tuple((o, subtree(c, k - 1)) for o, c in children))

    def finish(self) -> Stats:
        """Return the statistics with the elapsed time filled in."""
        self.stats.seconds = time.perf_counter() - self._start
        return self.stats


class ProfileExpected:
    """Fewest questions on average over profile counts, for puzzles whose answers are all determined.

    Applies when every minimal option of every representative is a single outcome (no god answers at
    random) and every representative stands for as many worlds: then a class's worlds keep equal masses
    down every branch, classes with equal profiles stay interchangeable, and a node's average is over
    its representatives. Branch and bound with the code bound of the node's classes (`code_bound`, a
    lower bound for any strategy, compared with a margin so float rounding can only keep a split)."""

    def __init__(self, profiles: ProfileSearch, budget: Budget):
        self.profiles = profiles
        self.budget = budget
        self._memo = BoundedMemo(MEMO_ENTRIES, tables=budget.tables)  # (canonical node, k) -> exact value
        self._bound = BoundedMemo(MEMO_ENTRIES, tables=budget.tables)  # node -> the code bound

    @staticmethod
    def applicable(anyl: AnyLanguage) -> bool:
        """Return whether every answer is determined and every representative weighs the same."""
        return (len({len(m) for m in anyl.members}) == 1
                and all(o.outcomes.bit_count() == 1 for opts in anyl.rep_options for agent in opts for o in agent))

    def bound(self, node: Node) -> float:
        """Return a lower bound on a node's average questions (classes weighted by representatives)."""
        got = self._bound.get(node)
        if got is None:
            from .expected import code_bound

            masses = [float(len(self.profiles.profile_list[p])) for p, n in node for _ in range(n)]
            got = code_bound(masses, self.profiles.outcomes) if len(masses) > 1 else 0.0
            self._bound.put(node, got)
        return got

    def value(self, node: Node, k: int) -> Fraction:
        """Return the least average number of questions for a node within k (INFINITE if none)."""
        from .expected import INFINITE

        if sum(n for _, n in node) <= 1:
            return Fraction(0)
        if k <= 0 or not self.profiles.within_node(node, k):
            return INFINITE
        key = (self.profiles.canonical(node), k)
        got = self._memo.get(key)
        if got is not None:
            return got
        best = INFINITE
        for lb, _split, children in self.candidates(node, k):
            if lb >= float(best) - 1e-9:
                break
            best = min(best, self._cost(node, children, k, best))
        self._memo.put(key, best)
        return best

    def _cost(self, node: Node, children: tuple[Node, ...], k: int, cut: Fraction) -> Fraction:
        """Return 1 + the weighted children's values (stopping early once it cannot beat `cut`)."""
        total = self.profiles.size(node)
        value = Fraction(1)
        for c in sorted((c for c in children if c), key=lambda c: -self.profiles.size(c)):
            value += Fraction(self.profiles.size(c), total) * self.value(c, k - 1)
            if value >= cut:
                break
        return value

    def candidates(self, node: Node, k: int) -> list:
        """Return (bound, split, children) of the distinct splits of a node within k, best bound first."""
        total = self.profiles.size(node)
        out, seen = [], set()
        for agent, alloc, children in self.profiles.splits(node, k - 1):
            self.budget.tick()
            key = frozenset(self.profiles.canonical(c) for c in children if c)
            if key in seen:
                continue
            seen.add(key)
            lb = 1 + sum(self.profiles.size(c) / total * self.bound(c) for c in children if c)
            out.append((lb, (agent, alloc), children))
        out.sort(key=lambda c: c[0])
        return out

    def tree(self, reps: int, k: int) -> Ask | Leaf:
        """Return a strategy over representatives reaching the node's value within k questions."""
        profiles = self.profiles
        node, per_profile = profiles._node_and_classes(reps)
        if sum(n for _, n in node) <= 1:
            return Leaf(reps)
        target = self.value(node, k)
        for _lb, (agent, alloc), children in self.candidates(node, k):
            if self._cost(node, children, k, target + 1) == target:
                return profiles.realised(reps, per_profile, agent, alloc, k, self.tree)
        raise AssertionError("no split reaches the value it was computed from")
