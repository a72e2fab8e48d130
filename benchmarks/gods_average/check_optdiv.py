"""Cross-check of avg.c's `optdiv` mode (every division of a node whose value equals the node's) against a plain
exhaustive search that shares none of its code, on small random nodes, plain (lambda 0) and padded.

Run: python benchmarks/gods_average/check_optdiv.py [--cases 200] [--seed 1]

A node is a set of worlds (which gods are random), how often each god has been asked, and its depth (the
questions asked so far, which places lambda: a leaf at depth D costs its mass x D + lambda x 2^-D, and a leaf
may be deepened). The exhaustive search tries every addressee and every way of sending the worlds where it is
not random to the two answers, to depth 9, with no bound and no renaming; the divisions of the node whose
value equals the node's must be exactly those optdiv prints (a division and its branches swapped are one).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import tempfile
from fractions import Fraction

from check_small import splits
from children import run_child
from run import compile_solver

DEPTH = 9
FAR = Fraction(10**12)


def pad(mass: Fraction, lam: Fraction) -> Fraction:
    """Return the least mass x j + lam x 2^-j over j >= 0: a lone world's padded cost below its node."""
    if lam == 0:
        return Fraction(0)
    return min(mass * j + lam / 2**j for j in range(0, 64))


def optimal_divisions(n: int, masks: list[int], node: frozenset, counts: tuple[int, ...], depth: int,
                      lam: Fraction) -> tuple[Fraction, set]:
    """Return the node's value (true units) and its optimal divisions as (god, frozenset of two frozensets)."""

    @functools.cache
    def best(state: frozenset, lam_here: Fraction, left: int) -> Fraction:
        """state: (world, exponent) pairs; true masses 2^-exponent; lam_here = lambda x 2^-depth."""
        if len(state) == 1:
            ((_, e),) = state
            return pad(Fraction(1, 2**e), lam_here)
        if left == 0:
            return FAR
        return min((v for _, _, v in divisions(state, lam_here, left)), default=FAR)

    def divisions(state: frozenset, lam_here: Fraction, left: int):
        mass = sum(Fraction(1, 2**e) for _, e in state)
        for g, yes_list, no_list in splits(n, masks, state):
            yes, no = frozenset(yes_list), frozenset(no_list)
            v = mass + sum(best(part, lam_here / 2, left - 1) for part in (yes, no) if part)
            yield g, (yes, no), v

    exps = frozenset((w, sum(counts[g] for g in range(n) if masks[w] >> g & 1)) for w in node)
    here = lam / 2**depth
    value = best(exps, here, DEPTH)
    found = set()
    for g, (yes, no), v in divisions(exps, here, DEPTH):
        if v == value:
            found.add((g, frozenset({frozenset(w for w, _ in yes), frozenset(w for w, _ in no)})))
    return value, found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    checked = listed = 0
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp)
        for case in range(args.cases):
            n, r = rng.choice([(5, 1), (5, 2), (6, 1), (6, 2), (6, 3)])
            masks = [sum(1 << g for g in c) for c in itertools.combinations(range(n), r)]
            node = frozenset(rng.sample(range(len(masks)), rng.randint(2, min(5, len(masks)))))
            counts = tuple(rng.randint(0, 2) for _ in range(n))
            depth = sum(counts) + rng.randint(0, 2)
            lam = Fraction(rng.choice([0, 0, 1, 4, 16, 64]))
            value, want = optimal_divisions(n, masks, node, counts, depth, lam)
            if value >= FAR:
                continue
            text = "\n".join([f"{n} {len(masks)}", *map(str, masks),
                              " ".join(map(str, [sum(1 << w for w in node), *counts]))]) + "\n"
            run = run_child([exe, "14", "60", "16", f"lambda={lam}", "optdiv", f"depth={depth}"], input=text,
                            capture_output=True, text=True)
            lines = [line.split() for line in run.stdout.splitlines()]
            if run.returncode != 0 or not lines or lines[0][0] != "V" or lines[-1] != ["end"]:
                raise SystemExit(f"case {case}: avg.c failed: {run.stdout} {run.stderr}")
            got = set()
            for t in lines[1:-1]:
                g, a, b = int(t[1]), int(t[2]), int(t[3])
                side = [frozenset(w for w in node if m >> w & 1) for m in (a, b)]
                got.add((g, frozenset(side)))
            if got != want:
                raise SystemExit(f"case {case}: n={n} r={r} node={sorted(node)} counts={counts} depth={depth} "
                                 f"lambda={lam}: optdiv lists {sorted(map(str, got))}, the exhaustive search "
                                 f"{sorted(map(str, want))}")
            checked += 1
            listed += len(got)
    print(f"optdiv agrees with the exhaustive search on {checked} nodes ({listed} optimal divisions)")


if __name__ == "__main__":
    main()
