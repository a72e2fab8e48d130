"""The leaf-count floor of the pattern search: refuting a number of questions by counting leaves.

- Leaves: a strategy of k questions has at most 2**k leaves; each holds at most one world (every
  representative is its own goal class), and a world occupies one leaf per sequence of answers its
  random gods can give.
- Layer: one representative of every pattern that has more than i of them (i = 0, 1, ...). The
  representatives of a pattern behave alike under every split, so a strategy restricted to a layer is a
  strategy for the layer, and the layers occupy disjoint leaves.
- M_k(layer): the fewest leaves a strategy of at most k questions can make the layer's worlds occupy.
- Floor: if the layers' M_k add up to more than 2**k, no strategy of k questions exists. On the n-god
  leaderboard's liar rows every layer is the row without liars, and this gives each worst case known
  (design note 44).
M_k is found by branch and bound over sets of patterns; a bounded effort per question count keeps it
cheap, and running out of effort only means no refutation, never a wrong one.
"""

from __future__ import annotations

INFINITE = 1 << 40  # a set that no strategy within the questions resolves
LEAF_EFFORT = 400_000  # partial splits the floor may try for one question count before it gives up


class _GiveUp(Exception):
    """The floor ran out of effort: nothing is refuted."""


class LeafFloor:
    """M_k of sets of patterns (one world each) and the floor it gives, for a pattern search."""

    def __init__(self, patterns, effort: int = LEAF_EFFORT):
        self.patterns = patterns  # a PatternSearch: its patterns, renamings and budget
        self.n = patterns.n_groups
        self.rnd = [sum(1 << g for g in groups) for groups in patterns.both_groups]  # per god: patterns where it is random
        self.effort = effort
        self._left = effort
        self._memo: dict[tuple[int, int], tuple[int, bool]] = {}  # (set of patterns, k) -> (value, exact)
        self._swaps = []  # (god, the pattern each pattern goes to) for each swap of it with an earlier god
        for (b, a), inv in patterns.renamer.transpositions:
            forward = [0] * self.n
            for t, g in enumerate(inv):
                forward[g] = t
            self._swaps.append((a, forward))

    def refutes(self, counts: tuple[int, ...], k: int) -> bool:
        """Return whether counting leaves proves that no strategy of k questions solves a node."""
        layers: dict[int, int] = {}
        for i in range(max(counts, default=0)):
            mask = sum(1 << g for g in range(self.n) if counts[g] > i)
            layers[mask] = layers.get(mask, 0) + 1
        room = 1 << k
        floors = {mask: self._bound(mask, k)[0] for mask in layers}
        if sum(m * floors[mask] for mask, m in layers.items()) > room:
            return True
        self._left = self.effort
        total = 0
        try:
            for mask, m in sorted(layers.items(), key=lambda item: -item[1]):
                rest = sum(m2 * floors[x] for x, m2 in layers.items() if x != mask) + total
                need = -(-(room - rest + 1) // m)  # the least M_k that makes the layers overflow
                value, _ = self.least(mask, k, need)
                if value >= need:
                    return True
                total += m * value
                del floors[mask]
                layers = {x: m2 for x, m2 in layers.items() if x != mask}
        except _GiveUp:
            return False
        return False

    def _bound(self, S: int, k: int) -> tuple[int, bool]:
        """Return a floor on M_k(S) and whether it is exact: its worlds, plus what the first question
        adds (the worlds where its addressee is random, held by both children, and when those are two or
        more, in each child the fewest of them where another god is random too); no more than 2**k."""
        size = S.bit_count()
        if size <= 1:
            return size, True
        if k == 0 or size > 1 << k:
            return INFINITE, True
        added = INFINITE
        for a, R in enumerate(self.rnd):
            x = S & R
            if x == S:
                continue  # asking this god leaves every world in both children
            c = x.bit_count()
            if c >= 2:
                c += 2 * min(((x & R2).bit_count() for b, R2 in enumerate(self.rnd) if b != a), default=0)
            added = min(added, c)
        if added == 0:
            return size, True  # a god random in none answers a binary code: one leaf per world
        if added >= INFINITE or size + added > 1 << k:
            return INFINITE, True
        return size + added, False

    def _part(self, P: int, k: int) -> int:
        """Return at least what a child containing P adds to its worlds (at most its own bound's part)."""
        size = P.bit_count()
        if size <= 1:
            return 0
        if k == 0:
            return INFINITE
        added = min((P & R).bit_count() for R in self.rnd)
        return INFINITE if size + added > 1 << k else added

    def least(self, S: int, k: int, limit: int) -> tuple[int, bool]:
        """Return (M_k(S), True) when it is below `limit`, else (a floor at least `limit`, False)."""
        value, exact = self._bound(S, k)
        if exact or value >= limit:
            return value, exact
        key = (S, k)  # no canonical form: the renamings of 9 gods cost more than the floor saves
        known = self._memo.get(key)
        if known is not None:
            if known[1]:
                return known
            value = max(value, known[0])
            if value >= limit:
                return value, False
        best, floor = self._split(S, k, limit)
        floor = max(floor, value)
        result = (best, True) if best < limit else (floor, floor >= INFINITE)  # every split impossible: exact
        self._memo[key] = result
        return result

    def _split(self, S: int, k: int, limit: int) -> tuple[int, int]:
        """Return (the best split's value, or INFINITE if none is below limit; the least floor of those cut)."""
        cur, best, floor = limit, INFINITE, INFINITE
        mirrored = {a for a, forward in self._swaps if self._image(S, forward) == S}
        for a in range(len(self.rnd)):
            R, T = S & self.rnd[a], S & ~self.rnd[a]
            if not T or a in mirrored:
                continue  # swapping a with an earlier god fixes S: asking a mirrors asking that god
            free = [g for g in range(self.n) if T >> g & 1]
            size = S.bit_count() + R.bit_count()
            stack = [(1, R | 1 << free[0], R)]  # (next world, yes child, no child); the first world says yes
            while stack:
                i, A, B = stack.pop()
                self._left -= 1  # every partial split counts: their number, not the complete ones, is the cost
                if self._left < 0:
                    raise _GiveUp
                if self._left % 1024 == 0:
                    self.patterns.budget.check_time()
                lo = size + self._part(A, k - 1) + self._part(B, k - 1)
                if lo >= cur:
                    floor = min(floor, lo)
                    continue
                if i < len(free):
                    w = 1 << free[i]
                    stack.append((i + 1, A, B | w))
                    stack.append((i + 1, A | w, B))
                    continue
                if A == S or B == S:
                    continue
                value = self._pair(A, B, k - 1, cur)
                if value < cur:
                    cur = best = value
                else:
                    floor = min(floor, value)
        return best, floor

    @staticmethod
    def _image(S: int, forward: list[int]) -> int:
        """Return a set of patterns renamed."""
        out = 0
        while S:
            low = S & -S
            out |= 1 << forward[low.bit_length() - 1]
            S ^= low
        return out

    def _pair(self, A: int, B: int, k: int, cur: int) -> int:
        """Return the two children's M_k added, exact when below cur, else a floor at least cur."""
        (va, ea), (vb, eb) = self._bound(A, k), self._bound(B, k)
        if va + vb >= cur:
            return va + vb
        if not ea:
            va, ea = self.least(A, k, cur - vb)
            if not ea:
                return va + vb
        if not eb:
            vb, _ = self.least(B, k, cur - va)
        return va + vb

