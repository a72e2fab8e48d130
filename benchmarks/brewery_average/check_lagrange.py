"""Check lagrange.py's bound against brute.py (a naive search sharing no code with it) on random small nodes.

Run (from this folder; needs scipy): python check_lagrange.py [SEED] [CASES]. For each random node (2-7
worlds on 2-5 role assignments, exponents 0-2) the least of lagrange's bound (depths 2 and 3) over every
first addressee and every triple of the children's addressees must not exceed brute.BF within 4 questions (which is at
least the optimum over strategies of any length). It counts the nodes where the two are equal (the bound
is not vacuous), then repeats with every child counted as internal (a wrong bound) and reports how many
nodes that breaks (every child and grandchild internal): a check that misses it proves little.
"""
import itertools
import random
import sys
import time
from fractions import Fraction

import brute
import lagrange


def least_bound(worlds, depth, assume_internal=False):
    """Return the least bound over the first addressee and the children's addressees."""
    return min(lagrange.node_bound(worlds, p, q, depth=depth, assume_internal=assume_internal)[0]
               for p in range(4) for q in itertools.product(range(4), repeat=3))


def main() -> int:
    try:
        seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
        cases = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    except ValueError:
        print("usage: python check_lagrange.py [SEED] [CASES]   (whole numbers)", file=sys.stderr)
        return 2
    rnd = random.Random(seed)
    t = time.time()
    nodes = []
    while len(nodes) < cases:
        pis = rnd.sample(range(24), rnd.randint(2, 5))
        cand = [3 * i + x for i in pis for x in range(3)]
        node = [(w, rnd.choice([0, 0, 1, 2])) for w in rnd.sample(cand, rnd.randint(2, min(7, len(cand))))]
        if len({w // 3 for w, _ in node}) < 2:
            continue
        v = brute.BF(node, 4)
        if v < brute.INF:
            nodes.append((node, v))
    for depth in (2, 3):
        equal = broken = 0
        for node, v in nodes:
            worlds = {w: Fraction(1, 3**e) for w, e in node}
            b = least_bound(worlds, depth)
            if b > v:
                print(f"FAIL (depth {depth}): bound {b} above the value {v} of {node}")
                return 1
            equal += b == v
            broken += least_bound(worlds, depth, assume_internal=True) > v
        print(f"depth {depth}: ok {len(nodes)} nodes (seed {seed}): the bound never above the value, equal on "
              f"{equal}; the wrong bound (every child and grandchild internal) above the value on {broken}; "
              f"{time.time() - t:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
