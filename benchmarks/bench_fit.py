"""Averages at their lower bound (interrogate/fitting.py) beside the release before it, same run.
Run: python benchmarks/bench_fit.py

Each job is one n-god leaderboard row's fewest questions on average (`solve`, objective "expected",
no cap: the survey's call), in its own process with this checkout's last commit (HEAD) and with the
commit before the fit (BEFORE), each unpacked from git (bench_frontier's jobs and helpers), under the
same time limit. Rows whose optimum equals the root's lower bound are found depth first now; the rows
above their bound (T,T,L,R,R and T,T,T,R,R) show what the fit costs where it fails.
"""

from __future__ import annotations

import platform
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_frontier import SURVEY_JOB, figure, head_and_snapshots, leaderboard, ratio, run, seconds  # noqa: E402

BEFORE = "7220f1b"  # the last commit before interrogate/fitting.py
LIMIT = 120.0  # seconds per job
ROWS = ["TTLRR", "TTTRR", "TTTLRR", "TTLLRR", "TTTTTRR", "TTTTLRR", "TTTLLRR", "TTTTTTRR", "TTTTTLRR"]


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        head, new_src, old_src = head_and_snapshots(BEFORE, Path(tmp))
        for letters in ROWS:
            new = run(new_src, SURVEY_JOB, [letters, "expected"], LIMIT)
            old = run(old_src, SURVEY_JOB, [letters, "expected"], LIMIT)
            rows.append((f"{leaderboard(letters)} ({','.join(letters)})",
                         figure(new, "expected"), seconds(new, LIMIT), f"{new['peak_mb']:,.0f}",
                         figure(old, "expected"), seconds(old, LIMIT), f"{old['peak_mb']:,.0f}",
                         ratio(new, old, LIMIT)))
            print(" | ".join(rows[-1]), file=sys.stderr, flush=True)
    print(f"machine: {platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}; "
          f"this checkout = HEAD {head}, before the fit = {BEFORE}; limit {LIMIT:g} s per job\n")
    print(f"| liars, truthful, random | average | s | MB | before ({BEFORE}) | s | MB | ratio |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
