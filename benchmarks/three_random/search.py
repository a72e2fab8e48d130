"""A heuristic search for few questions on average in n-god puzzles (ja/da, any question): upper bounds.

Research code, not part of the package (README.md here says what it found). It proves nothing: the
strategy it returns is an upper bound once `to_strategy.py` has worded and verified it.

- World: the type of every god (0 truthful, 1 liar, 2 random). Node: the worlds still possible, each
  with its level (how many random answers halved its mass on the way), lowest level 0.
- Split: ask god g; a world where g is not random goes to the side the question chooses for it (any
  question may be asked, so the choice is free per world); a world where g is random goes to both,
  one level lower.
- Estimate of a node (mass x questions still needed): the entropy of its masses plus the random mass
  of the least random god (a lower bound, used only to rank splits).
- Search: at each node the splits of every addressee are improved by flipping one world at a time
  from seeds ("is god h of type t?") under the estimate; the best `width(depth)` are solved
  recursively, the cheapest kept. Values are memoised per node and remaining depth.
"""

from __future__ import annotations

import itertools
import math
import sys
import time

R = 2


def worlds_of(f: int, t: int, r: int) -> list[tuple[int, ...]]:
    """Return every assignment of f liars, t truthful and r random gods to f+t+r gods."""
    base = (0,) * t + (1,) * f + (R,) * r
    return sorted(set(itertools.permutations(base)))


class Search:
    """Heuristic average search over one n-god row."""

    def __init__(self, f: int, t: int, r: int, depth: int, widths: tuple[int, ...], pair_seeds: bool = False):
        self.pair_seeds = pair_seeds
        self.types = worlds_of(f, t, r)
        self.n = f + t + r
        self.index = {w: i for i, w in enumerate(self.types)}
        self.depth = depth
        self.widths = widths
        self.memo: dict = {}
        self.best_split: dict = {}
        self.swaps = [self._swap_table(g, h) for g, h in itertools.combinations(range(self.n), 2)]
        self.pairs = list(itertools.combinations(range(self.n), 2))
        self.nodes = 0

    def _swap_table(self, g: int, h: int) -> list[int]:
        """Return the world each world becomes when gods g and h trade types."""
        out = []
        for w in self.types:
            v = list(w)
            v[g], v[h] = v[h], v[g]
            out.append(self.index[tuple(v)])
        return out

    def estimate(self, node) -> float:
        """Return mass x entropy plus the least random mass over gods (absolute masses)."""
        if len(node) <= 1:
            return 0.0
        ms = [2.0 ** -l for _, l in node]
        total = sum(ms)
        h = sum(m * math.log2(total / m) for m in ms)
        rnd = min(sum(m for (w, _), m in zip(node, ms) if self.types[w][g] == R) for g in range(self.n))
        return h + rnd

    def interchangeable(self, node) -> list[int]:
        """Return one god of each class of gods that some swap leaving the node unchanged relates."""
        s = set(node)
        skip = set()
        for (g, h), table in zip(self.pairs, self.swaps):
            if h not in skip and all((table[w], l) in s for w, l in node):
                skip.add(h)
        return [g for g in range(self.n) if g not in skip]

    def splits(self, node):
        """Yield (score, god, side-0 worlds, side-1 worlds) improved by one-world flips."""
        for g in self.interchangeable(node):
            free = [(w, l) for w, l in node if self.types[w][g] != R]
            both = [(w, l + 1) for w, l in node if self.types[w][g] == R]
            if not free:
                continue
            seen = set()
            seeds = []
            for h in range(self.n):
                if h == g:
                    continue
                for t in (0, 1, R):
                    bits = tuple(self.types[w][h] == t for w, _ in free)
                    if bits not in seen and any(bits) and not all(bits):
                        seen.add(bits)
                        seeds.append(list(bits))
            if self.pair_seeds:
                others = [h for h in range(self.n) if h != g]
                for h, k in itertools.combinations(others, 2):
                    a = [self.types[w][h] == R for w, _ in free]
                    b = [self.types[w][k] == R for w, _ in free]
                    for bits in (tuple(x ^ y for x, y in zip(a, b)), tuple(x | y for x, y in zip(a, b)),
                                 tuple(x & y for x, y in zip(a, b))):
                        if bits not in seen and any(bits) and not all(bits):
                            seen.add(bits)
                            seeds.append(list(bits))
            if not seeds:
                seeds = [[i % 2 == 0 for i in range(len(free))]]
            finals = {}
            base = self._sums(both)
            for bits in seeds:
                sides = [self._sums([x for x, b in zip(free, bits) if b], base),
                         self._sums([x for x, b in zip(free, bits) if not b], base)]
                score = self._side(sides[0]) + self._side(sides[1])
                improved = True
                while improved:
                    improved = False
                    for i, (w, l) in enumerate(free):
                        src, dst = (0, 1) if bits[i] else (1, 0)
                        self._move(sides[src], sides[dst], w, l)
                        s = self._side(sides[0]) + self._side(sides[1])
                        if s < score - 1e-12:
                            score, improved = s, True
                            bits[i] = not bits[i]
                        else:
                            self._move(sides[dst], sides[src], w, l)
                key = tuple(bits)
                if key not in finals and tuple(not b for b in bits) not in finals:
                    finals[key] = score
            for bits, score in finals.items():
                a = [x for x, b in zip(free, bits) if b] + both
                b = [x for x, b in zip(free, bits) if not b] + both
                yield score, g, a, b

    def _sums(self, part, base=None):
        """Return [count, mass, sum of m log2 m, random mass per god] of a part (plus a base's)."""
        out = [0, 0.0, 0.0, [0.0] * self.n] if base is None else [base[0], base[1], base[2], list(base[3])]
        for w, l in part:
            self._add(out, w, l, 1)
        return out

    def _add(self, acc, w, l, sign):
        m = 2.0 ** -l
        acc[0] += sign
        acc[1] += sign * m
        acc[2] -= sign * m * l
        rnd = acc[3]
        for h, t in enumerate(self.types[w]):
            if t == R:
                rnd[h] += sign * m

    def _move(self, src, dst, w, l):
        self._add(src, w, l, -1)
        self._add(dst, w, l, 1)

    def _side(self, acc) -> float:
        """Return the estimate of a part from its sums (0 for one world or none)."""
        if acc[0] <= 1:
            return 0.0
        return acc[1] * math.log2(acc[1]) - acc[2] + max(0.0, min(acc[3]))

    @staticmethod
    def normal(part):
        """Return (normalised node, shift): lowest level 0, sorted."""
        low = min(l for _, l in part)
        return tuple(sorted((w, l - low) for w, l in part)), low

    def solve(self, node, d: int) -> float:
        """Return the least cost found (mass x questions, node's own masses) within d questions."""
        if len(node) <= 1:
            return 0.0
        if d == 0:
            return math.inf
        key = (node, d)
        if key in self.memo:
            return self.memo[key]
        self.nodes += 1
        total = sum(2.0 ** -l for _, l in node)
        depth_here = self.depth - d
        width = self.widths[min(depth_here, len(self.widths) - 1)]
        cands = sorted(self.splits(node), key=lambda c: c[0])[:width]
        best, choice = math.inf, None
        for score, g, a, b in cands:
            na, sa = self.normal(a)
            nb, sb = self.normal(b)
            if na == node or nb == node:
                continue
            va = self.solve(na, d - 1) * 2.0 ** -sa
            if total + va >= best:
                continue
            vb = self.solve(nb, d - 1) * 2.0 ** -sb
            v = total + va + vb
            if v < best:
                best, choice = v, (g, na, sa, nb, sb)
        self.memo[key] = best
        if choice:
            self.best_split[key] = choice
        return best

    def tree(self, node, d: int):
        """Return the strategy found as nested dicts: ask, the children's worlds, the children."""
        if len(node) <= 1:
            return {"leaf": [w for w, _ in node]}
        g, na, sa, nb, sb = self.best_split[(node, d)]
        return {"ask": g, "children": [[[w, l] for w, l in na], [[w, l] for w, l in nb]],
                "shifts": [sa, sb], "then": [self.tree(na, d - 1), self.tree(nb, d - 1)]}


def main() -> None:
    f, t, r, depth = (int(x) for x in sys.argv[1:5])
    widths = tuple(int(x) for x in sys.argv[5].split(",")) if len(sys.argv) > 5 else (6, 3, 2, 1)
    s = Search(f, t, r, depth, widths, pair_seeds=len(sys.argv) > 6)
    root = tuple((w, 0) for w in range(len(s.types)))
    start = time.time()
    v = s.solve(root, depth)
    n = len(s.types)
    print(f"{f},{t},{r} depth {depth} widths {widths}: average {v / n:.6f} ({s.nodes} nodes, {time.time() - start:.1f} s)")


if __name__ == "__main__":
    main()
