"""A lower bound on the fewest questions in the worst case for a row of the n-god leaderboard (f liars,
t truthful, r random gods; goal: every god's type), from the fewest occupied leaves of the row without
liars (leaves.c).

Run: python benchmarks/gods_average/worst_bound.py F T R [--limit SECONDS] [--memo 24] [--from D]

The argument (README.md beside this file, "Worst cases of the liar rows"): a strategy of d questions has
at most 2^d leaves and each holds at most one world, so the leaves its worlds occupy are at most 2^d. The
k = C(f+t, f) worlds of one set of random gods (which of the others lie) answer alike, so k disjoint
choices of one world per set each give a strategy for the row with t+f truthful gods, which occupies at
least M_d leaves (leaves.c): k * M_d <= 2^d. So when k * M_d > 2^d no strategy of d questions exists.
The script refutes d = --from, --from + 1, ... until the bound no longer refutes one, and prints the
first depth it cannot refute: the worst case is at least that. Exit 0 with the bound; 2 bad input or no
compiler; 3 the time limit stopped a search (the depths refuted so far are printed).
"""

from __future__ import annotations

import argparse
import itertools
import math
import subprocess
import sys
import tempfile
import time

from run import compile_solver, fail

MAX_DEPTH = 30  # leaves.c's limits are C ints: 2^30 leaves at most


def model(n: int, r: int) -> str:
    """Return leaves.c's input: every set of r random gods among n."""
    masks = [sum(1 << g for g in c) for c in itertools.combinations(range(n), r)]
    return "\n".join([f"{n} {len(masks)}"] + [str(m) for m in masks]) + "\n"


def least_leaves(exe: str, text: str, depth: int, limit: int, seconds: float, memo: int) -> tuple[str, int, float]:
    """Return ("leaves", M) when M_depth < limit, ("at-least", X >= limit), or ("none", 0), and the time."""
    t0 = time.monotonic()
    run = subprocess.run([exe, str(depth), str(seconds), str(memo), f"limit={limit}"], input=text,
                         capture_output=True, text=True)
    took = time.monotonic() - t0
    if run.returncode == 3:
        raise fail(f"depth {depth}: stopped by the time limit ({seconds:g} s)", 3)
    if run.returncode == 1:
        return "none", 0, took
    if run.returncode != 0:
        raise fail(f"leaves.c failed ({run.returncode}): {run.stderr.strip()}", 70)
    kind, value = run.stdout.split()[:2]
    return kind, int(value), took


def main(argv: list[str] | None = None) -> int:
    """Print the lower bound for the row and return the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("liars", type=int)
    ap.add_argument("truthful", type=int)
    ap.add_argument("random", type=int)
    ap.add_argument("--limit", type=float, default=1800, help="seconds per depth")
    ap.add_argument("--memo", type=int, default=24, help="log2 of the memo's entries (24 bytes each)")
    ap.add_argument("--from", dest="start", type=int, default=1, help="the first depth to refute")
    a = ap.parse_args(argv)
    f, t, r = a.liars, a.truthful, a.random
    n = f + t + r
    if min(f, t, r) < 0 or t + f < 1 or r < 1 or n > 10 or math.comb(n, r) > 64:
        raise fail("the row needs a random god, a god who is not random, at most 10 gods and 64 sets of random gods", 2)
    if not 10 <= a.memo <= 32 or not 1 <= a.start <= MAX_DEPTH:
        raise fail(f"--memo must be 10 to 32 and --from 1 to {MAX_DEPTH}", 2)
    k = math.comb(f + t, f)
    text = model(n, r)
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp, "leaves")
        d = a.start
        while d <= MAX_DEPTH:
            limit = 2 ** d // k + 1  # refuted when M_d >= limit, i.e. k * M_d > 2^d
            kind, value, took = least_leaves(exe, text, d, limit, a.limit, a.memo)
            if kind == "none":
                print(f"d={d}: the row without liars has no strategy of {d} questions ({took:.1f} s)")
            elif kind == "at-least":
                print(f"d={d}: M_d >= {value}, {k} x {value} > 2^{d} = {2 ** d}: refuted ({took:.1f} s)")
            else:
                print(f"d={d}: M_d = {value}, {k} x {value} = {k * value} <= 2^{d}: not refuted ({took:.1f} s)")
                print(f"worst case of {f},{t},{r} >= {d}" if d > a.start else f"nothing refuted from {d}")
                return 0
            sys.stdout.flush()
            d += 1
    print(f"every depth from {a.start} to {MAX_DEPTH} refuted: worst case of {f},{t},{r} > {MAX_DEPTH}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
