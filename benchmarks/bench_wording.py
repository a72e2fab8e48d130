"""Wording strategies in people's questions (interrogate/realise.py) beside the commit before the
costly grammar levels were capped, same run. Run: python benchmarks/bench_wording.py

Each job is a whole `solve` as a user runs it (the API's `gods(..., language="any")` with the default
max_complexity 2, objective "expected"; the brewery: `smullyan solve examples/brewery_hard.toml`):
the search, the wording of every split and the verification, in its own process with this checkout's
last commit (HEAD) and with the commit before the cap (BEFORE), each unpacked from git (bench_frontier's
helpers), under the same time limit. The search is the same in both; the difference is the wording.
"""

from __future__ import annotations

import platform
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_frontier import JOB, JOB_HEAD, head_and_snapshots, leaderboard, ratio, run, shown  # noqa: E402
from common import ROOT  # noqa: E402

BEFORE = "d1f4b55"  # the last commit before COSTLY_PAIRS / COSTLY_SCAN
LIMIT = 180.0  # seconds per job
ROWS = ["TTLRR", "TTTLRR", "TTLLRR", "TTTTLRR"]

GODS_JOB = JOB_HEAD + r"""
letters, limit = sys.argv[1], sys.argv[2]
types = [{"T": "truthful", "L": "liar", "R": "random"}[c] for c in letters]
puzzle = smullyan.gods(list("ABCDEFGH"[:len(letters)]), types, random="coin", language="any")
t = time.perf_counter()
try:
    r = puzzle.solve(objective="expected", limit=f"{float(limit):g}s")
    report(f"{r.expected}", t)
except smullyan.LimitReached:
    report("limit", t)
"""


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        head, new_src, old_src = head_and_snapshots(BEFORE, Path(tmp))
        jobs = [(f"{leaderboard(x)} ({','.join(x)}): average, worded and verified", GODS_JOB, [x]) for x in ROWS]
        jobs.append(("BoolosBrewery hard variant: 5-question strategy, worded and verified", JOB,
                     [str(ROOT / "examples" / "brewery_hard.toml"), "-"]))
        for name, job, args in jobs:
            new, old = run(new_src, job, args, LIMIT), run(old_src, job, args, LIMIT)
            rows.append((name, shown(new, LIMIT), shown(old, LIMIT), ratio(new, old, LIMIT)))
            print(" | ".join(rows[-1]), file=sys.stderr, flush=True)
    print(f"machine: {platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}; "
          f"this checkout = HEAD {head}, before the cap = {BEFORE}; limit {LIMIT:g} s per job\n")
    print(f"| solve | smullyan | before ({BEFORE}) | ratio |\n|---|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
