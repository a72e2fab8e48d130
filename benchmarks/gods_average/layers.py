"""A lower bound on the fewest questions on average for a liar row of the n-god leaderboard (f liars, t
truthful, r random gods), for strategies of any length, from the padded problem of the row with no liars.

Run: python benchmarks/gods_average/layers.py F T R [--lambdas 256,512] [--limit 3000] [--memo 24]
                                               [--cap 14] [--orbits] [--against FRACTION]

The argument (README.md beside this file, "Liar rows on average: the layer bound"): number the
k = C(f+t, f) worlds of each set of random gods 1..k; the worlds numbered i follow any strategy's splits as a
strategy for the row with no liars does, and the k numberings occupy disjoint leaves of one binary tree, so
their shares b_i of the tree's Kraft sum add to at most 1. For lambda >= 0 each numbering costs at least
G(lambda) - lambda b_i, where G(lambda) is the least over strategies for the row with no liars of the sum
over leaves of mass x depth + lambda x 2^-depth, a leaf free to be deepened first (avg.c `lambda=X`, a
relaxation: every value it returns is at most G). So every strategy averages at least
(k G(lambda) - lambda) / (k C(n, r)). The default lambdas are the powers of two from a quarter to four times
the row's number of worlds. --cap: avg.c's relaxation depth (nodes deeper are charged their bound, so a
smaller cap gives a weaker but quicker G, still a lower bound). --orbits: the root's divisions one per orbit
under renamings of the gods (nauty's genbg, as worst_bound.py --orbits; needed at 8 gods). --against: a
verified strategy's average; the bound reaching it proves that average optimal, and a bound above it would
be a bug (exit 1).
"""

from __future__ import annotations

import argparse
import itertools
import math
import tempfile
import time
from fractions import Fraction

from run import compile_solver, fail
from worst_bound import divisions
from children import run_child

RESOLUTION = 2**20  # G is rounded down to a multiple of 2^-20 (its exact parts are dyadic, far finer)


def model_text(n: int, r: int) -> str:
    """Return avg.c's input for n gods of which r answer at random: every set of r gods is a world."""
    worlds = list(itertools.combinations(range(n), r))
    return "\n".join([f"{n} {len(worlds)}"] + [str(sum(1 << g for g in w)) for w in worlds]) + "\n"


def padded_value(exe: str, text: str, lam: int, limit: float, memo: int, cap: int,
                 roots: str | None) -> tuple[Fraction, float]:
    """Return avg.c's value of the padded problem at lambda (rounded down to RESOLUTION) and its seconds,
    or exit 3 when the limit stopped it; with roots, the root's divisions are that file's."""
    start = time.monotonic()
    extra = [f"roots={roots}", "limit=1e300"] if roots else []
    run = run_child([exe, str(cap), str(limit), str(memo), f"lambda={lam}", *extra], input=text,
                         capture_output=True, text=True)
    seconds = time.monotonic() - start
    head = run.stdout.split()
    # at lambda 0 avg.c solves the plain problem and prints "value V" (%.17g, exact for a double)
    kind = "padded" if lam else "value"
    if run.returncode == 3 or not head or head[0] != kind:
        raise fail(f"lambda={lam}: the search stopped without a value after {seconds:.0f} s "
                   f"({run.stdout.strip() or run.stderr.strip()[-200:]})", 3)
    exact = Fraction(float.fromhex(head[3])) if lam else Fraction(float(head[1]))
    return Fraction(math.floor(exact * RESOLUTION), RESOLUTION), seconds


def shown(x: Fraction) -> str:
    """Return a bound as its fraction and decimal, or, when the fraction is unwieldy (a G rounded down to
    2^-20), as its decimal rounded down."""
    if x.denominator <= 10**6:
        return f"{x} = {float(x):.6f}"
    return f"{math.floor(x * 10**6) / 10**6:.6f} (rounded down)"


def positive_int(text: str) -> int:
    """Return text as an int >= 0, or raise for argparse."""
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is negative")
    return value


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("row", nargs=3, type=positive_int, metavar=("F", "T", "R"))
    ap.add_argument("--lambdas", help="comma-separated integers (default: powers of two around the worlds)")
    ap.add_argument("--limit", type=float, default=3000.0, help="seconds per lambda (default 3000)")
    ap.add_argument("--memo", type=int, default=24, help="log2 of avg.c's memo entries, 40 bytes each")
    ap.add_argument("--cap", type=int, default=14, help="avg.c's relaxation depth, 1 to 30 (default 14)")
    ap.add_argument("--orbits", action="store_true", help="the root's divisions one per orbit (nauty's genbg)")
    ap.add_argument("--against", type=Fraction, help="a verified strategy's average to compare with")
    args = ap.parse_args()
    f, t, r = args.row
    n, k = f + t + r, math.comb(f + t, f)
    worlds = math.comb(n, r)
    if not (1 <= r < f + t) or n > 10 or worlds > 64:
        raise fail(f"row {f},{t},{r}: needs 1 <= R < F + T, at most 10 gods and at most 64 sets of random gods", 2)
    if not 10 <= args.memo <= 30:
        raise fail(f"--memo {args.memo}: must be 10 to 30", 2)
    if not 1 <= args.cap <= 30:
        raise fail(f"--cap {args.cap}: must be 1 to 30", 2)
    total = k * worlds
    if args.lambdas:
        try:
            lams = [positive_int(x) for x in args.lambdas.split(",")]
        except (ValueError, argparse.ArgumentTypeError):
            raise fail(f"--lambdas {args.lambdas}: must be integers >= 0, comma-separated", 2) from None
    else:
        top = 1 << max(0, total.bit_length() + 1)
        lams = [x for x in (top >> 3, top >> 2, top >> 1, top) if x > 0]
    text = model_text(n, r)
    best = None
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp)
        roots = None
        if args.orbits:
            roots = f"{tmp}/roots.g6"
            divisions(n, r, roots)
        for lam in lams:
            g, seconds = padded_value(exe, text, lam, args.limit, args.memo, args.cap, roots)
            bound = (k * g - lam) / total
            print(f"lambda {lam}: G >= {float(g):.6f} (row 0,{f + t},{r}, cap {args.cap}), bound "
                  f"{shown(bound)} ({seconds:.1f} s)", flush=True)
            if best is None or bound > best[0]:
                best = (bound, lam)
    bound, lam = best
    print(f"{f},{t},{r}: every strategy averages at least {shown(bound)} (lambda {lam}; "
          f"{k} numberings of {worlds} worlds)")
    if args.against is not None:
        if bound > args.against:
            raise fail(f"the bound {bound} exceeds the verified average {args.against}: a bug", 1)
        print("equal: that average is optimal for strategies of any length" if bound == args.against
              else f"below {args.against} = {float(args.against):.6f} by {float(args.against - bound):.6f}")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
