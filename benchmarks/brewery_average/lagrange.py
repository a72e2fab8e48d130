"""The brewery's average from below: role-assignment codes two questions deep, coupled by multipliers.

Run (from this folder):
    python lagrange.py [--out CERT.json]     # find the multipliers (needs scipy's LP), print the bound
    python lagrange.py --check CERT.json     # recompute the bound from them exactly (Fractions only)

The argument (the reduced model of README.md: a world is (roles i, x the word meaning neither), mass 1,
a question to the engineer sends a third of a world's mass to each word; a leaf holds one assignment of
roles, its "class"):

1. The cost of a strategy is the sum over its internal nodes of their mass (a world pays its mass once per
   question on each of its paths). A node is internal exactly when it holds two classes or more.
2. The root is internal, and by the 288 symmetries every person is alike there, so its question goes to
   Alice. Then every child is internal: Alice's engineer classes send a third of each world to every
   child (six classes). More generally a child is *forced internal* when the worlds that reach it whatever
   the strategy chooses (the neither-sayer's worlds with x the child's word, the engineer's thirds) hold
   two classes; the root's three are. The children of a forced-internal child are its *grandchildren*.
3. Code bound. Below any node, each class's shallowest leaf is a leaf of a ternary tree, so their depths d_s
   satisfy sum 3^-d_s <= 1, and every world of class s lies at depth >= d_s. So a node's subtree costs at
   least H = min sum_s M_s d_s over such depths, M_s the class's mass there. For any mu >= 0 (weak duality)
   H >= sum_s phi_mu(M_s) - mu, phi_mu(m) = min over d >= 0 of m d + mu 3^-d. Exact for one class (0) and
   for none (-mu, a weaker figure, still below).
4. Fix the addressees of the root (Alice) and of the three children (q_0, q_1, q_2). Every strategy with
   those addressees costs at least the root's mass, plus each forced-internal child's mass, plus for each of
   its grandchildren g the bound of 3 with its own mu_g, plus for each other child the bound of 3 at the
   child. In the complete language each world's branch at a truthful or lying addressee is chosen freely and
   independently of every other world, so the least of this sum over all strategies with those addressees
   splits into one least per class, over the ways its three worlds can be routed (<= 512 per class). For
   every mu that per-class minimum is a lower bound, so the best mu (a small linear programme) gives the
   addressees' bound, and the least over the 64 addressee triples is a bound on every strategy, of any
   length.

The multipliers are rounded to multiples of 1/64 and the bound recomputed with Fractions, so the figure is
exact; `--check` redoes that from the written file without scipy, and fails on a triple it lacks or a bound
that falls short of its claim.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from fractions import Fraction
from pathlib import Path

PI = list(itertools.permutations(range(4)))   # PI[i][person] = role: 0 truthful, 1 liar, 2 neither, 3 engineer
ENGINEER, NEITHER = 3, 2
THIRD = Fraction(1, 3)


def options(role: int, x: int) -> list[tuple[tuple[int, Fraction], ...]]:
    """Return the ways a question can send one world, each a tuple of (word, share of its mass)."""
    if role == ENGINEER:
        return [((0, THIRD), (1, THIRD), (2, THIRD))]
    if role == NEITHER:
        return [((x, Fraction(1)),)]
    return [((y, Fraction(1)),) for y in range(3) if y != x]


def forced(role: int, x: int, word: int) -> bool:
    """Return whether a world reaches the child `word` whatever the strategy chooses."""
    return role == ENGINEER or (role == NEITHER and x == word)


def shape(worlds: dict[int, Fraction], p: int, q: tuple[int, ...], depth: int):
    """Return (children forced internal, grandchildren (c, y) forced internal) for a question to p, then q[c]
    (grandchildren only with depth 3: with depth 2 none is counted internal)."""
    def classes(c, y=None):
        return {w // 3 for w in worlds
                if forced(PI[w // 3][p], w % 3, c) and (y is None or forced(PI[w // 3][q[c]], w % 3, y))}
    children = tuple(len(classes(c)) >= 2 for c in range(3))
    grand = frozenset((c, y) for c in range(3) for y in range(3)
                      if depth >= 3 and children[c] and len(classes(c, y)) >= 2)
    return children, grand


def world_routes(w: int, mass: Fraction, p: int, q: tuple[int, ...], children, grand):
    """Return the routes of world w two questions deep: (linear cost, cells {cell: mass}, deferred
    {(c, y): mass}). Cells: ("c", c) a child charged its code bound, ("g", c, y) a grandchild charged its
    code bound; a deferred grandchild is forced internal and is answered one question deeper."""
    i, x = divmod(w, 3)
    out = []
    for first in options(PI[i][p], x):
        per_child = []
        for c, share in first:
            m = mass * share
            if children[c]:
                per_child.append([(c, m, second) for second in options(PI[i][q[c]], x)])
            else:
                per_child.append([(c, m, None)])
        for combo in itertools.product(*per_child):
            linear, cells, deferred = Fraction(0), {}, {}
            for c, m, second in combo:
                if second is None:
                    cells[("c", c)] = cells.get(("c", c), 0) + m
                    continue
                linear += m
                for y, share in second:
                    if (c, y) in grand:
                        deferred[(c, y)] = deferred.get((c, y), 0) + m * share
                    else:
                        cells[("g", c, y)] = cells.get(("g", c, y), 0) + m * share
            out.append((linear, cells, deferred))
    return out


def class_routes(worlds: dict[int, Fraction], p: int, q: tuple[int, ...], children, grand):
    """Return, per class of the node, its distinct routes (linear, ((cell, mass), ...), ((g, pattern), ...)),
    a pattern being the class's ((world, mass), ...) at a deferred grandchild."""
    by_class: dict[int, list[int]] = {}
    for w in sorted(worlds):
        by_class.setdefault(w // 3, []).append(w)
    out = []
    for ws in by_class.values():
        per_world = [[(w, r) for r in world_routes(w, worlds[w], p, q, children, grand)] for w in ws]
        routes = set()
        for combo in itertools.product(*per_world):
            linear, cells, pats = Fraction(0), {}, {}
            for w, (lin, cs, dfr) in combo:
                linear += lin
                for k, m in cs.items():
                    cells[k] = cells.get(k, 0) + m
                for g, m in dfr.items():
                    pats.setdefault(g, []).append((w, m))
            routes.add((linear, tuple(sorted(cells.items())),
                        tuple(sorted((g, tuple(sorted(pt))) for g, pt in pats.items()))))
        out.append(sorted(routes))
    return out


def deep_routes(g: tuple[int, int], pattern) -> list[list[tuple]]:
    """Return, per addressee r of the deferred grandchild g, the ways its pattern's worlds go one question
    deeper: ((("z", c, y, z), mass), ...). The addressee is chosen per class (step 5 of the argument)."""
    c, y = g
    out = []
    for r in range(4):
        per_world = [[(m, opt) for opt in options(PI[w // 3][r], w % 3)] for w, m in pattern]
        ways = set()
        for combo in itertools.product(*per_world):
            cells = {}
            for m, opt in combo:
                for z, share in opt:
                    cells[("z", c, y, z)] = cells.get(("z", c, y, z), 0) + m * share
            ways.add(tuple(sorted(cells.items())))
        out.append(sorted(ways))
    return out


def phi(mu: Fraction, m: Fraction) -> Fraction:
    """Return min over depths d >= 0 of m d + mu 3^-d (convex in d, so the scan stops when it rises)."""
    best, d = mu, 1
    while True:
        v = m * d + mu / 3**d
        if v >= best and d > 1:
            return best
        best = min(best, v)
        d += 1


def exact_bound(mass: Fraction, routes, mu: dict) -> Fraction:
    """Return the argument's bound for these multipliers (a cell missing from mu has multiplier 0)."""
    phis: dict = {}
    deferreds: dict = {}

    def f(cell, m):
        key = (cell, m)
        if key not in phis:
            phis[key] = phi(mu.get(cell, Fraction(0)), m)
        return phis[key]

    def deferred(g, pattern):
        key = (g, pattern)
        if key not in deferreds:
            deferreds[key] = sum(m for _, m in pattern) + min(
                sum(f(k, m) for k, m in way) for ways in deep_routes(g, pattern) for way in ways)
        return deferreds[key]

    total = mass - sum(mu.values())
    for rs in routes:
        total += min(lin + sum(f(k, m) for k, m in cells) + sum(deferred(g, pt) for g, pt in pats)
                     for lin, cells, pats in rs)
    return total


def best_multipliers(routes) -> dict:
    """Return multipliers maximising the bound (the linear programme of the argument; scipy)."""
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import lil_matrix

    index: dict = {}

    def var(key):
        return index.setdefault(key, len(index))

    rows: list[dict] = []
    rhs: list[float] = []
    seen_pattern = set()
    for s, rs in enumerate(routes):
        for lin, cells, pats in rs:
            row = {var(("t", s)): 1.0}
            for km in cells:
                row[var(("w",) + km)] = row.get(var(("w",) + km), 0) - 1
            for g, pt in pats:
                y = var(("y", s, g, pt))
                row[y] = row.get(y, 0) - 1
                if (s, g, pt) not in seen_pattern:
                    seen_pattern.add((s, g, pt))
                    for ways in deep_routes(g, pt):
                        for way in ways:
                            r2 = {y: 1.0}
                            for km in way:
                                r2[var(("w",) + km)] = r2.get(var(("w",) + km), 0) - 1
                            rows.append(r2)
                            rhs.append(float(sum(m for _, m in pt)))
            rows.append(row)
            rhs.append(float(lin))
    cells = sorted({key[1] for key in index if key[0] == "w"})
    for key in [k for k in index if k[0] == "w"]:
        _, cell, m = key
        for d in range(14):
            rows.append({index[key]: 1.0, var(("mu", cell)): -(3.0 ** -d)})
            rhs.append(float(m) * d)
    n = len(index)
    cost = np.zeros(n)
    bounds = [(None, None)] * n
    for key, j in index.items():
        if key[0] == "mu":
            cost[j], bounds[j] = 1, (0, None)
        elif key[0] == "t":
            cost[j] = -1
    matrix = lil_matrix((len(rows), n))
    for r, row in enumerate(rows):
        for j, v in row.items():
            matrix[r, j] = v
    res = linprog(cost, A_ub=matrix.tocsr(), b_ub=np.array(rhs), bounds=bounds, method="highs")
    if res.status != 0:
        raise RuntimeError(f"the linear programme failed: {res.message}")
    return {cell: float(res.x[index[("mu", cell)]]) for cell in cells}


def node_bound(worlds: dict[int, Fraction], p: int, q: tuple[int, ...], mu=None, depth=3,
               assume_internal=False):
    """Return (bound, multipliers) for strategies from the node asking p, then q[c] at each child c
    (assume_internal: count every child's and grandchild's mass as if it were internal, a wrong bound for
    the checks)."""
    if len({w // 3 for w in worlds}) <= 1:
        return Fraction(0), {}
    children, grand = shape(worlds, p, q, depth)
    if assume_internal:
        children = (True, True, True)
        grand = frozenset((c, y) for c in range(3) for y in range(3)) if depth >= 3 else grand
    routes = class_routes(worlds, p, q, children, grand)
    if mu is None:
        mu = {cell: Fraction(round(v * 64), 64) for cell, v in best_multipliers(routes).items()}
    return exact_bound(sum(worlds.values()), routes, mu), mu


def cell_name(cell) -> str:
    """Return a cell's name in a certificate: c0, g01, z012."""
    return cell[0] + "".join(str(v) for v in cell[1:])


def cell_of(name: str):
    """Return the cell a certificate's name stands for (ValueError if it is none)."""
    kind, digits = name[:1], name[1:]
    if kind not in "cgz" or len(digits) != "cgz".index(kind) + 1 or any(d not in "012" for d in digits):
        raise ValueError(f"no cell is named {name!r}")
    return (kind,) + tuple(int(d) for d in digits)


def addressee_triples() -> list[tuple[int, int, int]]:
    """Return every choice of the three children's addressees."""
    return list(itertools.product(range(4), repeat=3))


def find(out: Path | None, depth: int) -> int:
    """Find multipliers for every triple at the root, print the bound, write the certificate."""
    root = {w: Fraction(1) for w in range(72)}
    cases, least = [], None
    for q in addressee_triples():
        b, mu = node_bound(root, 0, q, depth=depth)
        cases.append({"children_ask": list(q), "bound": str(b),
                      "mu": {cell_name(k): str(v) for k, v in sorted(mu.items()) if v}})
        least = b if least is None else min(least, b)
        print(f"children ask {q}: at least {b} ({float(b) / 72:.6f} a world)", flush=True)
    print(f"every strategy of any length costs at least {least}: averages at least {least / 72} = "
          f"{float(least) / 72:.6f}")
    if out is not None:
        head = {"puzzle": "examples/brewery_hard.toml (reduced model: 72 worlds of mass 1)",
                "depth": depth, "root_asks": 0, "claim": str(least)}
        text = json.dumps(head)[:-1] + ', "cases": [\n' + ",\n".join(json.dumps(c) for c in cases) + "\n]}\n"
        try:
            out.write_text(text)
        except OSError as e:
            print(f"error: cannot write {out}: {e.strerror}", file=sys.stderr)
            return 2
    return 0


def read_certificate(path: Path):
    """Return (depth, claim, {triple: multipliers}) from a certificate file (OSError, ValueError, ...)."""
    cert = json.loads(path.read_text())
    if not isinstance(cert, dict):
        raise TypeError("the file is not a JSON object")
    depth, claim = cert["depth"], Fraction(cert["claim"])
    if depth not in (2, 3):
        raise ValueError(f"depth must be 2 or 3, not {depth!r}")
    if cert.get("root_asks") != 0:
        raise ValueError("root_asks must be 0 (Alice: every person is alike at the root)")
    cases = {}
    for n, case in enumerate(cert["cases"]):
        q = tuple(case["children_ask"])
        if len(q) != 3 or any(not isinstance(v, int) or not 0 <= v < 4 for v in q):
            raise ValueError(f"cases[{n}].children_ask must be three persons 0-3, not {case['children_ask']!r}")
        mu = {cell_of(k): Fraction(v) for k, v in case["mu"].items()}
        if any(v < 0 for v in mu.values()):
            raise ValueError(f"cases[{n}]: a multiplier is negative")
        cases[q] = mu
    return depth, claim, cases


def check(path: Path) -> int:
    """Recompute every triple's bound from the certificate's multipliers; exit 0, 1 (falls short), 2."""
    try:
        depth, claim, cases = read_certificate(path)
    except OSError as e:
        print(f"error: {path}: {e.strerror}", file=sys.stderr)
        return 2
    except (ValueError, KeyError, TypeError, AttributeError, ZeroDivisionError) as e:
        print(f"error: {path}: not a certificate of this form ({type(e).__name__}: {e})", file=sys.stderr)
        return 2
    root = {w: Fraction(1) for w in range(72)}
    least = None
    for q in addressee_triples():
        if q not in cases:
            print(f"error: {path}: no multipliers for children asking {list(q)}", file=sys.stderr)
            return 2
        b, _ = node_bound(root, 0, q, cases[q], depth=depth)
        least = b if least is None else min(least, b)
        if b < claim:
            print(f"children ask {list(q)}: {b} is below the claim {claim}")
            return 1
    print(f"checked (depth {depth}): every strategy of any length costs at least {least} >= {claim}: "
          f"averages at least {claim / 72} = {float(claim) / 72:.6f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Find or check the bound."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, help="write the multipliers as a certificate")
    ap.add_argument("--check", type=Path, help="recompute the bound from a certificate, exactly")
    ap.add_argument("--depth", type=int, choices=(2, 3), default=3,
                    help="3 (default): the grandchildren answered one question deeper; 2: charged at once")
    args = ap.parse_args(argv)
    if args.check is not None:
        return check(args.check)
    try:
        return find(args.out, args.depth)
    except ImportError:
        print("error: finding the multipliers needs scipy (checking a certificate does not)", file=sys.stderr)
        return 2


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
