"""An average search that cannot finish, beside the release before design note 40: memory and what is reported.

Run: python benchmarks/average_stopped.py [PUZZLE.toml ...] [--limit SECONDS]

Each puzzle (default: the brewery's hard variant, three words and a random speaker, whose exact average
search does not finish) is solved with `objective="expected"` in its own process, once with this
checkout's HEAD and once with commit EARLIER (the last before candidate batches and polishing), each
unpacked from git into a temporary directory, under the same time limit. Printed per run: what was
proved when the limit stopped it (lower bound, verified upper bound), the splits explored, the seconds
and the peak resident memory of the process, and the ratio of peaks.
"""

from __future__ import annotations

import argparse
import platform
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_frontier import JOB_HEAD, head_and_snapshots, run  # noqa: E402
from common import ROOT  # noqa: E402

EARLIER = "41e1ccb"  # the last commit before design note 40

JOB = JOB_HEAD + r"""
import dataclasses
from smullyan.formats.puzzle_toml import load_puzzle
path, limit = sys.argv[1], float(sys.argv[2])
puzzle = dataclasses.replace(load_puzzle(path), objective="expected")
t = time.perf_counter()
try:
    sol = solve(puzzle, Limits(seconds=limit))
    report(f"{sol.expected} (optimum)", t)
except LimitReached as e:
    proved = e.proved or {}
    report("limit", t, at_least=proved.get("expected_at_least"), at_most=proved.get("expected_at_most"),
           splits=str(e).split("s, ")[-1].split(" splits")[0] if " splits" in str(e) else "")
"""


def shown(r: dict) -> str:
    """Return what a run proved or found."""
    if r["result"] != "limit":
        return r["result"]
    low, high = r.get("at_least"), r.get("at_most")
    return f"≥ {low or '—'}, ≤ {high or '—'} ({r.get('splits') or '?'} splits)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzles", nargs="*", default=["examples/brewery_hard.toml"])
    ap.add_argument("--limit", type=float, default=120.0)
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        head, new_src, old_src = head_and_snapshots(EARLIER, Path(tmp))
        for path in args.puzzles:
            job = [str(ROOT / path)]
            new, old = run(new_src, JOB, job, args.limit), run(old_src, JOB, job, args.limit)
            ratio = old["peak_mb"] / max(new["peak_mb"], 1.0)
            rows.append((path, shown(new), f"{new['seconds']:.1f}", f"{new['peak_mb']:,.0f}",
                         shown(old), f"{old['seconds']:.1f}", f"{old['peak_mb']:,.0f}", f"{ratio:.1f}×"))
            print(" | ".join(rows[-1]), file=sys.stderr, flush=True)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}; this checkout = HEAD {head}, "
          f"earlier = {EARLIER}; limit {args.limit:g} s per run\n")
    print(f"| puzzle | smullyan | s | MB | earlier ({EARLIER}) | s | MB | peak ratio |")
    print("|---|---|---:|---:|---|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
