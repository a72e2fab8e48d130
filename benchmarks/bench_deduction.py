"""Benchmarks for deduction puzzles (issue 3). Run: python benchmarks/bench_deduction.py [--data ../shared/data]

References run in the same process:
- K&K: a plain brute force over all 2^n knight/knave assignments evaluating each statement tuple
  recursively, as the K&K authors' solver does (they report ~20 ms per 8-person puzzle).
- Grids: python-constraint's backtracking solver (if installed: pip install python-constraint) on the
  same generated puzzles.
"""

from __future__ import annotations

import argparse
import ast
import itertools
import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, print_table, timed  # noqa: E402

from smullyan.deduce.model import Constraint, Deduction  # noqa: E402
from smullyan.deduce.solve import solve_deduction  # noqa: E402
from smullyan.formats.deduction_toml import grid_from_dict  # noqa: E402
from smullyan.formats.kk import kk_puzzle  # noqa: E402
from smullyan.formats.puzzle_toml import load_puzzle  # noqa: E402
from smullyan.logic import expr as E  # noqa: E402


def brute_force_kk(statements: tuple, n: int) -> list[tuple[bool, ...]]:
    """Return every knight (True) / knave assignment consistent with the statements, trying all 2^n."""
    return [a for a in itertools.product((True, False), repeat=n)
            if all(brute_force_value(s, a) == a[i] for i, s in enumerate(statements))]


def bench_kk(path: Path, per_size: int) -> list[tuple]:
    rows = []
    records = [json.loads(line) for line in path.read_text().splitlines()]
    for n in range(2, 9):
        sample = [r for r in records if r["n_people"] == n][:per_size]
        t = time.perf_counter()
        for r in sample:
            res = solve_deduction(kk_puzzle(r))
            assert [tuple(x == "truthful" for x in w.types) for w in res.worlds] == [tuple(r["solution"])]
        ours = (time.perf_counter() - t) / len(sample)
        t = time.perf_counter()
        for r in sample:
            assert brute_force_kk(ast.literal_eval(r["statements"]), n) == [tuple(r["solution"])]
        ref = (time.perf_counter() - t) / len(sample)
        rows.append((f"K&K {n} people (parse + solve, per puzzle, {len(sample)} puzzles)", ours, ref, "2^n brute force"))
    return rows


def bench_random_kk() -> list[tuple]:
    rows = []
    for n in (12, 16):
        rec = random_kk_record(n, seed=n)
        ours, res = timed(lambda: solve_deduction(kk_puzzle(rec)), repeat=3)
        ref, sols = timed(lambda: brute_force_kk(ast.literal_eval(rec["statements"]), n), repeat=1)
        assert len(sols) == res.consistent
        rows.append((f"random {n}-person K&K ({res.consistent} worlds)", ours, ref, "2^n brute force"))
    return rows


def random_kk_record(n: int, seed: int) -> dict:
    """Return a random K&K record (statement tuples) consistent with a hidden assignment."""
    rng = random.Random(seed)
    knight = [rng.random() < 0.5 for _ in range(n)]

    def atom():
        return ("telling-truth" if rng.random() < 0.5 else "lying", rng.randrange(n))

    statements = []
    for i in range(n):
        a, b = atom(), atom()
        s = rng.choice([("and", a, b), ("or", a, b), ("<=>", a, b), ("->", a, b), a])
        if brute_force_value(s, knight) != knight[i]:
            s = ("not", s)
        statements.append(s)
    return {"id": f"random-{n}", "names": [f"P{i}" for i in range(n)], "statements": repr(tuple(statements))}


def brute_force_value(s, a) -> bool:
    """Return the truth of a K&K statement tuple under an assignment."""
    h = s[0]
    if h == "telling-truth":
        return a[s[1]]
    if h == "lying":
        return not a[s[1]]
    if h == "not":
        return not brute_force_value(s[1], a)
    if h == "and":
        return all(brute_force_value(x, a) for x in s[1:])
    if h == "or":
        return any(brute_force_value(x, a) for x in s[1:])
    if h == "->":
        return (not brute_force_value(s[1], a)) or brute_force_value(s[2], a)
    return brute_force_value(s[1], a) == brute_force_value(s[2], a)


def random_kk(n: int, seed: int) -> Deduction:
    """Return a random n-person knights-and-knaves puzzle consistent with a hidden assignment."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(n)]
    knight = [rng.random() < 0.5 for _ in range(n)]

    def atom():
        j = rng.randrange(n)
        return E.TypeIs(names[j], "truthful" if rng.random() < 0.5 else "liar"), None

    def holds(e):
        if isinstance(e, E.TypeIs):
            return knight[names.index(e.agent)] == (e.type == "truthful")
        if isinstance(e, E.Not):
            return not holds(e.arg)
        if isinstance(e, E.And):
            return all(holds(x) for x in e.args)
        if isinstance(e, E.Or):
            return any(holds(x) for x in e.args)
        return holds(e.left) == holds(e.right)

    constraints = []
    for i in range(n):
        a, b = atom()[0], atom()[0]
        s = rng.choice([E.And((a, b)), E.Or((a, b)), E.Iff(a, b), a])
        if holds(s) != knight[i]:
            s = E.Not(s)
        constraints.append(Constraint(f"statement {i + 1}", E.Says(names[i], s)))
    return Deduction(tuple(names), tuple(("truthful", "liar") for _ in names), constraints=tuple(constraints))


def random_grid(houses: int, cats: int, seed: int) -> dict:
    """Return a grid puzzle (TOML-shaped dict) with a unique solution: random true clues are added
    until the solution is unique, then every clue implied by the others is removed."""
    rng = random.Random(seed)
    categories = {f"c{k}": [f"v{k}_{i}" for i in range(houses)] for k in range(cats)}
    pos = {}
    for c, vals in categories.items():
        perm = list(range(1, houses + 1))
        rng.shuffle(perm)
        pos.update({v: p for v, p in zip(vals, perm)})
    values = list(pos)
    clues = []
    data = {"kind": "grid", "houses": houses, "categories": categories, "clue": clues}
    while True:
        for _ in range(4):
            x, y = rng.sample(values, 2)
            px, py = pos[x], pos[y]
            options = [["not_at", x, rng.choice([h for h in range(1, houses + 1) if h != px])]]
            if px == py:
                options.append(["same", x, y])
            if px < py:
                options.append(["left_of", x, y])
            if px + 1 == py:
                options.append(["directly_left", x, y])
            if abs(px - py) == 1:
                options.append(["next_to", x, y])
            if rng.random() < 0.15:
                options.append(["at", x, px])
            clues.append({"expr": rng.choice(options)})
        if unique(data):
            break
    for clue in list(clues):  # drop clues the others already imply: fewer clues, harder search
        clues.remove(clue)
        if not unique(data):
            clues.append(clue)
    return data


def unique(data: dict) -> bool:
    """Return whether a grid puzzle has exactly one solution."""
    from smullyan.deduce.sat import SatBackend
    return len(SatBackend(grid_from_dict(data)).worlds(limit=2)) == 1


def constraint_solve(data: dict) -> int:
    """Return the number of solutions python-constraint's backtracking solver finds."""
    import constraint as pc
    p = pc.Problem()
    houses = list(range(1, data["houses"] + 1))
    for vals in data["categories"].values():
        p.addVariables(vals, houses)
        p.addConstraint(pc.AllDifferentConstraint(), vals)
    rel = {"same": lambda a, b: a == b, "left_of": lambda a, b: a < b, "directly_left": lambda a, b: a + 1 == b,
           "next_to": lambda a, b: abs(a - b) == 1}
    for clue in data["clue"]:
        head, x, y = clue["expr"]
        if head == "not_at":
            p.addConstraint(lambda a, h=y: a != h, [x])
        elif head == "at":
            p.addConstraint(lambda a, h=y: a == h, [x])
        else:
            p.addConstraint(rel[head], [x, y])
    return len(p.getSolutions())




def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--per-size", type=int, default=100)
    args = ap.parse_args()
    rows = []
    kk = Path(args.data) / "knights_knaves" / "kk_clean.jsonl"
    if kk.exists():
        rows += bench_kk(kk, args.per_size)
    rows += bench_random_kk()
    for n in (100, 200):
        puzzle = random_kk(n, seed=n)
        t, res = timed(lambda: solve_deduction(puzzle), repeat=3)
        rows.append((f"random {n}-person knights and knaves ({res.consistent} worlds, all found)", t, None, ""))
    zebra = load_puzzle(ROOT / "examples" / "zebra.toml")
    t, res = timed(lambda: solve_deduction(zebra), repeat=5)
    rows.append(("classic 5x5 zebra (all solutions, unique)", t, None, ""))
    try:
        import constraint  # noqa: F401
        have_pc = True
    except ImportError:
        have_pc = False
    for houses, cats, seed in ((5, 5, 1), (6, 6, 2), (8, 8, 3)):
        data = random_grid(houses, cats, seed)
        puzzle = grid_from_dict(data)
        t, res = timed(lambda: solve_deduction(puzzle), repeat=3)
        assert res.unique
        ref = None
        if have_pc:
            ref, n = timed(lambda: constraint_solve(data), repeat=1)
            assert n == 1
        rows.append((f"generated {houses}x{cats} grid, {len(data['clue'])} clues (all solutions)", t, ref,
                     "python-constraint" if have_pc else ""))
    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    print_table(rows)


if __name__ == "__main__":
    main()
