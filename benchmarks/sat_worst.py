"""Fewest questions in the worst case with the SAT search (design note 41), beside the release before it.

Run: python benchmarks/sat_worst.py [PUZZLE.toml ...] [--limit SECONDS]

Each puzzle (default: the three- and four-word puzzles of `benchmarks/puzzles/` that the profile search
could not settle in a minute, and the two three-word examples) is solved for the worst case in its own
process, once with this checkout's HEAD and once with commit EARLIER (the last before the SAT search),
each unpacked from git into a temporary directory, under the same time limit. Printed per run: the
answer (or "limit"), the seconds, and the peak resident memory of the process plus that of its largest
child (the SAT solver runs in one), and the ratio of times.
"""

from __future__ import annotations

import argparse
import platform
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_frontier import JOB, head_and_snapshots, ratio, run  # noqa: E402
from common import ROOT  # noqa: E402

EARLIER = "4e5c2d9"  # the last commit before the SAT search
PUZZLES = ["benchmarks/puzzles/two_gods_four_words.toml", "benchmarks/puzzles/three_gods_four_words.toml",
           "benchmarks/puzzles/four_gods_four_words.toml", "benchmarks/puzzles/yes_sayers.toml",
           "examples/four_gods_three_words.toml", "examples/brewery_hard.toml"]
WITH_CHILDREN = JOB.replace('"peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,',
                            '"peak_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss '
                            '+ resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024,')


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzles", nargs="*", default=PUZZLES)
    ap.add_argument("--limit", type=float, default=60.0)
    args = ap.parse_args()
    assert WITH_CHILDREN != JOB, "the job's memory line changed: count the solver's process again"
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        head, new_src, old_src = head_and_snapshots(EARLIER, Path(tmp))
        for path in args.puzzles:
            job = [str(ROOT / path), "-"]
            new, old = run(new_src, WITH_CHILDREN, job, args.limit), run(old_src, WITH_CHILDREN, job, args.limit)
            rows.append((Path(path).stem, new["result"], f"{new['seconds']:.2f}", f"{new['peak_mb']:,.0f}",
                         old["result"], f"{old['seconds']:.2f}", f"{old['peak_mb']:,.0f}",
                         ratio(new, old, args.limit)))
            print(" | ".join(rows[-1]), file=sys.stderr, flush=True)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}; this checkout = HEAD {head}, "
          f"earlier = {EARLIER}; limit {args.limit:g} s per run\n")
    print(f"| puzzle | smullyan | s | MB | earlier ({EARLIER}) | s | MB | speed-up |")
    print("|---|---|---:|---:|---|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
