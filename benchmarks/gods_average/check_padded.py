"""Cross-check of avg.c's padded problem (`lambda=X`, the layer bound of README.md "Liar rows on average")
against a plain exhaustive search that shares none of its code.

Run: python benchmarks/gods_average/check_padded.py [--cases 300] [--seed 1] [--plus 0]

The padded problem of a node: the least sum, over the leaves of a strategy, of mass x depth + lambda x
2^-depth, where a leaf (one world) may be deepened by any number of questions first. The exhaustive search
tries every addressee and every division to depth 9, with no bound and no renaming: its value is at least
the node's optimum, and avg.c's (a relaxation charging its cap a lower bound) at most; they must agree
wherever the exhaustive value is finite, and avg.c must never exceed it. `--plus X` adds X to avg.c's
singleton value through AVG_PAD_PLUS (a deliberate error the check must catch).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
import random
import tempfile
from fractions import Fraction

from run import compile_solver
from children import run_child

DEPTH = 9
NEVER = Fraction(10**12)


def padded_leaf(mass: Fraction, lam: Fraction) -> Fraction:
    """Return min over e >= 0 of mass e + lam 2^-e."""
    return min(mass * e + lam / 2**e for e in range(80))


def exhaustive(n: int, masks: list[int], node: frozenset, counts: tuple[int, ...], lam: Fraction) -> Fraction:
    """Return the padded problem's least cost within DEPTH questions, in units of the least world mass,
    lambda given in those units at the node."""

    @functools.cache
    def best(state: tuple[tuple[int, int], ...], lam: Fraction, left: int) -> Fraction:
        """state: (world, exponent) pairs, least exponent 0; value in those units."""
        if not state:
            return Fraction(0)
        if len(state) == 1:
            return padded_leaf(Fraction(1), lam)
        if left == 0:
            return NEVER
        mass = sum(Fraction(1, 2**e) for _, e in state)
        out = NEVER
        for g in range(n):
            rand = [(w, e + 1) for w, e in state if masks[w] >> g & 1]
            free = [(w, e) for w, e in state if not masks[w] >> g & 1]
            for bits in itertools.product((0, 1), repeat=len(free)):
                yes = rand + [x for x, b in zip(free, bits) if b]
                no = rand + [x for x, b in zip(free, bits) if not b]
                v = mass
                for part in (yes, no):
                    if part:
                        low = min(e for _, e in part)
                        # the child's units are 2^-low of ours; lambda halves with the depth
                        v += best(tuple(sorted((w, e - low) for w, e in part)), lam / 2 * 2**low, left - 1) / 2**low
                out = min(out, v)
        return out

    exps = {w: sum(counts[g] for g in range(n) if masks[w] >> g & 1) for w in node}
    low = min(exps.values())
    return best(tuple(sorted((w, e - low) for w, e in exps.items())), lam, DEPTH)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plus", type=float, default=0.0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    agree = skipped = 0
    env = dict(os.environ, AVG_PAD_PLUS=str(args.plus))
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp)
        for case in range(args.cases):
            n = rng.choice((4, 5, 6))
            r = rng.choice([x for x in (1, 2) if 2 * x < n])
            masks = [sum(1 << g for g in c) for c in itertools.combinations(range(n), r)]
            k = rng.randint(2, min(5, len(masks)))
            node = frozenset(rng.sample(range(len(masks)), k))
            counts = tuple(rng.choice((0, 0, 1, 2)) for _ in range(n))
            lam = Fraction(rng.choice((1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64)), rng.choice((1, 2, 4)))
            text = "\n".join([f"{n} {len(masks)}"] + [str(m) for m in masks]
                             + [str(sum(1 << w for w in node)) + " " + " ".join(map(str, counts))]) + "\n"
            run = run_child([exe, "12", "60", "16", f"lambda={float(lam)}"], input=text, capture_output=True,
                                 text=True, env=env)
            head = run.stdout.split()
            if not head or head[0] != "padded":
                raise SystemExit(f"case {case}: avg.c gave no value: {run.stdout!r} {run.stderr[-300:]!r}")
            got = Fraction(float.fromhex(head[3]))
            want = exhaustive(n, masks, node, counts, lam)
            if want >= NEVER:
                skipped += 1
                continue
            if got != want:
                raise SystemExit(f"case {case}: n={n} r={r} node={sorted(node)} counts={counts} lambda={lam}: "
                                 f"avg.c {got}, exhaustive {want}")
            agree += 1
    print(f"{agree} nodes agree on the padded problem; {skipped} skipped (beyond the exhaustive depth)")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
