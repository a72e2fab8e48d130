"""Cross-check leaves.c against a plain exhaustive search that shares none of its code: the fewest occupied
leaves within d questions of random sets of worlds of small T/R rows.

Run: python benchmarks/gods_average/check_leaves.py [--cases 300] [--seed 1]
Exit 0 when every case agrees, 1 on a disagreement (printed), 2 without a C compiler.
"""

from __future__ import annotations

import argparse
import itertools
import random
import subprocess
import sys
import tempfile
from functools import lru_cache

from run import compile_solver
from worst_bound import model

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
            run = subprocess.run([exe, str(d), "60", "16"], input=text + f"{S}\n", capture_output=True, text=True)
            out = run.stdout.split()
            got = NONE if run.returncode == 1 else int(out[1])
            want = plain(n, r, S, d)
            if got != want:
                bad += 1
                print(f"disagree: n={n} r={r} S={S} d={d}: leaves.c {got}, plain {want}")
        print(f"{a.cases} cases, {bad} disagreements")
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
