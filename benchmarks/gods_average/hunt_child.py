"""Look for a root child's split that costs at most a threshold, with its grandchildren's values found exactly.

Run: python benchmarks/gods_average/hunt_child.py NEAR.txt CHILD N R THRESHOLD [--query-limit 60] [--reverse]

NEAR.txt is avg.c's output with `near=D near-list` for one root division (the `N g A B M bA bB` lines of
each child, then `near child i: ...`); CHILD is 0 or 1, N and R the gods and random gods. For each listed
split of that child, least relaxed value first (--reverse: last first, for a second process working from
the other end), the grandchildren's bounds climb (lazy_division's `Grandchildren`: one avg.c `serve`) until
the split's total passes THRESHOLD or both grandchildren are exact. A line per split: "k g out LOWER" (the
first grandchild alone takes it past), or its mass, both values with whether each is exact, and the sum;
"FOUND" when the sum is at most THRESHOLD with both exact: a real tree for the child at that cost. When no
split is found, every listed split costs more than THRESHOLD (each line's sum is a lower bound).
"""

from __future__ import annotations

import argparse
import itertools
import tempfile

from lazy_division import SLACK, Grandchildren
from layers import model_text
from run import compile_solver, fail
from stitch import least_exponent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("near")
    ap.add_argument("child", type=int, choices=(0, 1))
    ap.add_argument("n", type=int)
    ap.add_argument("r", type=int)
    ap.add_argument("threshold", type=float)
    ap.add_argument("--query-limit", type=float, default=60.0)
    ap.add_argument("--reverse", action="store_true")
    args = ap.parse_args()
    try:
        with open(args.near, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(f"cannot read {args.near}: {exc}", 2) from None
    splits, child, i = [], None, 0
    for number, line in enumerate(lines, 1):
        parts = line.split()
        try:
            if parts[:1] == ["N"] and i == args.child:
                g, a, b, mass, ba, bb = parts[1:7]
                splits.append((int(g), int(a), int(b), float(mass), float(ba), float(bb)))
            elif parts[:1] == ["near"]:
                i += 1
            elif parts[:2] == ["A", "0"] and len(parts) == 4:  # the root's question in the printed tree
                child = int(parts[2 + args.child])
        except ValueError:
            raise fail(f"{args.near}:{number}: not avg.c's near-list line: {line[:80]}", 2) from None
    if child is None or not splits:
        raise fail(f"{args.near}: no root tree line 'A 0 ..' or no listed split of child {args.child}", 2)
    random = [sum(1 << g for g in w) for w in itertools.combinations(range(args.n), args.r)]
    asked = [1] + [0] * (args.n - 1)
    scale = 2.0 ** -least_exponent(child, asked, random)
    splits.sort(key=lambda x: x[3] + x[4] + x[5], reverse=args.reverse)
    print(f"{len(splits)} splits of child {args.child} ({child})", flush=True)
    found = 0
    with tempfile.TemporaryDirectory() as tmp:
        grand = Grandchildren(compile_solver(tmp), model_text(args.n, args.r), random, 14, args.query_limit)
        try:
            for k, (g, a, b, mass, ba, bb) in enumerate(splits):
                mass, ba, bb = mass * scale, ba * scale, bb * scale
                below = [x + (g == h) for h, x in enumerate(asked)]
                if mass + ba + bb > args.threshold + SLACK:
                    print(f"{k} {g} relaxed {mass + ba + bb}", flush=True)
                    continue
                la = grand.at_least(a, below, args.threshold - mass - bb + 2**-10, ba)
                if mass + la + bb > args.threshold + SLACK:
                    print(f"{k} {g} out {mass + la + bb}", flush=True)
                    continue
                lb = grand.at_least(b, below, args.threshold - mass - la + 2**-10, bb)
                xa, xb = grand.known[(a, tuple(below))][1], grand.known[(b, tuple(below))][1]
                total = mass + la + lb
                hit = total <= args.threshold + SLACK and xa and xb
                found += hit
                print(f"{k} {g} {a} {b} mass {mass} A {la} {xa} B {lb} {xb} sum {total}" + (" FOUND" if hit else ""),
                      flush=True)
        finally:
            grand.close()
    print(f"{found} found")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
