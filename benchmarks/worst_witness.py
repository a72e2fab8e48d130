"""The worst-case search with and without the ranked witness (design note 39), side by side in one run.

Run: python benchmarks/worst_witness.py [ROWS ...] [--limit SECONDS]

ROWS spell the gods (T truthful, L liar, R random; default TTTLRRR TTLLRRR TTTTRRR, the 7-god rows
with three random gods). Each row is solved for the fewest questions in the worst case twice, in
this process, under the same time limit: once as `solve` does it (a level the exact pattern search
does not settle on its share is offered to the ranked search capped at that level), once with the
witness switched off (the exact search alone, as the release before it). For each the answer (or
what was proved when the limit stopped it), the seconds and the peak resident memory of the process
so far are printed, then the ratio of times. A found strategy is always worded and verified.
"""

from __future__ import annotations

import argparse
import resource
import time

from smullyan.errors import SearchLimitReached
from smullyan.interrogate import patterns
from smullyan.interrogate.search import Limits
from smullyan.interrogate.solve import solve
from smullyan.survey.table import Reading, gods_puzzle

TYPES = {"T": "truthful", "L": "liar", "R": "random"}


def run(letters: str, limit: float, witness: bool) -> tuple[str, float]:
    """Return (what the worst-case solve found or proved, seconds) with the witness on or off."""
    puzzle = gods_puzzle(tuple(TYPES[c] for c in letters), Reading())
    real = patterns.PatternSearch.fewest
    if not witness:
        patterns.PatternSearch.fewest = lambda self, reps, bound, _witness=None: real(self, reps, bound)
    start = time.perf_counter()
    try:
        sol = solve(puzzle, Limits(seconds=limit))
        said = f"{sol.questions} questions (proved)"
    except SearchLimitReached as e:
        refuted = e.proved.get("fewer_impossible")
        said = f"limit: {refuted} refuted, so >= {refuted + 1}" if refuted is not None else "limit"
    finally:
        patterns.PatternSearch.fewest = real
    return said, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rows", nargs="*", default=["TTTLRRR", "TTLLRRR", "TTTTRRR"])
    ap.add_argument("--limit", type=float, default=300.0)
    args = ap.parse_args()
    print("| gods | with the witness | seconds | exact search alone | seconds | ratio |")
    print("|---|---|---:|---|---:|---:|")
    for letters in args.rows:
        on, t_on = run(letters.upper(), args.limit, True)
        off, t_off = run(letters.upper(), args.limit, False)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        ratio = f"{t_off / t_on:.1f}x" if "limit" not in off else f"> {t_off / t_on:.1f}x"
        print(f"| {letters} | {on} | {t_on:.1f} | {off} | {t_off:.1f} | {ratio} |  (peak so far {peak:,.0f} MB)",
              flush=True)


if __name__ == "__main__":
    main()
