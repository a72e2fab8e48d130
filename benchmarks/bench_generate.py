"""Generation at scale: puzzles per second on this machine, beside the published brute-force approach.

    python benchmarks/bench_generate.py [kk] [ages] [zebra] [gods] [grade] [--quick]

- kk: 10,000 unique, irredundant 8-person knights-and-knaves puzzles (2 workers), each worded in English
  and read back, explained and graded; beside it, in the same run, the K&K benchmark's brute-force
  generator (benchmarks/reference_kk.py): its rate for unique puzzles, how many of them have a statement
  that can be dropped, and its rate for irredundant ones (brute force again for each statement).
- ages, zebra (1,000 6x6), gods (100 with proved fewest questions): rates with 2 workers; zebra beside
  a brute-force uniqueness check of the same puzzles (reference_zebra.py) on a few of them.
- grade: does the grade track solving effort? For 400 8-person puzzles, the effort of a solver that
  knows nothing of our SAT checks (reasoning one statement at a time, splitting cases when stuck),
  by grade, and the rank correlation. grade_zebra: for 300 6x6 grids, the decisions and conflicts
  a fresh SAT solver needs to solve each and prove it unique, by grade.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import common  # noqa: F401  (puts src on the path)
import reference_kk

import smullyan
from smullyan.api.generation import generate

QUICK = "--quick" in sys.argv


def rate_of(kind: str, count: int, workers: int = 2, **options) -> tuple[float, object]:
    """Return (seconds, tally) to make `count` puzzles of a kind."""
    t = time.perf_counter()
    run = generate(kind, count, seed=1, workers=workers, **options)
    for _ in run:
        pass
    return time.perf_counter() - t, run.tally


def kk() -> None:
    n = 1000 if QUICK else 10_000
    seconds, tally = rate_of("kk", n, people=8)
    print(f"smullyan kk 8 people: {n:,} unique, irredundant, worded, read back, explained in {seconds:.1f} s "
          f"on 2 workers ({n / seconds:,.0f}/s; tried {tally.tried:,}, {tally.duplicates} duplicates, "
          f"{tally.given_up} given up, {tally.unworded} not worded)")
    rng = random.Random(1)
    t = time.perf_counter()
    unique, tries = [], 0
    while len(unique) < (200 if QUICK else 1000):
        tries += 1
        s = reference_kk.make(rng, 8)
        if s is not None:
            unique.append(s)
    ref_unique = time.perf_counter() - t
    t = time.perf_counter()
    irredundant = [s for s in unique if not reference_kk.redundant(s, 8)]
    ref_check = time.perf_counter() - t
    per_unique = ref_unique / len(unique)
    per_irredundant = (ref_unique + ref_check) / max(1, len(irredundant))
    print(f"reference (brute force over 2^8, 1 process): {len(unique):,} unique in {ref_unique:.2f} s "
          f"({1 / per_unique:,.0f}/s, {tries:,} draws); {len(unique) - len(irredundant):,} of them "
          f"({(len(unique) - len(irredundant)) / len(unique):.0%}) have a statement that can be dropped; "
          f"irredundant ones at {1 / per_irredundant:,.0f}/s (no English, no explanation)")
    ours_per_core = seconds * 2 / n
    print(f"per core: smullyan {ours_per_core * 1000:.2f} ms per irredundant worded puzzle; reference "
          f"{per_irredundant * 1000:.2f} ms per irredundant puzzle ({per_irredundant / ours_per_core:.1f}x), "
          f"{per_unique * 1000:.2f} ms per unique one")


def simple(kind: str, count: int, **options) -> None:
    seconds, tally = rate_of(kind, count, **options)
    print(f"smullyan {kind} {options}: {count:,} in {seconds:.1f} s on 2 workers ({count / seconds:,.1f}/s; "
          f"tried {tally.tried:,}, {tally.duplicates} duplicates, {tally.given_up} given up, "
          f"{tally.filtered} filtered, {tally.unworded} not worded)")


def zebra() -> None:
    import reference_zebra

    simple("zebra", 100 if QUICK else 1000)
    for size in (4, 5):
        seconds, _ = rate_of("zebra", 100, workers=1, houses=size, categories=size, names=False,
                             kinds="same,not_same,at,directly_left,next_to,left_of")
        print(f"smullyan zebra {size}x{size}, the reference's six clue kinds, 1 process: {seconds / 100 * 1000:.1f} ms "
              "per puzzle (worded, read back, explained)")
    reference_zebra.compare(3 if QUICK else 5)


def gods() -> None:
    simple("gods", 20 if QUICK else 100)


def ages() -> None:
    simple("ages", 200 if QUICK else 1000)


# ---------------------------------------------------------------- grade against effort

def effort(puzzle) -> int:
    """Return the work of a plain reasoner: statements examined, one at a time with what is known (each
    examination tries every assignment of the people it mentions); when nothing follows, it splits on
    the first unknown person, depth first, and every examination in every branch counts."""
    people = list(puzzle.agents)
    stmts = []
    for c in puzzle.constraints:
        e = c.expr
        mentioned = sorted({e.agent} | _people(e.statement), key=people.index)
        stmts.append((e, mentioned))
    work = 0

    def solve(known: dict[str, bool]) -> bool:
        nonlocal work
        known = dict(known)
        changed = True
        while changed:
            changed = False
            for e, mentioned in stmts:
                free = [p for p in mentioned if p not in known]
                work += 1
                fits = []
                for bits in range(1 << len(free)):
                    w = dict(known)
                    w.update({p: bool(bits >> i & 1) for i, p in enumerate(free)})
                    if _said(e, w):
                        fits.append(w)
                if not fits:
                    return False
                for p in free:
                    vals = {w[p] for w in fits}
                    if len(vals) == 1:
                        known[p] = vals.pop()
                        changed = True
        unknown = [p for p in people if p not in known]
        if not unknown:
            return True
        for v in (True, False):
            if solve({**known, unknown[0]: v}):
                return True
        return False

    solve({})
    return work


def _people(e) -> set[str]:
    from smullyan.logic import expr as E

    if isinstance(e, E.TypeIs):
        return {e.agent}
    return set().union(*(_people(k) for k in e.children())) if e.children() else set()


def _said(e, w: dict[str, bool]) -> bool:
    return w[e.agent] == _holds(e.statement, w)


def _holds(e, w: dict[str, bool]) -> bool:
    from smullyan.logic import expr as E

    match e:
        case E.TypeIs(a, t):
            return w[a] == (t == "knight")
        case E.Not(x):
            return not _holds(x, w)
        case E.And(xs):
            return all(_holds(x, w) for x in xs)
        case E.Or(xs):
            return any(_holds(x, w) for x in xs)
        case E.Implies(a, b):
            return not _holds(a, w) or _holds(b, w)
        case E.Iff(a, b):
            return _holds(a, w) == _holds(b, w)
        case E.Count(items, op, n):
            return E.compare(op, sum(_holds(x, w) for x in items), n)
    raise TypeError(e)


def grade() -> None:
    n = 100 if QUICK else 400
    rows = []
    for g in generate("kk", n, seed=2, workers=2, people=8):
        rows.append((g.difficulty["grade"], g.difficulty["mean_forcing"], effort(g.puzzle.model)))
    print_grades(f"grade vs effort of a plain reasoner ({n} 8-person puzzles, seed 2):", rows, "mean forcing-set size")


def print_grades(title: str, rows: list[tuple], other: str) -> None:
    """Print mean and median effort per grade, and the rank correlations of (grade, other measure, effort) rows."""
    by: dict[int, list[int]] = {}
    for gr, _, eff in rows:
        by.setdefault(gr, []).append(eff)
    print(title)
    print(f"{'grade':>6} {'puzzles':>8} {'mean effort':>12} {'median':>8}")
    for gr in sorted(by):
        print(f"{gr:>6} {len(by[gr]):>8} {statistics.mean(by[gr]):>12.1f} {statistics.median(by[gr]):>8.0f}")
    print(f"Spearman rank correlation, grade vs effort: {_spearman([r[0] for r in rows], [r[2] for r in rows]):.2f}; "
          f"{other} vs effort: {_spearman([r[1] for r in rows], [r[2] for r in rows]):.2f}")


def sat_effort(model) -> int:
    """Return the decisions plus conflicts a fresh Glucose solver needs to find the puzzle's solution and
    prove it is the only one (the grade's step-wise solver plays no part)."""
    from pysat.solvers import Solver

    from smullyan.deduce.sat import SatBackend

    sat = SatBackend(model)
    with Solver(name="glucose4", bootstrap_with=sat.clauses) as s:
        assert s.solve(assumptions=sat.selectors)
        world = sat.world_literals(sat.decode(s.get_model()))
        s.add_clause([-lit for lit in world])
        assert not s.solve(assumptions=sat.selectors)
        stats = s.accum_stats()
    return stats["decisions"] + stats["conflicts"]


def grade_zebra() -> None:
    n = 60 if QUICK else 300
    rows = [(g.difficulty["grade"], g.difficulty["largest_forcing"], sat_effort(g.puzzle.model))
            for g in generate("zebra", n, seed=2, workers=2)]
    print_grades(f"zebra grade vs SAT effort (decisions + conflicts of a fresh solver; {n} 6x6 puzzles, seed 2):",
                 rows, "largest forcing set")


def _ranks(xs: list[float]) -> list[float]:
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    ranks = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def _spearman(xs: list[float], ys: list[float]) -> float:
    return statistics.correlation(_ranks(xs), _ranks(ys))


if __name__ == "__main__":
    import os

    print(f"smullyan {smullyan.__version__}, {os.cpu_count()} cores")
    chosen = [a for a in sys.argv[1:] if not a.startswith("--")] or ["kk", "ages", "zebra", "gods", "grade", "grade_zebra"]
    for name in chosen:
        globals()[name]()
