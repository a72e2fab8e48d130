"""Cross-check of avg.c on small nodes against a plain exhaustive search that shares none of its code.

Run: python benchmarks/gods_average/check_small.py [--cases 300] [--seed 1]

A node is a set of worlds (which gods are random) and how often each god has been asked on the way (a
world's mass halves for every question put to a god random in it). The exhaustive search tries every
addressee and every way of sending the worlds where it is not random to the two answers, to depth 9,
with no bound and no renaming; avg.c's value (strategies of any length) must equal it wherever avg.c's
tree has no charged leaf and the exhaustive value was reached within the depth, and avg.c's capped mode
(at most 1 to 4 questions) must equal the exhaustive search to that depth, "none" included.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import tempfile
from fractions import Fraction

from run import compile_solver
from children import run_child

DEPTH = 9


def splits(n: int, masks: list[int], state):
    """Yield (god, yes side, no side) for every question to every god that splits the (world, exponent) pairs:
    worlds where the god is random go to both sides one exponent deeper (the branches swapped are one split)."""
    for g in range(n):
        rand = [(w, e + 1) for w, e in state if masks[w] >> g & 1]
        free = [(w, e) for w, e in state if not masks[w] >> g & 1]
        if not free:
            continue
        for bits in itertools.product((0, 1), repeat=len(free) - 1):
            yield (g, rand + [free[0]] + [x for x, b in zip(free[1:], bits) if b],
                   rand + [x for x, b in zip(free[1:], bits) if not b])


def exhaustive(n: int, masks: list[int], node: frozenset, counts: tuple[int, ...], depth: int = DEPTH) -> Fraction:
    """Return the least mass x questions (masses 2**-exponent, absolute) within `depth` questions."""

    @functools.cache
    def best(state: tuple[tuple[int, int], ...], left: int) -> Fraction:
        """state: (world, exponent) pairs, least exponent 0; value in those units."""
        if len(state) <= 1:
            return Fraction(0)
        if left == 0:
            return Fraction(10**12)
        mass = sum(Fraction(1, 2**e) for _, e in state)
        out = Fraction(10**12)
        for _, yes, no in splits(n, masks, state):
            v = mass
            for part in (yes, no):
                if len(part) > 1:
                    low = min(e for _, e in part)
                    v += best(tuple(sorted((w, e - low) for w, e in part)), left - 1) / 2**low
            out = min(out, v)
        return out

    exps = {w: sum(counts[g] for g in range(n) if masks[w] >> g & 1) for w in node}
    low = min(exps.values())
    return best(tuple(sorted((w, e - low) for w, e in exps.items())), depth) / 2**low


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    agree = skipped = capped = 0
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp)
        own = run_child([exe, "selftest"], capture_output=True, text=True)   # the bulk Huffman
        print(own.stdout.strip())
        if own.returncode:
            raise SystemExit(1)
        for case in range(args.cases):
            n = rng.choice((5, 6, 7))
            r = rng.choice([x for x in (1, 2, 3) if 2 * x < n])
            masks = [sum(1 << g for g in c) for c in itertools.combinations(range(n), r)]
            k = rng.randint(2, min(5, len(masks)))
            node = frozenset(rng.sample(range(len(masks)), k))
            counts = tuple(rng.choice((0, 0, 1, 2)) for _ in range(n))
            text = "\n".join([f"{n} {len(masks)}"] + [str(m) for m in masks]
                             + [str(sum(1 << w for w in node)) + " " + " ".join(map(str, counts))]) + "\n"
            run = run_child([exe, "12", "60", "16"], input=text, capture_output=True, text=True)
            head = run.stdout.split()
            if not head or head[0] != "value" or head[5] != "0":
                skipped += 1
                continue
            # avg.c's value is relative to the node's least exponent
            low = min(sum(counts[g] for g in range(n) if masks[w] >> g & 1) for w in node)
            got = Fraction(head[1]) / 2 ** low
            want = exhaustive(n, masks, node, counts)
            if want >= 10**9:
                skipped += 1
                continue
            if got != want:
                raise SystemExit(f"case {case}: n={n} r={r} node={sorted(node)} counts={counts}: avg.c {got}, "
                                 f"exhaustive {want}")
            agree += 1
            # strategies of at most `cap` questions (no relaxation): avg.c's capped mode
            cap = rng.randint(1, 4)
            run = run_child([exe, str(cap), "60", "16", "capped"], input=text, capture_output=True, text=True)
            want = exhaustive(n, masks, node, counts, cap)
            head = run.stdout.split()
            got = None if head[0] == "none" else Fraction(head[1]) / 2 ** low
            if (want >= 10**9) != (got is None) or (got is not None and got != want):
                raise SystemExit(f"case {case}: n={n} r={r} node={sorted(node)} counts={counts} within {cap}: "
                                 f"avg.c {got}, exhaustive {want}")
            capped += 1
    print(f"{agree} nodes agree for strategies of any length and {capped} within a cap of 1 to 4 questions; "
          f"{skipped} skipped (charged leaf, or beyond the exhaustive depth)")


if __name__ == "__main__":
    main()
