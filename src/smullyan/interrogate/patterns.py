"""Fewest questions in the worst case, counting interchangeable representatives instead of listing them.

- Pattern: what a representative does for every addressee. In a two-word puzzle an addressee is
  *free* in a world (the asker's question can send the world to either word) or answers *both* words
  there (a random god: the world goes on in both branches).
- Node: a count of representatives per pattern. Representatives that share a pattern, each its own
  goal class, can be swapped in any strategy, so the counts are all the search needs.
- Load of a node for addressee b: its size plus its worlds where b answers both. Asking b splits the
  node into two children whose sizes add up to that load, so a node of two or more worlds is solvable
  in k questions only if some addressee's load is at most 2**k (the lookahead bound). Splits are
  generated with this bound applied to both children (through a linear relaxation while the counts
  are being assigned), so only splits whose children pass it are ever built.
- Canonical node: the least count vector over the renamings of agents that map patterns onto
  patterns; memoised results are shared between nodes that differ by such a renaming.
- Shortcut: if some addressee is free in every world of a node, it can be asked everything and
  the node needs exactly ceil(log2 size) questions.
- Order and probes: a node's splits are gathered in batches and tried best first (the smallest
  larger child, by its least load over addressees), each first under probes of bounded effort
  (`effort.Probing`), so one split whose children take long to refute does not hide one that works.
  Order and probes change the time only; the memo (`effort.BoundedMemo`) keeps definite results.
This applies when every representative is its own goal class, answers are two words, and every
option set is free or both (the standard readings of random: `word`, `coin`). Otherwise solve.py
searches the representatives directly (StrategySearch).
"""

from __future__ import annotations

import itertools
import time
from typing import Callable

from .anylang import AnyLanguage
from .effort import BATCH, MEMO_ENTRIES, BoundedMemo, Probing
from .renaming import Renamer
from .search import Ask, Budget, Leaf, Split, Stats

FREE = (1, 2)  # option masks: the first word, the second word
BOTH = (3,)  # one option: either word
LAZY_PROBE = 200  # splits of a first probe that takes splits as they come (easy nodes need no batch)
SEEN_LIMIT = 100_000  # distinct splits of one node remembered to skip their mirror images, at most
WITNESS_SPLITS = 200_000  # splits the exact search tries a level with before a witness is asked
WITNESS_SHARE = 0.25  # and the share of the time left it may take for that
WITNESS_SECONDS = 30.0  # and at most this long (with no time limit too)


class PatternSearch(Probing):
    """Exact worst-case search over counts of interchangeable representatives."""

    outcomes = 2
    LAZY_EFFORT = LAZY_PROBE

    def __init__(self, anyl: AnyLanguage, keys: list[tuple[tuple[int, ...], ...]], group: list[int], budget: Budget):
        self.anyl = anyl
        self.budget = budget
        self.keys = keys
        self.group = group  # representative -> pattern
        self.n_groups = len(keys)
        self.n_agents = len(keys[0])
        self.both = [[keys[g][a] == BOTH for a in range(self.n_agents)] for g in range(self.n_groups)]
        self.both_groups = [[g for g in range(self.n_groups) if self.both[g][a]] for a in range(self.n_agents)]
        self.weight = [[1 + self.both[g][b] for b in range(self.n_agents)] for g in range(self.n_groups)]
        self.heavy = [[b for b in range(self.n_agents) if self.both[g][b]] for g in range(self.n_groups)]
        self.renamer = Renamer(keys, self.both_groups, check=budget.check_time)
        self.stats = Stats()
        self._memo = BoundedMemo(MEMO_ENTRIES, tables=budget.tables)  # canonical node -> (largest k refuted, smallest k solved)
        self._canon = BoundedMemo(MEMO_ENTRIES, tables=budget.tables)  # node -> canonical form
        self._found = BoundedMemo(MEMO_ENTRIES, tables=budget.tables)  # canonical node -> (k, node, split) the search proved within k
        self._start = time.perf_counter()

    @classmethod
    def applicable(cls, anyl: AnyLanguage, budget: Budget) -> "PatternSearch | None":
        """Return a pattern search for a language it fits (see the module notes), else None."""
        if len(set(anyl.goal_class)) != anyl.n_reps or anyl.max_outcomes > 2:
            return None
        keys: dict[tuple, int] = {}
        group = []
        for opts in anyl.rep_options:
            key = tuple(tuple(o.outcomes for o in agent_opts) for agent_opts in opts)
            if any(k not in (FREE, BOTH) for k in key):
                return None
            group.append(keys.setdefault(key, len(keys)))
        return cls(anyl, list(keys), group, budget)

    @property
    def renamings(self) -> list[list[int]]:
        """Return every renaming of gods as its map on patterns (built on first use)."""
        return self.renamer.renamings

    @property
    def trie(self) -> dict:
        """Return the renamings as a trie (built on first use)."""
        return self.renamer.trie

    def orbit_heads(self, node: tuple) -> set[int]:
        """Return one addressee per class of addressees that a renaming fixing the node exchanges
        (asking either gives mirror-image children, so one of them is enough)."""
        heads = set(range(self.n_agents))
        for p in self.renamer.fixing(node):
            for a in range(self.n_agents):
                if p[a] < a:
                    heads.discard(a)
        return heads

    def swapped_groups(self, node: tuple, a: int) -> list[tuple[int, int]]:
        """Return pairs of nonempty patterns that swapping two gods other than `a` exchanges while
        leaving the node and every other nonempty pattern as they are: their worlds can be assigned
        to the answers in either order."""
        out = []
        for moved, inv in self.renamer.transpositions:
            if a in moved:
                continue
            groups = [g for g in range(self.n_groups) if node[g] and inv[g] != g]
            if len(groups) == 2 and all(node[inv[g]] == node[g] for g in range(self.n_groups)):
                out.append((groups[0], groups[1]))
        return out

    def finish(self) -> Stats:
        """Return the statistics with the elapsed time filled in."""
        self.stats.seconds = time.perf_counter() - self._start
        return self.stats

    def counts(self, reps: int) -> tuple[int, ...]:
        """Return the count of representatives per pattern in a representative set."""
        c = [0] * self.n_groups
        r = 0
        while reps:
            if reps & 1:
                c[self.group[r]] += 1
            reps >>= 1
            r += 1
        return tuple(c)

    def classes(self, reps: int) -> int:
        """Return how many goal classes a representative set touches (each representative is one)."""
        return reps.bit_count()

    def canonical(self, c: tuple[int, ...]) -> tuple[int, ...]:
        """Return the least count vector among the renamings of a node."""
        got = self._canon.get(c)
        if got is None:
            got = self.renamer.least(c)
            self._canon.put(c, got)
        return got

    def free_agent(self, c: tuple[int, ...]) -> bool:
        """Return whether some addressee is free in every world of a node."""
        return any(not any(c[g] for g in groups) for groups in self.both_groups)

    def within_counts(self, c: tuple[int, ...], k: int, depth: int = 1) -> bool:
        """Return whether a node (counts) can be solved in at most k questions (probes first,
        `effort.Probing`)."""
        return self.probed(c, k, depth)

    def _within(self, c: tuple[int, ...], k: int, depth: int) -> bool | None:
        """Return whether a node can be solved in at most k questions (None: a probe ran out first)."""
        total = sum(c)
        if total <= 1:
            return True
        if total > 1 << k:
            return False
        if self.free_agent(c):
            return True
        key = self.canonical(c)
        lo, hi = self._memo.get(key, (-1, 1 << 30))
        if k <= lo or k >= hi:
            self.stats.level(depth).memo_hits += 1
            return k >= hi
        found, complete = self._first_split(c, k, depth)
        if found is None and not complete:
            return None
        ok = found is not None
        if ok and self._found.get(key, (1 << 30,))[0] > k:
            self._found.put(key, (k, c, found))  # tree() carries it to any renaming of c (no enumeration)
        lo, hi = self._memo.get(key, (-1, 1 << 30))  # the search below may have stored a bound
        self._memo.put(key, (lo, min(hi, k)) if ok else (max(lo, k), hi))
        return ok

    def _first_split(self, c: tuple[int, ...], k: int, depth: int):
        """Return (the first split whose children both need at most k - 1 questions or None, whether
        every split was settled). Splits are taken in batches (one at a time under the lazy probe) and
        each batch is tried best first (`_score`: the larger child's least load, then its size)."""
        level = self.stats.level(depth)
        seen: set = set()
        source = self._splits(c, k)
        complete = True
        while True:
            batch = list(itertools.islice(source, 1 if self._lazy else BATCH))
            if not batch:
                return None, complete
            scored = sorted(((self._score(c0, c1), agent, x, c0, c1) for agent, x, c0, c1 in batch),
                            key=lambda s: s[0])
            for _score, agent, x, c0, c1 in scored:
                key = frozenset((self.canonical(c0), self.canonical(c1)))
                if key in seen:
                    continue
                if len(seen) < SEEN_LIMIT:
                    seen.add(key)
                level.explored += 1
                self.stats.nodes += 1
                self.budget.tick()
                self._spend()
                got = self._children_within([c0, c1] if sum(c0) >= sum(c1) else [c1, c0], k - 1, depth + 1)
                if got:
                    return (agent, x), True
                if got is None:
                    complete = False

    def _score(self, c0: tuple[int, ...], c1: tuple[int, ...]) -> tuple:
        """Return how promising a split looks: its larger child's least load and size, then the other's."""
        def load(c: tuple[int, ...]) -> tuple[int, int]:
            size = sum(c)
            return min(size + sum(c[g] for g in groups) for groups in self.both_groups), size
        return tuple(sorted((load(c0), load(c1)), reverse=True))

    def within(self, reps: int, k: int) -> bool:
        """Return whether a representative set can be solved in at most k questions."""
        return self.within_counts(self.counts(reps), k)

    def fewest(self, reps: int, limit: int, witness: Callable[[int], bool] | None = None) -> int | None:
        """Return the fewest questions (at most `limit`) solving a set, or None if more are needed.

        With `witness` (k -> whether it found a strategy of at most k questions, e.g. a heuristic's,
        verified later), a level the exact search does not settle on WITNESS_SHARE of what is left is
        offered to it: k - 1 being refuted, its strategy proves k the fewest. Otherwise the exact
        search goes on with the whole budget (the memo keeps what the first try proved)."""
        from .leaves import LeafFloor

        total = reps.bit_count()
        k = max(total - 1, 0).bit_length()  # ceil(log2 total): fewer cannot tell `total` worlds apart
        if k:
            self.budget.refuted(min(k - 1, limit))  # by counting: a limit stops the search knowing that much
        floor = LeafFloor(self)
        while k <= limit:
            self.budget.stage = f"every question: trying {k} question{'s' if k != 1 else ''}"
            if floor.refutes(self.counts(reps), k):  # counting leaves refutes k (design note 44)
                self.stats.leaf_floor = k
                self.budget.refuted(k)
                k += 1
                continue
            settled = None if witness is None else self._within_share(reps, k)
            if settled is None:
                if witness is not None and witness(k):
                    return k
                settled = self.within(reps, k)
            if settled:
                return k
            self.budget.refuted(k)
            k += 1
        return None

    def _within_share(self, reps: int, k: int) -> bool | None:
        """Return whether a set can be solved in at most k questions, or None if the exact search does
        not settle it on its share of the budget (WITNESS_SHARE of the time left, at most WITNESS_SECONDS
        and WITNESS_SPLITS)."""
        from ..errors import SearchLimitReached

        whole = self.budget
        self.budget = whole.share(WITNESS_SPLITS, WITNESS_SHARE, WITNESS_SECONDS)
        try:
            return self.within(reps, k)
        except SearchLimitReached:
            whole.check_time()  # the whole budget's own limit is reported as such
            return None
        finally:
            whole.nodes += self.budget.nodes
            self.budget = whole

    def solvable(self, reps: int) -> bool:
        """Return whether any number of questions solves the set: exactly when no two of its
        representatives are stuck together (`stuck_pair`). If none are, pick two and an addressee free
        in both; a question sending them to different words leaves two strict subsets, neither with a
        stuck pair, and so on down to single representatives."""
        return stuck_pair(self.anyl, reps) is None

    def _splits(self, c: tuple[int, ...], k: int):
        """Yield (addressee, x, child0, child1) for every split whose children pass the lookahead bound
        for k - 1 questions and both keep fewer worlds than the node."""
        total = sum(c)
        for fixed, a in self.addressees(c, k):
            free = [g for g in range(self.n_groups) if c[g] and not self.both[g][a]]
            base = tuple(c[g] if self.both[g][a] else 0 for g in range(self.n_groups))
            base_load = [sum(base[g] * self.weight[g][b] for g in range(self.n_groups)) for b in range(self.n_agents)]
            for x in lookahead_assignments([c[g] for g in free], [self.weight[g] for g in free], base_load, fixed, k,
                                           check=self.budget.check_time, heavy=[self.heavy[g] for g in free]):
                c0, c1 = list(base), list(base)
                for g, v in zip(free, x):
                    c0[g] += v
                    c1[g] += c[g] - v
                if sum(c0) < total and sum(c1) < total:  # a child keeping every world is never needed
                    yield a, x, tuple(c0), tuple(c1)

    def addressees(self, c: tuple[int, ...], k: int, node: tuple | None = None) -> list[tuple[int, int]]:
        """Return (worlds answering both, addressee) for the addressees worth asking, fewest first,
        one per class of addressees exchanged by the node's symmetries (`node` defaults to c)."""
        cap = 1 << (k - 1)
        heads = self.orbit_heads(c if node is None else node)
        loads = sorted((sum(c[g] for g in self.both_groups[a]), a) for a in heads)
        return [(fixed, a) for fixed, a in loads if fixed <= cap]

    def _known(self, c: tuple[int, ...], k: int) -> bool:
        """Return whether a node is already known (no search) to be solvable in k questions."""
        total = sum(c)
        if total <= 1:
            return True
        if total > 1 << k:
            return False
        return self.free_agent(c) or self._memo.get(self.canonical(c), (-1, 1 << 30))[1] <= k

    def _proved_split(self, c: tuple[int, ...], k: int) -> tuple[int, tuple[int, ...]] | None:
        """Return a split whose children the memo already shows solvable in k - 1 questions, taking
        splits as they come (a strategy tree is rebuilt after the search, so its splits are known)."""
        for agent, x, c0, c1 in self._splits(c, k):
            if self._known(c0, k - 1) and self._known(c1, k - 1):
                return agent, x
        return None

    def _carried_split(self, c: tuple[int, ...], k: int) -> tuple[int, tuple[int, ...]] | None:
        """Return the split the search proved for c, or for a renaming of c carried back to c, if its
        children are known to need at most k - 1 questions; else None."""
        entry = self._found.get(self.canonical(c))
        if entry is None or entry[0] > k:
            return None
        _, seen, (agent, x) = entry
        if seen == c:
            return agent, x
        p = self.renamer.carrying(c, seen)
        if p is None:
            return None
        inv = self.renamer.inverse(p)  # seen[t] == c[inv[t]]
        free_seen = [t for t in range(self.n_groups) if seen[t] and not self.both[t][agent]]
        take = {inv[t]: v for t, v in zip(free_seen, x)}
        mine = p[agent]  # the addressee in c
        free = [g for g in range(self.n_groups) if c[g] and not self.both[g][mine]]
        if sorted(free) != sorted(take) or any(not 0 <= take[g] <= c[g] for g in free):
            return None
        x_mine = tuple(take[g] for g in free)
        # whatever the renaming, these are a split of c; it is used only if both children are known
        c0 = tuple(c[g] if self.both[g][mine] else take.get(g, 0) for g in range(self.n_groups))
        c1 = tuple(c[g] if self.both[g][mine] else c[g] - take.get(g, 0) for g in range(self.n_groups))
        if sum(c0) < sum(c) and sum(c1) < sum(c) and self._known(c0, k - 1) and self._known(c1, k - 1):
            return mine, x_mine
        return None

    def tree(self, reps: int, k: int) -> Ask | Leaf:
        """Return a strategy tree over representatives of at most k questions (k must suffice)."""
        if reps.bit_count() <= 1:
            return Leaf(reps)
        members = [r for r in range(self.anyl.n_reps) if reps >> r & 1]
        c = self.counts(reps)
        if self.free_agent(c):
            agent = next(a for a, groups in enumerate(self.both_groups) if not any(c[g] for g in groups))
            half = (len(members) + 1) // 2
            first = members[:half]
            chosen = {r: (1 if r in first else 2) for r in members}
        else:
            found = self._carried_split(c, k)
            if found is None:  # evicted from the memo: take splits as they come
                found = self._proved_split(c, k)
            if found is None:  # the memo lost it: search again, best first
                found, _complete = self._first_split(c, k, 1)
            if found is None:
                raise ValueError(f"no strategy of {k} questions for this node")
            agent, x = found
            take = dict(zip((g for g in range(self.n_groups) if c[g] and not self.both[g][agent]), x))
            chosen = {}
            used: dict[int, int] = {}
            for r in members:
                g = self.group[r]
                if self.both[g][agent]:
                    continue
                chosen[r] = 1 if used.get(g, 0) < take[g] else 2
                used[g] = used.get(g, 0) + 1
        children = []
        for outcome, bit in ((0, 1), (1, 2)):
            child = 0
            for r in members:
                if chosen.get(r, 3) & bit:
                    child |= 1 << r
            if child:
                children.append((outcome, child))
        split = Split(agent, tuple(children), chosen)
        return Ask(reps, split, tuple((o, self.tree(child, k - 1)) for o, child in children))


def stuck_pair(anyl: AnyLanguage, reps: int) -> tuple[int, int] | None:
    """Return two representatives of different goal classes that no question can ever separate, if any.

    For every addressee, every option of one and every option of the other share an outcome, so
    whatever is asked, some answer leaves both possible: an adversary keeps both forever, and no
    strategy of any length identifies the goal.
    """
    members = [r for r in range(anyl.n_reps) if reps >> r & 1]
    n_agents = len(anyl.ctx.space.agents)
    for i, u in enumerate(members):
        for v in members[i + 1:]:
            if anyl.goal_class[u] == anyl.goal_class[v]:
                continue
            if all(o.outcomes & p.outcomes for a in range(n_agents)
                   for o in anyl.rep_options[u][a] for p in anyl.rep_options[v][a]):
                return u, v
    return None


def lookahead_assignments(counts: list[int], weights: list[list[int]], base_load: list[int], fixed: int, k: int,
                          guard=None, tied: list[int] | None = None, check=None, heavy: list[list[int]] | None = None):
    """Yield how many worlds of each free cell go to the first word, for every split (to an addressee
    whose `fixed` worlds answer both) whose two children could still be solved in k - 1 questions.

    A child passes if it has at most 2**(k-1) worlds and some addressee b has load (worlds plus
    worlds where b answers both; `weights[i][b]` is 1 or 2 per world of cell i) at most 2**(k-1).
    While cells are being assigned, each pair (b0, b1) of next addressees is kept alive by a
    fractional relaxation: the unassigned worlds go where they add least load, best ratio first.
    An optional `guard` (push(i, v), pop(i, v), ok(i)) follows the assignment and cuts it when ok
    says no completion can be worth having. `tied[i] = j >= 0` says cells i and j are interchangeable
    (equal counts, exchanged by a symmetry of the node), so only assignments with x[i] <= x[j] are
    yielded, one per orbit. `check` (if given) is called every 4096 steps and may stop the enumeration
    (the time limit: most partial assignments can be cut long before one is yielded).
    """
    n = len(base_load)
    budget = cap = 1 << (k - 1)
    pairs = [(b0, b1) for b0 in range(n) for b1 in range(n)]
    m = len(counts)
    if heavy is None:  # per cell, the addressees whose weight is 2
        heavy = [[b for b, v in enumerate(w) if v == 2] for w in weights]
    # suffix sums over cells i..: all worlds, worlds where b answers both, where b0 and b1 both do
    remaining = [0] * (m + 1)
    single = [[0] * n for _ in range(m + 1)]
    double = [[0] * (n * n) for _ in range(m + 1)]
    for i in range(m - 1, -1, -1):
        cg = counts[i]
        remaining[i] = remaining[i + 1] + cg
        s1, s2 = single[i + 1][:], double[i + 1][:]
        for b0 in heavy[i]:
            s1[b0] += cg
            for b1 in heavy[i]:
                s2[b0 * n + b1] += cg
        single[i], double[i] = s1, s2
    load0, load1 = list(base_load), list(base_load)
    tots = [fixed, fixed]
    x = [0] * m

    def pair_fits(i: int, p: int, b0: int, b1: int) -> bool:
        s0 = budget - load0[b0]
        s1 = budget - load1[b1]
        if s0 < 0 or s1 < 0:
            return False
        need = 0.0
        q22 = double[i][p]
        q21 = single[i][b0] - q22
        q12 = single[i][b1] - q22
        q11 = remaining[i] - q21 - q12 - q22
        # to the first child first the worlds that save most load in the second
        for amount, w0, w1 in ((q12, 1, 2), (q11, 1, 1), (q22, 2, 2), (q21, 2, 1)):
            take = min(amount, s0 / w0)
            s0 -= take * w0
            need += (amount - take) * w1
        return need <= s1

    def alive(i: int) -> bool:
        if tots[0] > cap or tots[1] > cap or tots[0] + tots[1] + remaining[i] > 2 * cap:
            return False
        return any(pair_fits(i, p, b0, b1) for p, (b0, b1) in enumerate(pairs))

    steps = [0]

    def rec(i: int):
        steps[0] += 1
        if check is not None and steps[0] % 4096 == 0:
            check()
        if not alive(i) or (guard is not None and not guard.ok(i)):
            return
        if i == m:
            yield tuple(x)
            return
        cg, w = counts[i], weights[i]
        top = cg if tied is None or tied[i] < 0 else x[tied[i]]
        for v in (0, cg, *range(1, cg)):  # whole cells first: questions about who is random
            if v > top:
                continue
            x[i] = v
            tots[0] += v
            tots[1] += cg - v
            for b in range(n):
                load0[b] += v * w[b]
                load1[b] += (cg - v) * w[b]
            if guard is not None:
                guard.push(i, v)
            yield from rec(i + 1)
            if guard is not None:
                guard.pop(i, v)
            tots[0] -= v
            tots[1] -= cg - v
            for b in range(n):
                load0[b] -= v * w[b]
                load1[b] -= (cg - v) * w[b]

    yield from rec(0)
