"""Cross-check leaves.c against a plain exhaustive search that shares none of its code: the fewest occupied
leaves within d questions of random sets of worlds of small T/R rows; then its roots mode (the root's
divisions read from a file, one per orbit) against the whole search, with the orbits found here by brute
force and, when nauty is installed, by worst_bound.py's genbg call.

Run: python benchmarks/gods_average/check_leaves.py [--cases 300] [--seed 1]
Exit 0 when every case agrees, 1 on a disagreement (printed), 2 without a C compiler.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import tempfile
from functools import lru_cache

from run import compile_solver
from worst_bound import divisions, model
from children import run_child

NONE = 10**9


def plain(n: int, r: int, S: int, d: int) -> int:
    """Return the fewest occupied leaves for worlds S within d questions (NONE if impossible), by trying every
    addressee and every division of the worlds it is not random in."""
    worlds = [sum(1 << g for g in c) for c in itertools.combinations(range(n), r)]
    rnd = [sum(1 << i for i, m in enumerate(worlds) if m >> g & 1) for g in range(n)]

    @lru_cache(maxsize=None)
    def best(S: int, d: int) -> int:
        members = [i for i in range(len(worlds)) if S >> i & 1]
        if len(members) <= 1:
            return len(members)
        if d == 0:
            return NONE
        value = NONE
        for g in range(n):
            R, T = S & rnd[g], S & ~rnd[g]
            free = [i for i in members if T >> i & 1]
            for bits in range(1 << len(free)):
                Y = sum(1 << free[j] for j in range(len(free)) if bits >> j & 1)
                A, B = R | Y, R | (T & ~Y)
                if A == S or B == S:
                    continue
                value = min(value, best(A, d - 1) + best(B, d - 1))
        return value

    return best(S, d)


def graph6(n: int, r: int, X: int) -> str:
    """Return the graph6 line leaves.c's roots mode reads for the division X of the worlds where god 0 is
    not random (genbg's layout: vertices 0..n-2 the gods 1..n-1, then one vertex per world of X)."""
    worlds = [sum(1 << g for g in c) for c in itertools.combinations(range(n), r)]
    edges = [worlds[i] for i in range(len(worlds)) if X >> i & 1]
    nv = n - 1 + len(edges)
    bits = [int(j >= n - 1 and i < n - 1 and edges[j - n + 1] >> (i + 1) & 1) for j in range(1, nv) for i in range(j)]
    bits += [0] * (-len(bits) % 6)
    return chr(nv + 63) + "".join(chr(63 + int("".join(map(str, bits[k:k + 6])), 2)) for k in range(0, len(bits), 6))


def orbit_divisions(n: int, r: int) -> dict[int, int]:
    """Return, for every division of the worlds where god 0 is not random, the least division of its orbit
    under renamings of gods 1..n-1 and complement, by trying every renaming on every division."""
    worlds = [sum(1 << g for g in c) for c in itertools.combinations(range(n), r)]
    index = {m: i for i, m in enumerate(worlds)}
    free = [i for i, m in enumerate(worlds) if not m & 1]
    T = sum(1 << i for i in free)
    maps = []
    for perm in itertools.permutations(range(1, n)):
        to = [0, *perm]
        maps.append({i: index[sum(1 << to[g] for g in range(n) if worlds[i] >> g & 1)] for i in free})
    least = {}
    for bits in range(1 << len(free)):
        X = sum(1 << free[j] for j in range(len(free)) if bits >> j & 1)
        images = [sum(1 << f[i] for i in free if X >> i & 1) for f in maps]
        least[X] = min(images + [T & ~y for y in images])
    return least


def division_from_graph6(n: int, r: int, line: str) -> int:
    """Return the division a graph6 line of genbg names (the inverse of graph6())."""
    worlds = [sum(1 << g for g in c) for c in itertools.combinations(range(n), r)]
    nv = ord(line[0]) - 63
    bits = "".join(format(ord(c) - 63, "06b") for c in line[1:])
    pairs = [(i, j) for j in range(1, nv) for i in range(j)]
    edges = [0] * (nv - n + 1)
    for k, (i, j) in enumerate(pairs):
        if bits[k] == "1":
            edges[j - n + 1] |= 1 << (i + 1)
    return sum(1 << worlds.index(e) for e in edges)


def check_roots(exe: str) -> int:
    """Compare roots mode (every division, the brute-force orbits, nauty's orbits) with the whole search on
    small rows; a mutation (the best orbits left out) must change the answer. Return the disagreements."""
    bad = 0
    for n, r, d in [(4, 1, 3), (5, 1, 3), (5, 2, 5), (6, 2, 5), (6, 2, 6), (5, 2, 4)]:
        text = model(n, r)
        whole = run_child([exe, str(d), "60", "16"], input=text, capture_output=True, text=True)
        want = NONE if whole.returncode == 1 else int(whole.stdout.split()[1])
        free = [i for i, m in enumerate(int(x) for x in text.split()[2:]) if not m & 1]
        every = [sum(1 << free[j] for j in range(len(free)) if b >> j & 1) for b in range(1 << len(free))]
        least = orbit_divisions(n, r)
        orbits = sorted(set(least.values()))
        with tempfile.TemporaryDirectory() as tmp:
            files = {"every division": every, "orbits": orbits}
            values = {}
            for name, divs in files.items():
                path = f"{tmp}/{name.replace(' ', '_')}.g6"
                with open(path, "w", encoding="ascii") as f:
                    f.write("".join(graph6(n, r, X) + "\n" for X in divs))
                values[name] = roots_value(exe, text, d, path)
            try:
                divisions(n, r, f"{tmp}/nauty.g6")
                with open(f"{tmp}/nauty.g6", encoding="ascii") as f:
                    covered = [least[division_from_graph6(n, r, line.strip())] for line in f]
                values["nauty"] = roots_value(exe, text, d, f"{tmp}/nauty.g6")
                # one line per orbit, except that a division and its complement (both half the worlds)
                # may come as two lines when no renaming maps one onto the other
                if set(covered) != set(orbits) or len(covered) > len(orbits) + sum(
                        1 for X in orbits if bin(X).count("1") * 2 == len(free)):
                    bad += 1
                    print(f"n={n} r={r}: nauty's {len(covered)} divisions cover {len(set(covered))} of {len(orbits)} orbits")
            except SystemExit:
                print("nauty's genbg is not installed: its divisions are not checked")
            best = [X for X in orbits if roots_value_of(exe, text, d, tmp, n, r, [X]) == want]
            rest = [X for X in orbits if X not in best]
            mutated = roots_value_of(exe, text, d, tmp, n, r, rest) if rest else NONE
        wrong = {k: v for k, v in values.items() if v != want}
        if wrong or (want < NONE and mutated == want):
            bad += 1
            print(f"roots disagree: n={n} r={r} d={d}: whole {want}, {wrong}, without the best orbits {mutated}")
        print(f"roots n={n} r={r} d={d}: {want if want < NONE else 'none'} ({len(orbits)} orbits of {len(every)} "
              f"divisions; without the {len(best)} best orbits {mutated if mutated < NONE else 'none'})")
    return bad


def roots_value(exe: str, text: str, d: int, path: str) -> int:
    """Return leaves.c's least leaves over the root divisions in path (NONE if none within d)."""
    run = run_child([exe, str(d), "60", "16", "exact", f"roots={path}"], input=text, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"leaves.c roots mode failed ({run.returncode}): {run.stderr.strip()}")
    out = run.stdout.split()
    return NONE if out[0] == "none" else int(out[1])


def roots_value_of(exe: str, text: str, d: int, tmp: str, n: int, r: int, divs: list[int]) -> int:
    """Return roots_value for the given divisions."""
    path = f"{tmp}/some.g6"
    with open(path, "w", encoding="ascii") as f:
        f.write("".join(graph6(n, r, X) + "\n" for X in divs))
    return roots_value(exe, text, d, path)


def main() -> int:
    """Compare the two searches and return the exit status."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    rows = [(3, 1), (4, 1), (5, 1), (4, 2), (5, 2), (6, 2), (6, 3)]
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp, "leaves")
        bad = 0
        for case in range(a.cases):
            n, r = rows[case % len(rows)]
            text = model(n, r)
            W = len(text.split()) - 2
            size = rng.randint(3, min(W, 12))
            S = sum(1 << i for i in rng.sample(range(W), size))
            d = rng.randint(1, 6)
            run = run_child([exe, str(d), "60", "16"], input=text + f"{S}\n", capture_output=True, text=True)
            out = run.stdout.split()
            got = NONE if run.returncode == 1 else int(out[1])
            want = plain(n, r, S, d)
            if got != want:
                bad += 1
                print(f"disagree: n={n} r={r} S={S} d={d}: leaves.c {got}, plain {want}")
        print(f"{a.cases} cases, {bad} disagreements")
        bad += check_roots(exe)
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
