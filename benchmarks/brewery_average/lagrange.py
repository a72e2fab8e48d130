"""The brewery's average from below: role-assignment codes three questions deep, coupled by multipliers.

Run (from this folder):
    python lagrange.py [--depth 3] [--target 300] [--out CERT.json]   # find multipliers and cases (scipy's LP)
    python lagrange.py --check CERT.json                                # recompute the bound exactly (Fractions)

The argument (the reduced model of README.md: a world is (roles i, x the word meaning neither), mass 1, a
question to the engineer sends a third of a world's mass to each word; a leaf holds one assignment of roles,
its "class"):

1. The cost of a strategy is the sum over its internal nodes of their mass (a world pays its mass once per
   question on each of its paths). A node is internal exactly when it holds two classes or more.
2. The root is internal, and by the 288 symmetries every person is alike there, so its question goes to
   Alice. A node is *forced internal* when the worlds that reach it whatever the strategy chooses (those
   whose addressees on the way were the neither-sayer with x the word taken, or the engineer) hold two
   classes; at the root all three children and, whoever the children ask, all nine grandchildren are.
3. Code bound. Below any node, each class's shallowest leaf is a leaf of a ternary tree, so their depths d_s
   satisfy sum 3^-d_s <= 1, and every world of class s lies at depth >= d_s. So a node's subtree costs at
   least H = min sum_s M_s d_s over such depths, M_s the class's mass there. For any mu >= 0 (weak duality)
   H >= sum_s phi_mu(M_s) - mu, phi_mu(m) = min over d >= 0 of m d + mu 3^-d. Exact for one class (0) and
   for none (-mu, a weaker figure, still below).
4. Fix the children's addressees q = (q0, q1, q2). Every strategy asking them costs at least the masses of its
   forced-internal nodes down to `depth` - 1 questions, plus the bound of 3 at each node `depth` questions
   down and at each shallower node not forced internal (a *cell*, one mu per word path). In the complete
   language each world's branch at a truthful or lying addressee is chosen freely, independently of every other
   world, so the least of this sum over all strategies asking q splits into one least per class over the ways
   its worlds can go, where each class may also choose the addressees below the children for itself (a
   relaxation: the strategy's shared choice is one of the class's). For every mu that per-class least is a
   lower bound; the best mu is a linear programme, rounded to multiples of 1/64, and the bound recomputed with
   Fractions. The least over the 64 triples bounds every strategy of any length.
5. (--alpha, measured weaker) A node's cost is also at least alpha H(node) + (1 - alpha)(its mass + its
   children's bounds) for any alpha in [0, 1]; with alpha fixed per level the bound stays linear.
6. (--target) Where a triple's bound is below the target, the grandchildren's addressees are shared, case by
   case: a case fixes some grandchildren's addressees (the rest still chosen per class), and either its bound
   reaches the target or it splits on one more grandchild, four cases, one per addressee. The cases of a
   triple cover every assignment, so the least over its proof tree's leaves bounds every strategy asking q.
7. (--deep-from K) A case that fixes K or more grandchildren's addressees and falls short at depth 3 is tried
   at depth 4 before it splits: the great-grandchildren are then searched (the nodes four questions down are
   the cells) with their addressees chosen per class, the fixed grandchildren's shared; step 4's argument
   holds at any depth, so such a leaf's bound is a bound too. Its certificate leaf says "depth": 4.

The certificate holds, per triple, the proof tree and each leaf's multipliers; `--check` recomputes every leaf
from them without the LP and fails on a triple it lacks, a malformed tree, or a bound below the claim.
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


class Model:
    """One node's bound: the addressees of its question (p) and of its children's (q) shared, those further
    down chosen per class; nodes `depth` questions down, and shallower ones not forced internal, are cells
    charged the dualised code bound of step 2 with the multiplier of their word path."""

    def __init__(self, worlds: dict[int, Fraction], p: int, q: tuple[int, ...], depth: int, assume_internal=False,
                 alpha: tuple[Fraction, ...] = (), fixed: dict | None = None):
        self.worlds, self.p, self.q, self.depth = worlds, p, q, depth
        self.fixed = fixed or {}   # word path -> the addressee a strategy shares there (step 6)
        self.alpha = tuple(alpha) + (Fraction(0),) * (depth - len(alpha))   # per level, step 5
        self.assume_internal = assume_internal
        self._internal: dict = {}

    def addressees(self, path: tuple) -> range | tuple[int]:
        """Return who may be asked at the node reached by path ((addressee, word), ...)."""
        if not path:
            return (self.p,)
        if len(path) == 1:
            return (self.q[path[0][1]],)
        return (self.fixed[word_path(path)],) if word_path(path) in self.fixed else range(4)

    def internal(self, path: tuple) -> bool:
        """Return whether the node reached by path holds two classes whatever the strategy chooses."""
        if self.assume_internal:
            return True
        if path not in self._internal:
            classes = {w // 3 for w in self.worlds
                       if all(forced(PI[w // 3][a], w % 3, word) for a, word in path)}
            self._internal[path] = len(classes) >= 2
        return self._internal[path]

    def is_cell(self, path: tuple) -> bool:
        """Return whether the node reached by path is charged its code bound (not searched deeper)."""
        return len(path) == self.depth or not self.internal(path)

    def options(self, path: tuple, pattern: tuple):
        """Yield, for an internal node, each way the class's pattern ((world, mass), ...) can be asked there:
        {child path: child pattern}."""
        for a in self.addressees(path):
            per_world = [[(w, m, opt) for opt in options(PI[w // 3][a], w % 3)] for w, m in pattern]
            seen = set()
            for combo in itertools.product(*per_world):
                kids: dict = {}
                for w, m, opt in combo:
                    for y, share in opt:
                        kids.setdefault(path + ((a, y),), []).append((w, m * share))
                key = tuple(sorted((k, tuple(sorted(v))) for k, v in kids.items()))
                if key not in seen:
                    seen.add(key)
                    yield key

    def classes(self) -> list[tuple]:
        """Return the root pattern of each class of the node."""
        by_class: dict[int, list] = {}
        for w in sorted(self.worlds):
            by_class.setdefault(w // 3, []).append((w, self.worlds[w]))
        return [tuple(v) for v in by_class.values()]


def weight(model: Model, level: int) -> Fraction:
    """Return the factor by which a node at this level enters the bound: the product of (1 - alpha) over
    the levels above it (step 5)."""
    out = Fraction(1)
    for a in model.alpha[:level]:
        out *= 1 - a
    return out


def word_path(path: tuple) -> tuple[int, ...]:
    """Return the words of a path: the node of the real tree it stands for."""
    return tuple(word for _, word in path)


def phi(mu: Fraction, m: Fraction) -> Fraction:
    """Return min over depths d >= 0 of m d + mu 3^-d (convex in d, so the scan stops when it rises)."""
    best, d = mu, 1
    while True:
        v = m * d + mu / 3**d
        if v >= best and d > 1:
            return best
        best = min(best, v)
        d += 1


def exact_bound(model: Model, mu: dict) -> Fraction:
    """Return the argument's bound for these multipliers, one per word path (a node's Kraft inequality,
    charged in full where the node can be a cell and by alpha where it is internal); missing ones are 0."""
    memo: dict = {}
    cells: set = set()

    def best(path, pattern):
        key = (path, pattern)
        if key not in memo:
            mass = sum(m for _, m in pattern)
            own = phi(mu.get(word_path(path), Fraction(0)), mass)
            if model.is_cell(path):
                cells.add(word_path(path))
                memo[key] = own
            else:
                a = model.alpha[len(path)]
                deeper = mass + min(sum(best(k, v) for k, v in kids) for kids in model.options(path, pattern))
                memo[key] = a * own + (1 - a) * deeper
        return memo[key]

    total = sum(best((), pattern) for pattern in model.classes())
    for path, m in mu.items():
        total -= weight(model, len(path)) * coefficient(model, path, cells) * m
    return total


def coefficient(model: Model, path: tuple[int, ...], cells: set) -> Fraction:
    """Return how much of a node's multiplier the bound gives back: all of it where the node can be a cell,
    alpha where it is internal, none where no class reaches it (its multiplier is then never used)."""
    if path in cells:
        return Fraction(1)
    return model.alpha[len(path)] if len(path) < model.depth else Fraction(0)


def best_multipliers(model: Model) -> dict:
    """Return multipliers maximising the bound (the linear programme of the argument; scipy)."""
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix

    index: dict = {}
    rows: list[dict] = []
    rhs: list[float] = []
    cells: set = set()

    def var(key):
        return index.setdefault(key, len(index))

    def visit(path, pattern):
        """Return the variable standing for the class's least cost from this node, adding its rows."""
        mass = sum(m for _, m in pattern)
        if model.is_cell(path):
            cells.add(word_path(path))
            return code(word_path(path), mass)
        key = ("y", path, pattern)
        if key not in index:
            var(key)
            a = float(model.alpha[len(path)])
            own = code(word_path(path), mass) if a else None
            for kids in model.options(path, pattern):
                row = {index[key]: 1.0}
                if own is not None:
                    row[own] = -a
                for k, v in kids:
                    j = visit(k, v)
                    row[j] = row.get(j, 0) - (1 - a)
                rows.append(row)
                rhs.append(float(mass) * (1 - a))
        return index[key]

    def code(cell, mass):
        """Return the variable standing for phi of this cell's multiplier at this mass, adding its rows."""
        key = ("phi", cell, mass)
        if key not in index:
            var(key)
            for d in range(14):
                rows.append({index[key]: 1.0, var(("mu", cell)): -(3.0**-d)})
                rhs.append(float(mass) * d)
        return index[key]

    tops = [visit((), pattern) for pattern in model.classes()]
    n = len(index)
    cost = np.zeros(n)
    bounds = [(None, None)] * n
    for key, j in index.items():
        if key[0] == "mu":
            path = key[1]
            cost[j] = float(weight(model, len(path)) * coefficient(model, path, cells))
            bounds[j] = (0, None)
    for j in tops:
        cost[j] -= 1
    r, c, v = [], [], []
    for i, row in enumerate(rows):
        for j, val in row.items():
            r.append(i)
            c.append(j)
            v.append(val)
    matrix = coo_matrix((v, (r, c)), shape=(len(rows), n)).tocsr()
    res = linprog(cost, A_ub=matrix, b_ub=np.array(rhs), bounds=bounds, method="highs")
    if res.status != 0:
        raise RuntimeError(f"the linear programme failed: {res.message}")
    return {key[1]: float(res.x[j]) for key, j in index.items() if key[0] == "mu"}


def node_bound(worlds: dict[int, Fraction], p: int, q: tuple[int, ...], mu=None, depth=3,
               assume_internal=False, alpha=(), fixed=None):
    """Return (bound, multipliers) for strategies from the node asking p, then q[c] at each child c
    (assume_internal: count every node's mass as if it were internal, a wrong bound for the checks)."""
    if len({w // 3 for w in worlds}) <= 1:
        return Fraction(0), {}
    model = Model(worlds, p, q, depth, assume_internal, alpha, fixed)
    if mu is None:
        mu = {cell: Fraction(round(v * 64), 64) for cell, v in best_multipliers(model).items()}
    return exact_bound(model, mu), mu


def cell_name(cell: tuple[int, ...]) -> str:
    """Return a multiplier's name in a certificate: w and the node's word path, e.g. w012."""
    return "w" + "".join(str(v) for v in cell)


def cell_of(name: str) -> tuple[int, ...]:
    """Return the word path a certificate's multiplier name stands for (ValueError if it is none)."""
    if name[:1] != "w" or not 0 <= len(name) - 1 <= 6 or any(d not in "012" for d in name[1:]):
        raise ValueError(f"no multiplier is named {name!r}")
    return tuple(int(d) for d in name[1:])


def addressee_triples() -> list[tuple[int, int, int]]:
    """Return every choice of the three children's addressees."""
    return list(itertools.product(range(4), repeat=3))


ROOT = {w: Fraction(1) for w in range(72)}
GRANDCHILDREN = [(c, y) for c in range(3) for y in range(3)]


def prove(q: tuple[int, ...], target: Fraction, depth: int, alpha, fixed: dict, stats: dict,
          deep_from: int | None = None):
    """Return a proof that every strategy whose children ask q and whose grandchildren ask as `fixed`
    says costs at least target: {"mu": ...} where the bound reaches it (with "depth": 4 where it took the
    bound one question deeper, step 7), else {"split": grandchild, "ask": [a proof per addressee there]}
    (step 6); None, with the assignment that falls short in stats, if none."""
    stats["lps"] = stats.get("lps", 0) + 1
    b, mu = node_bound(ROOT, 0, q, depth=depth, alpha=alpha, fixed=fixed)
    leaf = {"mu": {cell_name(k): str(v) for k, v in sorted(mu.items()) if v}}
    if b < target and deep_from is not None and len(fixed) >= deep_from and depth == 3:
        stats["deep"] = stats.get("deep", 0) + 1
        b, mu = node_bound(ROOT, 0, q, depth=4, alpha=alpha, fixed=fixed)
        leaf = {"depth": 4, "mu": {cell_name(k): str(v) for k, v in sorted(mu.items()) if v}}
    if b >= target:
        stats["least"] = min(stats.get("least", b), b)
        return leaf
    free = [g for g in GRANDCHILDREN if g not in fixed]
    if not free:
        stats["short"] = (b, dict(fixed))
        return None

    def least_child(g):
        stats["lps"] += 4
        return min(node_bound(ROOT, 0, q, depth=depth, alpha=alpha, fixed={**fixed, g: r})[0] for r in range(4))

    g = max(free, key=least_child)   # the grandchild whose addressee matters most here
    kids = []
    for r in range(4):
        kid = prove(q, target, depth, alpha, {**fixed, g: r}, stats, deep_from)
        if kid is None:
            return None
        kids.append(kid)
    return {"split": cell_name(g), "ask": kids}


def triple_case(q: tuple[int, ...], depth: int, alpha, target: Fraction | None, deep_from: int | None):
    """Return (case, bound, note, failure) for one choice of the children's addressees: its certificate
    entry, the least bound it shows, and where it falls short of target (None when it does not)."""
    b, mu = node_bound(ROOT, 0, q, depth=depth, alpha=alpha)
    proof = {"mu": {cell_name(k): str(v) for k, v in sorted(mu.items()) if v}}
    note = ""
    if target is not None and b < target:
        stats: dict = {}
        proof = prove(q, target, depth, alpha, {}, stats, deep_from)
        if proof is None:
            return None, None, "", stats["short"]
        b = stats["least"]
        deep = f", {stats['deep']} of them one question deeper" if stats.get("deep") else ""
        note = f" with the grandchildren's addressees shared ({stats['lps']} linear programmes{deep})"
    return {"children_ask": list(q), "bound": str(b), "proof": proof}, b, note, None


def find(out: Path | None, depth: int, alpha: tuple[Fraction, ...], target: Fraction | None,
         deep_from: int | None = None, jobs: int = 1) -> int:
    """Find multipliers for every triple at the root (and where a triple's bound is below target, share
    its grandchildren's addressees case by case), print the bound, write the certificate."""
    triples = addressee_triples()
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(jobs)
        results = pool.map(triple_case, triples, *([v] * len(triples) for v in (depth, alpha, target, deep_from)))
    else:
        pool = None
        results = (triple_case(q, depth, alpha, target, deep_from) for q in triples)
    cases, least = [], None
    try:
        for q, (case, b, note, short) in zip(triples, results):
            if short is not None:
                print(f"children ask {q}: grandchildren asking {short[1]} give only {short[0]}, below {target}")
                return 1
            cases.append(case)
            least = b if least is None else min(least, b)
            print(f"children ask {q}: at least {b} ({float(b) / 72:.6f} a world){note}", flush=True)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    print(f"every strategy of any length costs at least {least}: averages at least {least / 72} = "
          f"{float(least) / 72:.6f}")
    if out is not None:
        head = {"puzzle": "examples/brewery_hard.toml (reduced model: 72 worlds of mass 1)",
                "depth": depth, "alpha": [str(a) for a in alpha], "root_asks": 0, "claim": str(least)}
        text = json.dumps(head)[:-1] + ', "cases": [\n' + ",\n".join(json.dumps(c) for c in cases) + "\n]}\n"
        try:
            out.write_text(text)
        except OSError as e:
            print(f"error: cannot write {out}: {e.strerror}", file=sys.stderr)
            return 2
    return 0


def read_certificate(path: Path):
    """Return (depth, alpha, claim, {triple: proof}) from a certificate file (OSError, ValueError, ...)."""
    cert = json.loads(path.read_text())
    if not isinstance(cert, dict):
        raise TypeError("the file is not a JSON object")
    depth, claim = cert["depth"], number(cert["claim"], "claim")
    alpha = tuple(number(a, "alpha") for a in cert.get("alpha", []))
    if depth not in (2, 3, 4):
        raise ValueError(f"depth must be 2, 3 or 4, not {depth!r}")
    if len(alpha) > depth or any(not 0 <= a <= 1 for a in alpha):
        raise ValueError("alpha must give at most one weight from 0 to 1 per level")
    if cert.get("root_asks") != 0:
        raise ValueError("root_asks must be 0 (Alice: every person is alike at the root)")
    cases = {}
    for n, case in enumerate(cert["cases"]):
        q = tuple(case["children_ask"])
        if len(q) != 3 or any(not isinstance(v, int) or not 0 <= v < 4 for v in q):
            raise ValueError(f"cases[{n}].children_ask must be three persons 0-3, not {case['children_ask']!r}")
        cases[q] = case["proof"]
    return depth, alpha, claim, cases


def number(text, where: str) -> Fraction:
    """Return the fraction a certificate writes as a short string (ValueError for anything else)."""
    if not isinstance(text, str) or len(text) > 40:
        raise ValueError(f"{where}: a number is a string of at most 40 characters, like \"27/4\"")
    return Fraction(text)


def check_proof(q, proof, fixed: dict, claim: Fraction, depth: int, alpha, where: str):
    """Return the least bound a proof tree shows for the triple q (ValueError where it is malformed)."""
    if not isinstance(proof, dict):
        raise TypeError(f"{where}: a proof is an object")
    if "mu" in proof:
        mu = {cell_of(k): number(v, f"{where}.mu.{k}") for k, v in proof["mu"].items()}
        if any(not 0 <= v <= 10**6 for v in mu.values()):
            raise ValueError(f"{where}: a multiplier is outside 0 to 10^6")
        deep = proof.get("depth", depth)
        if deep != depth and (deep != 4 or depth != 3 or alpha):
            raise ValueError(f"{where}: a leaf's depth is the certificate's or, below depth 3 without alpha, 4; "
                             f"not {deep!r}")
        return node_bound(ROOT, 0, q, mu, depth=deep, alpha=alpha, fixed=fixed)[0]
    g = cell_of(proof["split"])
    if len(g) != 2 or g in fixed or depth < 3:
        raise ValueError(f"{where}: {proof['split']!r} is not a grandchild whose addressee is still open")
    kids = proof["ask"]
    if not isinstance(kids, list) or len(kids) != 4:
        raise ValueError(f"{where}: a split needs a proof for each of the 4 addressees")
    return min(check_proof(q, kid, {**fixed, g: r}, claim, depth, alpha, f"{where}.ask[{r}]")
               for r, kid in enumerate(kids))


def check(path: Path) -> int:
    """Recompute every triple's bound from the certificate's multipliers; exit 0, 1 (falls short), 2."""
    try:
        depth, alpha, claim, cases = read_certificate(path)
        missing = [q for q in addressee_triples() if q not in cases]
        if missing:
            print(f"error: {path}: no proof for children asking {list(missing[0])}", file=sys.stderr)
            return 2
        bounds = {}
        for q in addressee_triples():   # in order, stopping at the first that falls short
            bounds[q] = check_proof(q, cases[q], {}, claim, depth, alpha, f"children_ask {list(q)}")
            if bounds[q] < claim:
                print(f"children ask {list(q)}: {bounds[q]} is below the claim {claim}")
                return 1
    except OSError as e:
        print(f"error: {path}: {e.strerror}", file=sys.stderr)
        return 2
    except (ValueError, KeyError, TypeError, AttributeError, ZeroDivisionError) as e:
        print(f"error: {path}: not a certificate of this form ({type(e).__name__}: {e})", file=sys.stderr)
        return 2
    print(f"checked (depth {depth}): every strategy of any length costs at least {min(bounds.values())} >= "
          f"{claim}: averages at least {claim / 72} = {float(claim) / 72:.6f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Find or check the bound."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, help="write the multipliers as a certificate")
    ap.add_argument("--check", type=Path, help="recompute the bound from a certificate, exactly")
    ap.add_argument("--depth", type=int, choices=(2, 3, 4), default=3,
                    help="3 (default): the grandchildren answered one question deeper; 2: charged at once")
    ap.add_argument("--alpha", default="", help="weights per level, e.g. 0,0,1/2 (step 5; default none)")
    ap.add_argument("--target", help="share the grandchildren's addressees where a triple is below this cost")
    ap.add_argument("--deep-from", type=int, metavar="K",
                    help="with --target at depth 3: where a case fixing K or more grandchildren falls short, try "
                         "it one question deeper (step 7) before splitting it")
    ap.add_argument("--jobs", type=int, default=1, help="triples searched at once (processes; default 1)")
    args = ap.parse_args(argv)
    if args.check is not None:
        return check(args.check)
    try:
        alpha = tuple(Fraction(a) for a in args.alpha.split(",") if a)
    except (ValueError, ZeroDivisionError):
        print(f"error: --alpha: not weights: {args.alpha!r}", file=sys.stderr)
        return 2
    if len(alpha) > args.depth or any(not 0 <= a <= 1 for a in alpha):
        print("error: --alpha: at most one weight from 0 to 1 per level", file=sys.stderr)
        return 2
    try:
        target = None if args.target is None else Fraction(args.target)
    except (ValueError, ZeroDivisionError):
        print(f"error: --target: not a number: {args.target!r}", file=sys.stderr)
        return 2
    if target is not None and args.depth < 3:
        print("error: --target needs --depth 3 or 4 (the grandchildren's addressees)", file=sys.stderr)
        return 2
    if args.deep_from is not None and (target is None or args.depth != 3 or alpha or not 0 <= args.deep_from <= 9):
        print("error: --deep-from needs --target at --depth 3 without --alpha, and K from 0 to 9", file=sys.stderr)
        return 2
    if args.jobs < 1:
        print("error: --jobs must be at least 1", file=sys.stderr)
        return 2
    try:
        return find(args.out, args.depth, alpha, target, args.deep_from, args.jobs)
    except ImportError:
        print("error: finding the multipliers needs scipy (checking a certificate does not)", file=sys.stderr)
        return 2


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
