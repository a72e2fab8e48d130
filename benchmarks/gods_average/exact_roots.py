"""Recompute avg.c's one-question root bounds in exact rationals, for divisions it lists as just below a limit.

avg.c lowers its Kraft term by a relative 1e-12 (the term has a division, so a double may round it up),
so a division whose bound is exactly the limit is listed by `below` as under it. This script reads
avg.c's `below` lines (or bare genbg lines), recomputes each division's bound (the root's question to god
0, each child charged the larger of its code bound and its Kraft relaxation plus random charge, as
avg.c's full_bound) with Fractions, and sorts the divisions into those that reach the limit exactly and
those that do not; on avg.c's lines it also checks that its value is avg.c's printed one or up to 10^-6 above
(avg.c's only rounding lowers a bound). Research code for issue 18; see README.md beside this file.

    python exact_roots.py N R LIMIT FILE      # e.g. 8 3 729/2 below.txt
"""
from __future__ import annotations

import argparse
import heapq
import itertools
import sys
from fractions import Fraction


def worlds_of(n: int, r: int) -> list[int]:
    """Return the worlds as masks of their random gods, in avg.c's order (layers.model_text)."""
    return [sum(1 << g for g in w) for w in itertools.combinations(range(n), r)]


def division_of(line: str, n: int, worlds: list[int]) -> int:
    """Return the set (a mask of world indices) a genbg graph6 line puts on the first side (model.h)."""
    nv, n1 = ord(line[0]) - 63, n - 1
    if nv < n1 or len(line) != 1 + (nv * (nv - 1) // 2 + 5) // 6:
        raise ValueError(f"not a division: {line}")
    edge = [0] * nv
    k = 0
    for j in range(1, nv):
        for i in range(j):
            byte = ord(line[1 + k // 6]) - 63
            if not 0 <= byte <= 63:
                raise ValueError(f"not graph6: {line}")
            if byte >> (5 - k % 6) & 1:
                if i >= n1 or j < n1:
                    raise ValueError(f"an edge within a class: {line}")
                edge[j - n1] |= 1 << (i + 1)
            k += 1
    index = {m: w for w, m in enumerate(worlds)}
    x = 0
    for e in range(nv - n1):
        w = index.get(edge[e])
        if w is None or worlds[w] & 1 or x >> w & 1:
            raise ValueError(f"not a division of the model: {line}")
        x |= 1 << w
    return x


def huffman(masses: list[Fraction]) -> Fraction:
    """Return the cost of an optimal binary prefix code of the masses."""
    heap = list(masses)
    heapq.heapify(heap)
    cost = Fraction(0)
    while len(heap) > 1:
        a, b = heapq.heappop(heap), heapq.heappop(heap)
        cost += a + b
        heapq.heappush(heap, a + b)
    return cost


def kraft_relax(levels: dict[int, int]) -> Fraction:
    """Return avg.c's kraft_relax(levels, deep, 1, 0) exactly: lengthen whole stages cheapest first."""
    deep = max(levels)
    excess = Fraction(sum(levels.values()) - 1)
    cost = Fraction(0)
    t = 1 - deep
    while True:
        js = [j for j in levels if j >= max(1 - t, 0)]
        freed = sum((levels[j] * Fraction(1, 2 ** (t + j)) for j in js), Fraction(0))  # t + j >= 1
        paid = sum((levels[j] * Fraction(1, 2 ** j) for j in js), Fraction(0))
        if excess <= 0:
            return cost
        if freed >= excess:
            return cost + paid * excess / freed
        excess -= freed
        cost += paid
        t += 1


def random_charge(n: int, masses: dict[int, Fraction]) -> Fraction:
    """Return avg.c's random_charge: the least over first addressee a and second addressees b <= c."""
    def q(mask: int) -> Fraction:
        return sum((m for r, m in masses.items() if r & mask == mask), Fraction(0))
    best = None
    for a in range(n):
        for b in range(n):
            for c in range(b, n):
                A, B, C = 1 << a, 1 << b, 1 << c
                v = q(A) + (q(A | B) + q(A | C)) / 2 + q(B | C) - q(A | B | C)
                best = v if best is None or v < best else best
    return best


def bound(n: int, worlds: list[int], part: int, level: dict[int, int]) -> Fraction:
    """Return avg.c's full_bound of the worlds in `part` with masses 2^-level, exactly."""
    members = [w for w in range(len(worlds)) if part >> w & 1]
    if len(members) <= 1:
        return Fraction(0)
    masses = [Fraction(1, 2 ** level[w]) for w in members]
    code = huffman(masses)
    if any(all(not worlds[w] >> g & 1 for w in members) for g in range(n)):
        return code  # a god random in none of them: the code is reached
    levels: dict[int, int] = {}
    for w in members:
        levels[level[w]] = levels.get(level[w], 0) + 1
    rmass: dict[int, Fraction] = {}
    for w in members:
        rmass[worlds[w]] = rmass.get(worlds[w], Fraction(0)) + Fraction(1, 2 ** level[w])
    return max(code, kraft_relax(levels) + random_charge(n, rmass))


def root_value(n: int, worlds: list[int], x: int) -> Fraction:
    """Return the root's bound when god 0 is asked first and x holds the first side's free worlds."""
    everyone = (1 << len(worlds)) - 1
    rand0 = sum(1 << w for w, m in enumerate(worlds) if m & 1)
    level = {w: (1 if rand0 >> w & 1 else 0) for w in range(len(worlds))}
    a, b = rand0 | x, rand0 | (everyone & ~rand0 & ~x)
    return len(worlds) + bound(n, worlds, a, level) + bound(n, worlds, b, level)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int)
    ap.add_argument("r", type=int)
    ap.add_argument("limit", type=Fraction)
    ap.add_argument("file")
    args = ap.parse_args()
    worlds = worlds_of(args.n, args.r)
    reach = short = 0
    with open(args.file) as f:
        for lineno, raw in enumerate(f, 1):
            parts = raw.split()
            if not parts or parts[0] == "divisions":
                continue
            line = parts[1] if parts[0] == "below" else parts[0]
            try:
                value = root_value(args.n, worlds, division_of(line, args.n, worlds))
            except ValueError as e:
                print(f"{args.file}:{lineno}: {e}", file=sys.stderr)
                return 2
            if parts[0] == "below" and not 0 <= value - Fraction(parts[2]) <= Fraction(1, 10**6):
                print(f"{args.file}:{lineno}: avg.c printed {parts[2]}, the exact value is {value}: they disagree",
                      file=sys.stderr)
                return 1
            if value >= args.limit:
                reach += 1
            else:
                short += 1
                print(f"short {line} {value} = {float(value):.12f}")
    print(f"divisions reaching {args.limit}: {reach}; short of it: {short}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
