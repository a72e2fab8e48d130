"""Benchmarks for the n-gods survey (issue 5). Run: python benchmarks/bench_survey.py

Prints one table: survey time per number of gods, the 5-god expected optimum, and how cost grows
with n. The reference is the representative search this project used before the pattern search
(StrategySearch over the complete language, one node per world set), run here in the same process
on the same puzzles with a time cap per puzzle; a capped reference is printed as '> cap'.
"""

from __future__ import annotations

import platform
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import print_table, timed  # noqa: E402

from smullyan.errors import SearchLimitReached  # noqa: E402
from smullyan.interrogate.anylang import AnyLanguage  # noqa: E402
from smullyan.interrogate.expected import ExpectedSearch  # noqa: E402
from smullyan.interrogate.expected_patterns import PatternExpected  # noqa: E402
from smullyan.interrogate.patterns import PatternSearch  # noqa: E402
from smullyan.interrogate.search import Budget, Limits, StrategySearch  # noqa: E402
from smullyan.survey.run import run_survey  # noqa: E402
from smullyan.survey.table import Reading, gods_puzzle, multisets  # noqa: E402

CAP = 20.0  # seconds per puzzle for the reference


def reference_worst(types) -> bool:
    """Solve one multiset's worst case with the representative search; False if it hit the cap."""
    p = gods_puzzle(types, Reading())
    budget = Budget(Limits(seconds=CAP))
    anyl = AnyLanguage(p.contexts(), p.goal, budget)
    search = StrategySearch(anyl.n_reps, anyl.goal_class, anyl.max_outcomes, anyl, budget)
    root = (1 << anyl.n_reps) - 1
    try:
        if search.solvable(root):
            k = 0
            while search.solve(root, k) is None:
                k += 1
        return True
    except SearchLimitReached:
        return False


def reference_survey(n: int) -> tuple[float, int]:
    """Return (seconds, puzzles that hit the cap) of the reference over every multiset of n gods."""
    start, capped = time.perf_counter(), 0
    for types in multisets(n, n):
        capped += not reference_worst(types)
    return time.perf_counter() - start, capped


def expected_both(types, within):
    """Return (counted seconds, representative seconds or None if capped, value)."""
    p = gods_puzzle(types, Reading(random="word"))
    budget = Budget()
    anyl = AnyLanguage(p.contexts(), p.goal, budget)
    worst = PatternSearch.applicable(anyl, budget)
    t = time.perf_counter()
    counted = PatternExpected(worst, budget)
    value = counted.value(counted.state_of({r: 0 for r in range(anyl.n_reps)}), within)
    ours = time.perf_counter() - t
    t = time.perf_counter()
    try:
        plain = ExpectedSearch(anyl, worst, Budget(Limits(seconds=CAP)))
        assert plain.value({r: Fraction(len(m)) for r, m in enumerate(anyl.members)}, within) == value
        ref = time.perf_counter() - t
    except SearchLimitReached:
        ref = None
    return ours, ref, value


def main() -> None:
    rows = []
    for n in range(2, 7):
        specs = multisets(n, n)
        worst, _ = timed(lambda: run_survey(specs, Reading(expected=False), workers=1), repeat=1)
        ref, capped = reference_survey(n)
        note = f"{len(specs)} multisets; reference capped on {capped} at {CAP:g} s" if capped else f"{len(specs)} multisets"
        rows.append((f"n={n}: worst case + solvability, 1 process", worst, None if capped else ref, note))
        full, result = timed(lambda: run_survey(specs, Reading(seconds=20), workers=2), repeat=1)
        missing = sum(1 for r in result if r.note)
        rows.append((f"n={n}: worst + expected (20 s limit each), 2 processes", full, None,
                     f"{missing} expected left empty at the limit" if missing else "complete"))
    whole, result = timed(lambda: run_survey(multisets(2, 6), Reading(seconds=20), workers=2), repeat=1)
    rows.append(("whole survey n=2..6, 2 processes (the CLI default)", whole, None,
                 f"{sum(1 for r in result if r.note)} of {len(result)} expected figures left empty"))
    for types, within in ((("random", "random", "liar", "liar", "liar"), 6), (("truthful", "liar", "liar", "random"), 5),
                          (("truthful", "truthful", "liar", "liar", "random"), 7),
                          (("truthful", "truthful", "liar", "random", "random"), 7),
                          (("truthful", "truthful", "truthful", "liar", "liar", "random"), 8),
                          (("truthful", "truthful", "truthful", "liar", "random", "random"), 8),
                          (("truthful", "truthful", "liar", "liar", "random", "random"), 9)):
        ours, ref, value = expected_both(types, within)
        rows.append((f"expected optimum {','.join(t[0].upper() for t in types)} within {within}: {value}", ours, ref,
                     "" if ref else f"reference > {CAP:g} s"))
    print(f"machine: {platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}")
    print_table(rows)


if __name__ == "__main__":
    main()
