"""Does some strategy meet a liar row's layer bound? An exhaustive and-or search over the strategies that can
(design note 60), for rows small enough.

Run: python benchmarks/gods_average/tight.py F T R --lam L [--limit 600]

The layer bound of row F, T, R is (k G(L) - L)/N (layers.py), k = C(F+T, F) numberings of the worlds of each
set of random gods, G the least padded cost of the row without liars. A strategy meets it exactly when it is
a complete tree whose every world ends at informative depth log2(L) - 1 or log2(L), and whose k restrictions
(a numbering's worlds; the questions that do not split them are padding) are each optimal for the padded
problem at every node. So at each node of the searched tree every numbering present takes a division of least
value of its own sub-problem (avg.c's optdiv), all with one addressee, each oriented either way; a lone world
must stop at one of the two depths, an empty branch is a loss. The search tries every such choice, children
and all (memoised up to the order of the numberings), and prints whether one exists and, if so, the
strategy's cost, which must equal the bound: "meets" proves the bound is the row's optimum, "none" that the
bound is loose (the row's optimum is above it). Exit 0 with an answer, 3 when --limit stopped it.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import math
import sys
import tempfile
import time
from fractions import Fraction

from children import run_child
from run import compile_solver, fail


class Stopped(Exception):
    pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("f", type=int)
    ap.add_argument("t", type=int)
    ap.add_argument("r", type=int)
    ap.add_argument("--lam", type=int, required=True, help="the layer bound's lambda, a power of two")
    ap.add_argument("--limit", type=float, default=600.0, help="seconds")
    args = ap.parse_args()
    if args.lam < 2 or args.lam & (args.lam - 1):
        raise fail("--lam must be a power of two, at least 2", 2)
    n, r, k = args.f + args.t + args.r, args.r, math.comb(args.f + args.t, args.f)
    top = args.lam.bit_length() - 1  # leaves at informative depth top - 1 or top
    sets = [sum(1 << g for g in c) for c in itertools.combinations(range(n), r)]
    model = "\n".join([f"{n} {len(sets)}", *map(str, sets)]) + "\n"
    deadline = time.monotonic() + args.limit
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp)
        cache: dict[tuple[int, tuple[int, ...], int], dict[int, list[tuple[int, int]]]] = {}

        def optdiv(S: int, c: tuple[int, ...]) -> dict[int, list[tuple[int, int]]]:
            """Return, per god, the least-value divisions (A, B) of sub-problem S at counts c."""
            d = sum(c)
            key = (S, c, d)
            if key not in cache:
                if time.monotonic() > deadline:
                    raise Stopped
                run = run_child([exe, "16", str(max(1.0, deadline - time.monotonic())), "18", f"lambda={args.lam}",
                                 "optdiv", f"depth={d}"], input=model + " ".join(map(str, [S, *c])) + "\n",
                                capture_output=True, text=True)
                lines = [line.split() for line in run.stdout.splitlines()]
                if run.returncode == 3 or not lines or lines[0][0] != "V":
                    raise Stopped
                if lines[0][3] != "0" or lines[-1] != ["end"]:
                    raise fail(f"avg.c optdiv on {S} {c}: {run.stdout.strip()[-200:]} {run.stderr.strip()[-200:]}", 70)
                got: dict[int, list[tuple[int, int]]] = {}
                for t in lines[1:-1]:
                    if t[6] != "0":
                        raise fail(f"avg.c optdiv on {S} {c}: a charged division (raise the cap)", 70)
                    got.setdefault(int(t[1]), []).append((int(t[2]), int(t[3])))
                cache[key] = got
            return cache[key]

        memo: dict[tuple[tuple[int, ...], tuple[int, ...]], Fraction | None] = {}

        def exponent(s: int, c: tuple[int, ...]) -> int:
            return sum(c[g] for g in range(n) if sets[s] >> g & 1)

        def search(c: tuple[int, ...], nodes: tuple[int, ...]) -> Fraction | None:
            """Return the cost (mass x questions, true units) of a tight completion of this node, or None."""
            key = (c, nodes)
            if key in memo:
                return memo[key]
            if len(memo) % 4096 == 0 and time.monotonic() > deadline:
                raise Stopped
            d = sum(c)
            worlds = [(i, s) for i, S in enumerate(nodes) for s in range(len(sets)) if S >> s & 1]
            out: Fraction | None = None
            mass = sum(Fraction(1, 2 ** exponent(s, c)) for _, s in worlds)
            if len(worlds) == 1:
                informative = d - exponent(worlds[0][1], c)
                out = Fraction(0) if informative in (top - 1, top) else None
            elif worlds and Fraction(2) ** (top - 1 - d) <= mass <= Fraction(2) ** (top - d):
                groups = sorted(collections.Counter(S for S in nodes if S).items())  # equal nodes: interchangeable
                for g in range(n):
                    options = []
                    for S, many in groups:
                        divs = optdiv(S, c).get(g, [])
                        both = divs + [(b, a) for a, b in divs if a != b]
                        if not options:  # one numbering's orientation names the branches
                            options.append((divs, 1))
                            if many > 1:
                                options.append((both, many - 1))
                        else:
                            options.append((both, many))
                    if not all(divs for divs, _ in options):
                        continue
                    child = tuple(x + (h == g) for h, x in enumerate(c))
                    per_group = [itertools.combinations_with_replacement(divs, many) for divs, many in options]
                    for picks in itertools.product(*per_group):
                        combo = [d for pick in picks for d in pick]
                        yes = search(child, tuple(sorted(a for a, _ in combo)))
                        if yes is None:
                            continue
                        no = search(child, tuple(sorted(b for _, b in combo)))
                        if no is not None:
                            out = mass + yes + no
                            break
                    if out is not None:
                        break
            memo[key] = out
            return out

        start = time.monotonic()
        everything = (1 << len(sets)) - 1
        try:
            cost = search(tuple([0] * n), tuple([everything] * k))
        except Stopped:
            print(f"stopped at the limit ({args.limit:g} s) after {len(memo)} nodes and {len(cache)} sub-problems")
            sys.exit(3)
        worlds = k * len(sets)
        if cost is None:
            print(f"{args.f},{args.t},{args.r} at lambda {args.lam}: none: no strategy meets the layer bound "
                  f"({len(memo)} nodes, {len(cache)} sub-problems, {time.monotonic() - start:.1f} s)")
        else:
            print(f"{args.f},{args.t},{args.r} at lambda {args.lam}: meets: a strategy of average {cost / worlds} "
                  f"({len(memo)} nodes, {len(cache)} sub-problems, {time.monotonic() - start:.1f} s)")


if __name__ == "__main__":
    main()
