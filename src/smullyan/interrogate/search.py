"""Exhaustive strategy search: fewest questions in the worst case (DESIGN §5).

- Node: a world set (bitset) that the answers so far leave possible, and the questions left.
- Split: a question put to an addressee, seen through the worlds it may send to each outcome.
- Solved: every world of the node shares the goal value (e.g. the same types).
The search is depth-first with memoisation on (world set, questions left), the capacity bound
(a node whose goal classes exceed m**k cannot be solved by k questions with m outcomes) and
the no-progress rule (a branch that keeps every world of its node is never needed: a minimal
strategy would use that branch's own subtree instead). Every failure is exhaustive, so a `None`
from `solve` is a proof that no strategy in the question language exists.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Protocol

from ..errors import Interrupted, SearchLimitReached
from .effort import MEMO_ENTRIES, BoundedMemo, Tables


@dataclass(frozen=True, slots=True)
class Split:
    """A candidate question at a node: its addressee, children per outcome, and what realises it."""

    addressee: int
    children: tuple[tuple[int, int], ...]  # (outcome index, world set), non-empty sets only
    payload: Any


@dataclass(frozen=True, slots=True)
class Leaf:
    """A solved node: the worlds that may reach it."""

    worlds: int


@dataclass(frozen=True, slots=True)
class Ask:
    """An inner node: ask `split`, then follow the branch of the outcome heard."""

    worlds: int
    split: Split
    branches: tuple[tuple[int, "Ask | Leaf"], ...]


class SplitSource(Protocol):
    """What the search needs from a question language."""

    def splits(self, worlds: int, cap: int | None) -> Iterable[Split]:
        """Yield the distinct useful splits of a node, simplest questions first; splits with a
        child that cannot be solved within capacity `cap` (outcomes ** questions left) may be left
        out; None: no child is left out."""


@dataclass
class LevelStats:
    """Counts at one level of the tree (level 1 is the root)."""

    explored: int = 0
    pruned: int = 0
    memo_hits: int = 0


@dataclass
class Limits:
    """Budgets after which a search stops with SearchLimitReached, and whom to tell how it goes."""

    nodes: int | None = None
    seconds: float | None = None
    memory: int | None = None  # bytes of resident memory the process may reach
    progress: Callable[[str, int, float], None] | None = None  # (stage, explored, seconds), twice a second after 1 s
    cancelled: Callable[[], bool] | None = None  # asked every 0.1 s; True stops the search (Interrupted)
    tables: Tables = field(default_factory=Tables)  # the run's transposition tables, squeezed under memory pressure


def resident_bytes() -> int:
    """Return the resident memory of this process in bytes (Linux /proc; elsewhere the peak so far)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * PAGE_SIZE
    except (OSError, IndexError, ValueError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _page_size() -> int:
    try:
        import os

        return os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 4096


PAGE_SIZE = _page_size()
POLL_SECONDS = 0.1  # how often memory is measured and progress considered
REPORT_SECONDS = 0.5  # how often progress is reported, after the first second


class Budget:
    """A node, time and memory budget shared by every search of one run."""

    def __init__(self, limits: Limits | None = None):
        self.limits = limits or Limits()
        self.nodes = 0
        self.start = time.perf_counter()
        self.deadline = None if self.limits.seconds is None else self.start + self.limits.seconds
        self.fewer_refuted = 0  # proved so far: no strategy of this many questions (or fewer) exists
        self.stage = "searching"  # what the search is doing, for progress reports
        self._next_poll = self.start + POLL_SECONDS
        self._next_report = self.start + 1.0

    def restart(self) -> None:
        """Start the clock and the node count again (one budget per move of a game)."""
        self.nodes = 0
        self.start = time.perf_counter()
        self.deadline = None if self.limits.seconds is None else self.start + self.limits.seconds
        self._next_poll = self.start + POLL_SECONDS
        self._next_report = self.start + 1.0

    def share(self, splits: int | None, share: float, seconds: float | None = None) -> "Budget":
        """Return a budget of its own for a side search: at most `splits` splits (None: no count) and
        `share` of what this budget's split limit leaves, `share` of the time left and at most `seconds`,
        the same memory budget and cancellation; progress is reported as this budget's (its stage, its
        splits plus the side search's, its clock). The caller adds the side search's splits to its own
        count afterwards."""
        remaining = None if self.deadline is None else share * max(0.0, self.deadline - time.perf_counter())
        if seconds is not None:
            remaining = seconds if remaining is None else min(remaining, seconds)
        if self.limits.nodes is not None:  # this split limit holds: a side search's splits count too
            left = int(share * max(0, self.limits.nodes - self.nodes))
            splits = left if splits is None else min(splits, left)
        progress = None
        if self.limits.progress is not None:  # reported as this budget's: its stage, its count and clock
            tell = self.limits.progress

            def progress(_stage: str, explored: int, _seconds: float) -> None:
                tell(self.stage, self.nodes + explored, time.perf_counter() - self.start)
        return Budget(Limits(nodes=splits, seconds=remaining, memory=self.limits.memory, progress=progress,
                             cancelled=self.limits.cancelled, tables=self.limits.tables))

    @property
    def tables(self) -> Tables:
        """Return the run's transposition tables (a search registers each of its memos here)."""
        return self.limits.tables

    def refuted(self, k: int) -> None:
        """Record that no strategy of k questions solves the whole puzzle."""
        self.fewer_refuted = max(self.fewer_refuted, k)

    def tick(self) -> None:
        """Count one explored split; raise SearchLimitReached past a limit."""
        self.nodes += 1
        if self.limits.nodes is not None and self.nodes > self.limits.nodes:
            raise SearchLimitReached(f"search stopped at the node limit ({self.limits.nodes} splits explored) without an answer")
        self.check_time()  # every split: one split of a large node may take a good part of a second

    def spent(self) -> bool:
        """Return whether this budget's time, split or memory limit has run out."""
        if self.limits.nodes is not None and self.nodes >= self.limits.nodes:
            return True
        try:
            self.check_time()
        except SearchLimitReached:
            return True
        return False

    def check_time(self) -> None:
        """Raise SearchLimitReached if the time limit has passed or memory is over budget; report progress."""
        now = time.perf_counter()
        if self.deadline is not None and now > self.deadline:
            raise SearchLimitReached(f"search stopped at the time limit ({self.limits.seconds:g} s, {self.nodes} splits explored) without an answer")
        if now >= self._next_poll:
            self.poll(now)

    def poll(self, now: float) -> None:
        """Measure memory against the budget and report progress when due."""
        self._next_poll = now + POLL_SECONDS
        if self.limits.cancelled is not None and self.limits.cancelled():
            raise Interrupted("interrupted")
        budget = self.limits.memory
        if budget is not None:
            used = resident_bytes()
            self.limits.tables.relieve(used, budget)
            if used > budget:
                raise SearchLimitReached(f"search stopped at the memory budget ({used / 2**20:,.0f} MB resident, "
                                         f"budget {budget / 2**20:,.0f} MB; raise it with --memory)")
        if self.limits.progress is not None and now >= self._next_report:
            self._next_report = now + REPORT_SECONDS
            self.limits.progress(self.stage, self.nodes, now - self.start)


@dataclass
class Stats:
    """What a search did: per level counts and totals."""

    levels: dict[int, LevelStats] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0
    leaf_floor: int = 0  # the most questions the leaf-count floor refuted (patterns.py, note 44)

    def level(self, depth: int) -> LevelStats:
        """Return the counters of a level, creating them on first use."""
        return self.levels.setdefault(depth, LevelStats())

    def to_json(self) -> dict:
        """Return the statistics as plain JSON data."""
        out = {
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "levels": [
                {"level": d, "explored": s.explored, "pruned": s.pruned, "memo_hits": s.memo_hits}
                for d, s in sorted(self.levels.items())
            ],
        }
        if self.leaf_floor:
            out["leaf_floor"] = self.leaf_floor
        return out


def depth_of(node: "Ask | Leaf") -> int:
    """Return the number of questions on the longest path of a tree."""
    if isinstance(node, Leaf):
        return 0
    return 1 + max(depth_of(child) for _, child in node.branches)


class StrategySearch:
    """Depth-first search for a strategy of at most k questions over one split source."""

    def __init__(
        self,
        n_worlds: int,
        goal_class: list[int],
        outcomes: int,
        source: SplitSource,
        budget: Budget | None = None,
        root_refutes: bool = False,
    ):
        self.goal_class = goal_class
        self.class_masks: list[int] = []
        for i, c in enumerate(goal_class):
            while len(self.class_masks) <= c:
                self.class_masks.append(0)
            self.class_masks[c] |= 1 << i
        self.n_worlds = n_worlds
        self.outcomes = max(2, outcomes)
        self.source = source
        self.budget = budget or Budget()
        self.root_refutes = root_refutes  # complete language: failing at the root refutes any strategy
        self.least_load = getattr(source, "least_load", None)  # a lower bound: see AnyLanguage._agent_splits
        self.stats = Stats()
        tables = self.budget.tables
        self._solved = BoundedMemo(MEMO_ENTRIES, tables=tables)  # world set -> (k, strategy of k questions)
        self._failed = BoundedMemo(MEMO_ENTRIES, tables=tables)  # world set -> largest k refuted
        self._classes = BoundedMemo(MEMO_ENTRIES, tables=tables)  # world set -> goal classes it touches
        self._unbounded = BoundedMemo(MEMO_ENTRIES, tables=tables)  # world set -> solvable at any length
        self._start = time.perf_counter()

    def classes(self, worlds: int) -> int:
        """Return how many goal classes a world set touches."""
        n = self._classes.get(worlds)
        if n is None:
            n = sum(1 for m in self.class_masks if m & worlds)
            self._classes.put(worlds, n)
        return n

    def solve(self, worlds: int, k: int, depth: int = 1) -> Ask | Leaf | None:
        """Return a strategy of fewest questions (at most k) for the node, or None if none exists."""
        if self.classes(worlds) <= 1:
            return Leaf(worlds)
        known = self._solved.get(worlds)
        if known is not None and known[0] <= k:
            self.stats.level(depth).memo_hits += 1
            return known[1]
        failed = self._failed.get(worlds, 0)
        if failed >= k:
            self.stats.level(depth).memo_hits += 1
            return None
        for j in range(max(failed + 1, 1), k + 1):
            if depth == 1:
                self.budget.stage = f"trying {j} question{'s' if j != 1 else ''}"
            node = self._solve_exact(worlds, j, depth)
            if node is not None:
                self._solved.put(worlds, (j, node))
                return node
            self._failed.put(worlds, j)
            if depth == 1 and self.root_refutes:
                self.budget.refuted(j)
        return None

    def within(self, worlds: int, k: int) -> bool:
        """Return whether the node can be solved in at most k questions."""
        return self.solve(worlds, k) is not None

    def solvable(self, worlds: int, depth: int = 1) -> bool:
        """Return whether any strategy, of whatever length, solves the node.

        Along every path of a minimal strategy the world set strictly shrinks (no-progress rule),
        so this recursion on strict subsets is finite and exhaustive.
        """
        if self.classes(worlds) <= 1:
            return True
        known = self._unbounded.get(worlds)
        if known is not None:
            self.stats.level(depth).memo_hits += 1
            return known
        if self._solved.get(worlds) is not None:
            return True
        level = self.stats.level(depth)
        result = False
        for split in self.source.splits(worlds, None):
            level.explored += 1
            self.stats.nodes += 1
            self.budget.tick()
            if all(self.solvable(child, depth + 1) for _, child in sorted(split.children, key=lambda oc: -self.classes(oc[1]))):
                result = True
                break
        self._unbounded.put(worlds, result)
        return result

    def _solve_exact(self, worlds: int, k: int, depth: int) -> Ask | None:
        """Return a strategy using exactly k questions in the worst case (fewer failed), or None."""
        cap = self.outcomes ** (k - 1)
        if self.classes(worlds) > cap * self.outcomes or (
                self.least_load is not None and self.least_load(worlds) > cap * self.outcomes):
            self.stats.level(depth).pruned += 1
            return None
        level = self.stats.level(depth)
        self.budget.check_time()
        for split in self.source.splits(worlds, cap):
            if any(self.classes(child) > cap for _, child in split.children):
                level.pruned += 1
                continue
            level.explored += 1
            self.stats.nodes += 1
            self.budget.tick()
            branches = []
            for outcome, child in sorted(split.children, key=lambda oc: -self.classes(oc[1])):
                sub = self.solve(child, k - 1, depth + 1)
                if sub is None:
                    break
                branches.append((outcome, sub))
            else:
                return Ask(worlds, split, tuple(sorted(branches, key=lambda b: b[0])))
        return None

    def finish(self) -> Stats:
        """Return the statistics with the elapsed time filled in."""
        self.stats.seconds = time.perf_counter() - self._start
        return self.stats


def restrict(children_all: tuple[int, ...], worlds: int) -> tuple[tuple[int, int], ...] | None:
    """Return the non-empty (outcome, world set) children of a node, or None if one keeps every world."""
    out = []
    for o, ws in enumerate(children_all):
        c = ws & worlds
        if c == worlds:
            return None
        if c:
            out.append((o, c))
    return tuple(out)


def dedupe(splits: Iterable[Split], key: Callable[[Split], Any]) -> list[Split]:
    """Return the first split of each key, in order."""
    seen: set = set()
    out = []
    for s in splits:
        k = key(s)
        if k not in seen:
            seen.add(k)
            out.append(s)
    return out
