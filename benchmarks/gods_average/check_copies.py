"""Cross-check copies.c (the count model's exact worst case) against a plain exhaustive search that shares no
code with it: every god, every division of every set's count, memoised on the count vector.

Run: python benchmarks/gods_average/check_copies.py [--max-gods 5]

For every liar row (f >= 1 liars, t truthful, r random gods, fewer random gods than others) of at most
--max-gods gods, the least depth at which the plain search finds a strategy must be the least at which
copies.c reports "feasible", and copies.c must report "infeasible" one question below. `floor_plus=1` (the layered floor raised by one
leaf, a wrong bound) must be caught on some row. Exit 0 all agree, 1 a disagreement, 2 no compiler.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import math
import random
import tempfile

from run import compile_solver
from children import run_child


@functools.lru_cache(maxsize=None)
def plain_search(f: int, t: int, r: int):
    """Return ok(counts, d): whether d questions suffice from a node of the row's count model (the sets of
    random gods in increasing order of their masks, as copies.c numbers them)."""
    n = f + t + r
    sets = sorted((frozenset(c) for c in itertools.combinations(range(n), r)), key=lambda s: sum(1 << g for g in s))
    index = {s: i for i, s in enumerate(sets)}
    k = math.comb(f + t, f)
    renamings = [[index[frozenset(p[g] for g in s)] for s in sets] for p in itertools.permutations(range(n))]

    @functools.lru_cache(maxsize=None)
    def least_image(c: tuple[int, ...]) -> tuple[int, ...]:
        """Return the least count vector among c's images under renamings of the gods."""
        images = []
        for p in renamings:
            image = [0] * len(c)
            for i, x in enumerate(c):
                image[p[i]] = x
            images.append(tuple(image))
        return min(images)

    def ok(c: tuple[int, ...], d: int) -> bool:
        return ok_canonical(least_image(c), d)

    @functools.lru_cache(maxsize=None)
    def ok_canonical(c: tuple[int, ...], d: int) -> bool:
        if sum(c) <= 1:
            return True
        if sum(c) > 2 ** d:  # a tree of d questions has 2^d leaves
            return False
        for g in range(n):
            ranges = [range(x, x + 1) if g in s else range(x + 1) for s, x in zip(sets, c)]
            for a in itertools.product(*ranges):
                b = tuple(x if g in s else x - y for s, x, y in zip(sets, c, a))
                if a == c or b == c or b < a:  # b < a: the same division with the branches swapped
                    continue
                if ok(a, d - 1) and ok(b, d - 1):
                    return True
        return False

    return ok, len(sets), k


def plain_least_depth(f: int, t: int, r: int, most: int) -> int | None:
    """Return the fewest questions of a strategy for the row in the count model, None if above `most`."""
    ok, sets, k = plain_search(f, t, r)
    root = tuple([k] * sets)
    for d in range(most + 1):
        if ok(root, d):
            return d
    return None


def copies_answer(exe: str, f: int, t: int, r: int, d: int, extra: list[str]) -> str:
    """Return copies.c's first line for the row at depth d."""
    run = run_child([exe, str(f), str(t), str(r), str(d), "60", "18", *extra], capture_output=True, text=True)
    return (run.stdout.splitlines() or [f"exit {run.returncode}"])[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-gods", type=int, default=5)
    ap.add_argument("--most", type=int, default=8, help="deepest depth the plain search tries")
    ap.add_argument("--cases", type=int, default=300, help="random nodes (counts and depth) compared too")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    # rows where the random gods are fewer than the others (the others cannot be told from them otherwise)
    rows = [(f, n - r - f, r) for n in range(2, args.max_gods + 1) for r in range(1, n)
            for f in range(1, n - r + 1) if 2 * r < n]
    bad = caught = 0
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp, "copies")
        for f, t, r in rows:
            least = plain_least_depth(f, t, r, args.most)
            depths = range(args.most + 1) if least is None else [least - 1, least] if least else [0]
            for d in depths:
                want = "feasible" if least is not None and d >= least else "infeasible"
                got = copies_answer(exe, f, t, r, d, [])
                if got.split()[0] != want:
                    print(f"row {f},{t},{r} depth {d}: plain search {want}, copies.c {got}")
                    bad += 1
                if least is not None and d == least:
                    wrong = copies_answer(exe, f, t, r, d, ["floor_plus=1"])
                    caught += wrong.split()[0] != want
            print(f"row {f},{t},{r}: {'none within ' + str(args.most) if least is None else least} questions", flush=True)
        rng = random.Random(args.seed)
        small = [row for row in rows if sum(row) <= 5]
        for _ in range(args.cases):
            f, t, r = rng.choice(small)
            ok, sets, k = plain_search(f, t, r)
            counts = tuple(rng.randint(0, k) for _ in range(sets))
            d = rng.randint(0, 6)
            want = "feasible" if ok(counts, d) else "infeasible"
            got = copies_answer(exe, f, t, r, d, ["counts=" + ",".join(map(str, counts))])
            if got.split()[0] != want:
                print(f"row {f},{t},{r} counts {counts} depth {d}: plain search {want}, copies.c {got}")
                bad += 1
    if not caught:
        print("the wrong bound (floor_plus=1) was not caught on any row: the check is too weak")
        bad += 1
    print(f"{len(rows)} rows and {args.cases} random nodes, {bad} disagreements, the wrong bound changed {caught} answers")
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
