"""Check lagrange.py's bound against brute.py (a naive search sharing no code with it) on random small nodes.

Run (from this folder; needs scipy): python check_lagrange.py [SEED] [CASES]. For each random node (2-7
worlds on 2-5 role assignments, exponents 0-2) the least of lagrange's bound (depths 2 and 3) over every
first addressee and every triple of the children's addressees must not exceed brute.BF within 4 questions (which is at
least the optimum over strategies of any length). It counts the nodes where the two are equal (the bound
is not vacuous), then repeats with every child counted as internal (a wrong bound) and reports how many
nodes that breaks (every child and grandchild internal): a check that misses it proves little.

With --shared it checks the bound the certificate's case splits rest on: the first addressee, the children's
and all nine grandchildren's fixed at random (`fixed`), at depths 3 and 4 (the great-grandchildren's
addressees then chosen per class), against the least cost of strategies that ask exactly those persons there
(a naive search that follows the same plan; within 5 questions).
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


def planned(S, d, plan, path=()):
    """Return the least cost within d questions of strategies for the node S [(world, exponent)] that ask
    plan[word path] wherever the plan names the addressee (brute.BF's naive search, the plan imposed)."""
    if len({w // 3 for w, _ in S}) <= 1:
        return Fraction(0)
    if d == 0:
        return brute.INF
    mass = sum(Fraction(1, 3**e) for _, e in S)
    best = brute.INF
    for p in ([plan[path]] if path in plan else range(4)):
        eng = [(w, e + 1) for w, e in S if brute.ROLE[w][p] == 3]
        neither = [(w, e) for w, e in S if brute.ROLE[w][p] == 2]
        others = [(w, e) for w, e in S if brute.ROLE[w][p] < 2]
        for ass in itertools.product(*[[y for y in range(3) if y != w % 3] for w, _ in others]):
            kids = [list(eng), list(eng), list(eng)]
            for (w, e), y in zip(others, ass):
                kids[y].append((w, e))
            for w, e in neither:
                kids[w % 3].append((w, e))
            total = mass
            for y, kid in enumerate(kids):
                total += planned(kid, d - 1, plan, path + (y,))
                if total >= best:
                    break
            best = min(best, total)
    return best


def shared(rnd, cases: int) -> int:
    """Check the bound with every addressee of the first three levels fixed (--shared); return the exit."""
    t = time.time()
    for depth in (3, 4):
        done = equal = broken = moved = 0
        while done < cases:
            node = random_node(rnd)
            p, q = rnd.randrange(4), tuple(rnd.randrange(4) for _ in range(3))
            fixed = {g: rnd.randrange(4) for g in itertools.product(range(3), repeat=2)}
            plan = {(): p, **{(c,): q[c] for c in range(3)}, **fixed}
            value = planned(node, 5, plan)
            if value >= brute.INF:
                continue
            done += 1
            worlds = {w: Fraction(1, 3**e) for w, e in node}
            b = lagrange.node_bound(worlds, p, q, depth=depth, fixed=fixed)[0]
            if b > value:
                print(f"FAIL (shared, depth {depth}): bound {b} above the value {value} of {node}, {plan}")
                return 1
            equal += b == value
            broken += lagrange.node_bound(worlds, p, q, depth=depth, fixed=fixed, assume_internal=True)[0] > value
            other = {g: (r + 1) % 4 for g, r in fixed.items()}   # a plan the strategies did not follow
            moved += lagrange.node_bound(worlds, p, q, depth=depth, fixed=other)[0] > value
        print(f"shared, depth {depth}: ok {cases} nodes: the bound never above the planned value, equal on {equal}; "
              f"the wrong bound above it on {broken}, the bound for other grandchildren's addressees on {moved}; "
              f"{time.time() - t:.1f} s", flush=True)
    return 0


def random_node(rnd):
    """Return a random small node: 2-7 worlds on 2-5 role assignments, exponents 0-2, two classes at least."""
    while True:
        pis = rnd.sample(range(24), rnd.randint(2, 5))
        cand = [3 * i + x for i in pis for x in range(3)]
        node = [(w, rnd.choice([0, 0, 1, 2])) for w in rnd.sample(cand, rnd.randint(2, min(7, len(cand))))]
        if len({w // 3 for w, _ in node}) >= 2:
            return node


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--shared"]
    try:
        seed = int(args[0]) if args else 0
        cases = int(args[1]) if len(args) > 1 else 60
    except ValueError:
        print("usage: python check_lagrange.py [--shared] [SEED] [CASES]   (whole numbers)", file=sys.stderr)
        return 2
    rnd = random.Random(seed)
    if "--shared" in sys.argv[1:]:
        return shared(rnd, cases)
    t = time.time()
    nodes = []
    while len(nodes) < cases:
        node = random_node(rnd)
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
