"""The leaf-count floor (design note 44) beside the release before it: worst cases of n-god liar rows.
Run: python benchmarks/bench_leaf_floor.py [--limit 300]

Each job runs `solve` on a survey row (built as the survey builds it) in its own process, once with this
checkout's last commit and once with commit BEFORE (the last without the floor), each unpacked from git
(bench_frontier.py's machinery), under the same time limit. Prints the worst case found (or "limit" with
what was refuted), time, peak memory and the ratio of times.
"""

from __future__ import annotations

import argparse
import platform
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_frontier import SURVEY_JOB, figure, head_and_snapshots, leaderboard, ratio, run, seconds  # noqa: E402

BEFORE = "3f551cb"  # the last commit without interrogate/leaves.py
ROWS = ["TTTLRRR", "TTTTLLRR", "TTTLLLRR", "TTLLRRR"]  # 1,3,3; 2,4,2; 3,3,2; 2,2,3 (open: both stop)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=float, default=300.0)
    a = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        head, new_src, old_src = head_and_snapshots(BEFORE, Path(tmp))
        for letters in ROWS:
            new = run(new_src, SURVEY_JOB, [letters, "worst"], a.limit)
            old = run(old_src, SURVEY_JOB, [letters, "worst"], a.limit)
            rows.append((f"{leaderboard(letters)} ({','.join(letters)})",
                         figure(new, "worst"), seconds(new, a.limit), f"{new['peak_mb']:,.0f}",
                         figure(old, "worst"), seconds(old, a.limit), f"{old['peak_mb']:,.0f}",
                         ratio(new, old, a.limit)))
            print(" | ".join(rows[-1]), file=sys.stderr, flush=True)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}; this checkout = HEAD {head}, "
          f"before = {BEFORE}; limit {a.limit:g} s per job\n")
    print(f"| liars, truthful, random | worst case | s | MB | before ({BEFORE}) | s | MB | ratio |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
