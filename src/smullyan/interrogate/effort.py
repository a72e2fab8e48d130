"""Bounded effort inside exhaustive searches: probes, and a transposition table with a size budget.

- Probe: before the exhaustive pass, a node's splits are tried with a bounded effort (splits explored)
  shared out among them: each split's children get a fraction of what is left, so one split whose
  children are hard to refute cannot hide an easy split behind it. A probe that runs out answers
  "unknown", and only definite answers are ever memoised, so probes change the time an answer takes,
  never the answer: when every probe is unknown the search runs exhaustively, as without them.
- Memo: a dict with a size budget, counted in entries or, where entries differ much in size, in
  the weight a search gives each (e.g. the worlds in its key); when it is full the older half goes.
  An entry only records a result already proved, so evicting one loses time, never soundness.
- Tables: the memos of one run, registered together so that memory pressure (the process nearing
  its memory budget) halves every one of them and caps it at that size: the search goes on in the
  memory it has, slower, instead of stopping at the budget.
"""

from __future__ import annotations

import itertools
import weakref
from typing import Any, Callable

MEMO_ENTRIES = 2_000_000  # transposition-table budget (entries); the oldest half goes when it is full
MEMO_CELLS = 20_000_000  # budget of a table weighed by key size (e.g. worlds per node; ~8 bytes each)
PROBES = (1_000, 10_000, 100_000)  # probe efforts tried before the exhaustive search
PROBE_SHARE = 4  # under a probe, each split's children get this fraction of what is left
BATCH = 2000  # splits gathered and ordered best first before any is tried
COSTLY_SPLITS = 2_000_000  # splits held in all by candidate lists kept for a strategy rebuild
SMALLEST_TABLE = 1024  # a squeezed table keeps at least this weight
SQUEEZE_AT = 0.75  # the tables are first squeezed when resident memory passes this share of the budget


class Spent(Exception):
    """A probe used up its effort."""


class BoundedMemo:
    """A dict whose entries weigh at most `limit` in all (each weighs `weigh(key, value)`, by default 1:
    the limit counts entries); when a new entry would pass the limit, the older entries holding half the
    weight are dropped first."""

    def __init__(self, limit: int, weigh: Callable[[Any, Any], int] | None = None, tables: "Tables | None" = None):
        self.limit = limit
        self.weigh = weigh
        self.data: dict = {}
        self.get = self.data.get  # the dict's own lookup (no Python frame); `data` is never replaced
        self.weight = 0
        self.evicted = 0
        if tables is not None:
            tables.add(self)

    def put(self, key, value) -> None:
        """Store an entry, evicting the older half (by weight) first if the table would pass its limit."""
        if key in self.data:  # a replaced entry keeps its place and changes its weight
            if self.weigh is not None:
                self.weight += self.weigh(key, value) - self.weigh(key, self.data[key])
            self.data[key] = value
            return
        w = 1 if self.weigh is None else self.weigh(key, value)
        if self.data and self.weight + w > self.limit:
            self._drop_to(self.weight // 2)
        self.data[key] = value
        self.weight += w

    def squeeze(self) -> None:
        """Halve the table (its older entries go) and cap it at that weight from now on."""
        self.limit = max(SMALLEST_TABLE, min(self.limit, self.weight) // 2)
        self._drop_to(self.limit)

    def _drop_to(self, goal: int) -> None:
        """Drop the oldest entries until the table weighs at most `goal`."""
        if self.weight <= goal:
            return
        if self.weigh is None:
            drop = self.weight - goal
            for old in list(itertools.islice(self.data, drop)):
                del self.data[old]
            self.weight -= drop
        else:
            drop = 0
            for old in list(self.data):
                if self.weight <= goal:
                    break
                self.weight -= self.weigh(old, self.data.pop(old))
                drop += 1
        self.evicted += drop

    def __len__(self) -> int:
        return len(self.data)


class Tables:
    """The transposition tables of one run, squeezed together when memory runs short. Held weakly: a
    search's tables go with the search."""

    def __init__(self) -> None:
        self._tables: weakref.WeakSet[BoundedMemo] = weakref.WeakSet()
        self.squeezes = 0
        self._above: int | None = None  # resident bytes past which the next squeeze comes

    def relieve(self, used: int, budget: int) -> bool:
        """Squeeze the tables if resident memory `used` has passed the pressure mark of `budget` bytes;
        return whether it did. The first mark is SQUEEZE_AT of the budget; each squeeze moves it a third
        of the way from what was used to the budget (freed memory is reused by the process, not returned,
        so a squeeze stops growth rather than lowering what is resident)."""
        mark = int(SQUEEZE_AT * budget) if self._above is None else self._above
        if used <= mark:
            return False
        self.squeeze()
        self._above = used + max(0, budget - used) // 3
        return True

    def add(self, table: BoundedMemo) -> None:
        """Register a table."""
        self._tables.add(table)

    def squeeze(self) -> int:
        """Halve every registered table and cap it there; return the entries dropped."""
        before = sum(t.evicted for t in self._tables)
        for table in list(self._tables):
            table.squeeze()
        self.squeezes += 1
        return sum(t.evicted for t in self._tables) - before

    def __len__(self) -> int:
        return len(self._tables)


class Probing:
    """Probes for a search that defines `_within(node, k, depth) -> bool | None` (None: the running
    probe ran out) and calls `_spend()` once per split it explores."""

    _effort: int | None = None  # splits a probe gives the children of one split at the top
    _allow: int | None = None  # splits the children being checked may still explore
    _lazy = False  # the running probe takes splits as they come, without gathering a batch
    LAZY_EFFORT: int | None = None  # a search may first try a cheap probe of this many splits in lazy order

    def probed(self, node, k: int, depth: int) -> bool:
        """Return whether a node can be solved in at most k questions: first by probes of growing
        effort (the first, if the search sets LAZY_EFFORT, in the order splits are generated), then,
        if none settles it, exhaustively."""
        probes = [(effort, False) for effort in PROBES]
        if self.LAZY_EFFORT is not None:
            probes.insert(0, (self.LAZY_EFFORT, True))
        for effort, lazy in probes:
            # a lazy probe is bounded as a whole; the others give each split at the top the whole effort
            self._effort, self._allow, self._lazy = effort, effort if lazy else None, lazy
            try:
                got = self._within(node, k, depth)
            except Spent:  # only a probe bounded as a whole runs out at the top
                got = None
            finally:
                self._effort = self._allow = None
                self._lazy = False
            if got is not None:
                return got
        got = self._within(node, k, depth)
        assert got is not None  # with no probe running every answer is definite
        return got

    def _within(self, node, k: int, depth: int) -> bool | None:
        raise NotImplementedError

    def _spend(self) -> None:
        """Count one split against the running probe; raise Spent when its effort is used up."""
        if self._allow is not None:
            self._allow -= 1
            if self._allow < 0:
                raise Spent

    def _children_within(self, children: list, k: int, depth: int) -> bool | None:
        """Return whether every child needs at most k questions (None: unknown within the probe's
        effort). Under a probe the children get a share of what is left (all of the probe's effort
        at the top), so one split's hard children cannot use up the whole probe."""
        if self._effort is None:
            return all(self._within(c, k, depth) for c in children)
        saved = self._allow
        share = self._effort if saved is None else max(1, saved // PROBE_SHARE)
        self._allow = share
        result: bool | None = True
        try:
            for c in children:
                got = self._within(c, k, depth)
                if got is False:
                    result = False
                    break
                if got is None:
                    result = None
        except Spent:
            result = None
        spent = share - max(self._allow, 0)
        self._allow = None if saved is None else saved - spent
        if self._allow is not None and self._allow < 0:
            raise Spent
        return result
