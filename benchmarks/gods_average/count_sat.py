"""The worst case of a liar row of the n-god leaderboard decided by a SAT solver over the count model: the
whole tree of D questions as one formula, a strategy worded and verified by smullyan when it is satisfiable.

Run: python benchmarks/gods_average/count_sat.py PUZZLE.toml --depth D [--solver cadical195] [--limit S]
     [--out FILE] [--cnf FILE]

The model is copies.c's (README.md beside this file, "The count model"): a node holds c_S of the K worlds of
each set S of random gods; a question to god g keeps c_S in both children when g is in S and divides it,
a + b = c_S, otherwise; a leaf holds at most one world. The formula has one node per position of the
complete tree of depth D (2^D - 1 questions), each count in the order encoding (c >= j for j = 1..K), one
god per question (god 0 at the root: every god is alike there), and one symmetry cut that keeps every
answer: at each question the first child's counts are lexicographically at least the second's (swapping a
question's two subtrees maps a strategy to a strategy). Satisfiable: the tree is read off, turned into
splits over the puzzle's representatives by copies.py's reader and worded and verified by smullyan.
Unsatisfiable: no strategy of D questions exists (the solver's word; with --cnf the formula is written for a
proof-producing solver). Exit 0 answered, 1 verification failed, 2 bad input, 3 the time limit, 70 internal.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import threading
import time


class Formula:
    """Clauses over numbered variables."""

    def __init__(self) -> None:
        self.top = 0
        self.clauses: list[list[int]] = []

    def var(self) -> int:
        """Return a new variable."""
        self.top += 1
        return self.top

    def add(self, clause: list[int]) -> None:
        """Add a clause, dropping the constant false literal 0 (constant true clauses are not passed)."""
        self.clauses.append([lit for lit in clause if lit != 0])


def count_formula(n: int, r: int, k: int, depth: int) -> tuple[Formula, list[int], dict, dict]:
    """Return the formula, the world masks, the count variables x[(node, world)] (a list, x[j-1] = count >= j)
    and the god variables y[(node, god)] for the count model of n gods, r random, k copies, `depth` questions."""
    masks = sorted(sum(1 << g for g in c) for c in itertools.combinations(range(n), r))
    f = Formula()
    nodes = 2 ** (depth + 1)
    x: dict[tuple[int, int], list[int]] = {}
    y: dict[tuple[int, int], int] = {}
    TRUE = f.var()
    f.add([TRUE])
    for v in range(1, nodes):
        for w in range(len(masks)):
            bits = [f.var() for _ in range(k)]
            x[v, w] = bits
            for j in range(k - 1):
                f.add([-bits[j + 1], bits[j]])  # c >= j+2 implies c >= j+1
    for w in range(len(masks)):
        for b in x[1, w]:
            f.add([b])  # the root holds every world
    ge = lambda v, w, j: TRUE if j <= 0 else (x[v, w][j - 1] if j <= k else -TRUE)  # literal "c >= j"
    for v in range(1, 2 ** depth):
        gods = [f.var() for _ in range(n)]
        for g in range(n):
            y[v, g] = gods[g]
        f.add(gods)
        for a, b in itertools.combinations(gods, 2):
            f.add([-a, -b])
        if v == 1:
            f.add([gods[0]])
        left, right = 2 * v, 2 * v + 1
        for w, m in enumerate(masks):
            inside = [gods[g] for g in range(n) if m >> g & 1]
            z = f.var()  # the question's god is random in S
            f.add([-z, *inside])
            for lit in inside:
                f.add([-lit, z])
            for j in range(1, k + 1):  # random in S: both children keep c
                for child in (left, right):
                    f.add([-z, -ge(child, w, j), ge(v, w, j)])
                    f.add([-z, ge(child, w, j), -ge(v, w, j)])
            for a in range(k + 1):  # otherwise c_left + c_right = c
                for b in range(k + 1):
                    if a + b >= 1:
                        f.add([z, -ge(left, w, a), -ge(right, w, b), ge(v, w, a + b)])
                    if a + b + 1 <= k:
                        f.add([z, ge(left, w, a + 1), ge(right, w, b + 1), -ge(v, w, a + b + 1)])
        prefix_equal = TRUE  # lexicographic order of the two children's count vectors
        for w in range(len(masks)):
            for j in range(1, k + 1):
                f.add([-prefix_equal, -ge(right, w, j), ge(left, w, j)])
            if w == len(masks) - 1:
                break
            greater = []
            for j in range(1, k + 1):
                t = f.var()  # left >= j > right
                f.add([-t, ge(left, w, j)])
                f.add([-t, -ge(right, w, j)])
                greater.append(t)
            nxt = f.var()
            f.add([-prefix_equal, nxt, *greater])
            prefix_equal = nxt
    from pysat.card import CardEnc, EncType

    for v in range(2, 2 ** depth):  # a node with r questions left holds at most 2^r worlds (redundant)
        left_q = depth - (v.bit_length() - 1)
        if 2 ** left_q < len(masks) * k:
            lits = [b for w in range(len(masks)) for b in x[v, w]]
            card = CardEnc.atmost(lits, bound=2 ** left_q, top_id=f.top, encoding=EncType.seqcounter)
            f.top = max(f.top, card.nv)
            f.clauses.extend(card.clauses)
    for v in range(2 ** depth, nodes):  # a leaf holds at most one world
        ones = []
        for w in range(len(masks)):
            if k >= 2:
                f.add([-ge(v, w, 2)])
            ones.append(ge(v, w, 1))
        # sequential counter: at most one of `ones`
        s_prev = None
        for i, lit in enumerate(ones):
            s = f.var()
            f.add([-lit, s])
            if s_prev is not None:
                f.add([-s_prev, s])
                f.add([-s_prev, -lit])
            s_prev = s
    return f, masks, x, y


def read_tree(model: set[int], masks: list[int], x: dict, y: dict, n: int, k: int, depth: int) -> list[str]:
    """Return the satisfying tree in copies.c's text form (pre-order; "Q g a_1..a_W" or "L")."""
    count = lambda v, w: sum(1 for b in x[v, w] if b in model)
    lines: list[str] = []

    def node(v: int, d: int) -> None:
        if d == 0 or sum(count(v, w) for w in range(len(masks))) <= 1:
            lines.append("L")
            return
        g = next(g for g in range(n) if y[v, g] in model)
        lines.append(f"Q {g} " + " ".join(str(count(2 * v, w)) for w in range(len(masks))))
        node(2 * v, d - 1)
        node(2 * v + 1, d - 1)

    node(1, depth)
    return lines


def main() -> None:
    from pysat.solvers import Solver

    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    from copies import load_row, word_and_verify
    from run import fail

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzle")
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--solver", default="cadical195")
    ap.add_argument("--limit", type=float, default=3600.0, help="seconds")
    ap.add_argument("--out", help="write the verified strategy here (JSON)")
    ap.add_argument("--cnf", help="also write the formula here (DIMACS)")
    args = ap.parse_args()
    if not 1 <= args.depth <= 12:
        raise fail("--depth must be 1 to 12", 2)
    row = load_row(args.puzzle)
    n, r, k = row.n, row.r, row.k
    start = time.perf_counter()
    formula, masks, x, y = count_formula(n, r, k, args.depth)
    print(f"{args.puzzle}: {formula.top} variables, {len(formula.clauses)} clauses "
          f"({time.perf_counter() - start:.1f} s)", flush=True)
    if args.cnf:
        with open(args.cnf, "w", encoding="ascii") as fh:
            fh.write(f"p cnf {formula.top} {len(formula.clauses)}\n")
            fh.writelines(" ".join(map(str, c)) + " 0\n" for c in formula.clauses)
    with Solver(name=args.solver, bootstrap_with=formula.clauses) as solver:
        timer = threading.Timer(args.limit, solver.interrupt)
        timer.start()
        start = time.perf_counter()
        answer = solver.solve_limited(expect_interrupt=True)
        timer.cancel()
        seconds = time.perf_counter() - start
        stats = solver.accum_stats()
        if answer is None:
            raise fail(f"{args.puzzle}: the solver was stopped after {seconds:.0f} s, undecided ({stats})", 3)
        if answer is False:
            print(f"{args.puzzle}: no strategy of {args.depth} questions (count model, {args.solver}: "
                  f"unsatisfiable in {seconds:.1f} s; {stats})")
            return
        model = {lit for lit in solver.get_model() if lit > 0}
    print(f"{args.puzzle}: satisfiable in {seconds:.1f} s; wording and verifying", flush=True)
    word_and_verify(row, read_tree(model, masks, x, y, n, k, args.depth), args.depth, args.out)

if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
