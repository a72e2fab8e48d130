"""Verifying strategies beside the earlier release: seconds and peak memory of `smullyan.verify`.

Run: python benchmarks/bench_verify.py [--before REV] [--only NAME]

Each job verifies one stored strategy in its own process (peak memory is that process's ru_maxrss), once
with this checkout's HEAD and once with the earlier release, each unpacked from git into a temporary
directory (bench_frontier.snapshot), and both must give the same verdict, worst case and average.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_frontier import head_and_snapshots

ROOT = Path(__file__).resolve().parent.parent
EARLIER = "c5f96e4"  # the last commit before verify kept outcome bitmasks instead of frozensets
CASES = [  # (name, puzzle, strategy), relative to the repository
    ("boolos (3 gods)", "examples/boolos.toml", "examples/boolos_strategy.json"),
    ("brewery hard, 485/108", "examples/brewery_hard.toml", "examples/brewery_hard_average_strategy.json"),
    ("0,4,3 (7 gods)", "docs/leaderboard/dedicated/gods_0_4_3.toml", "docs/leaderboard/dedicated/gods_0_4_3_strategy.json"),
    ("2,2,3 (7 gods)", "docs/leaderboard/upper/gods_2_2_3.toml", "docs/leaderboard/upper/gods_2_2_3_strategy.json"),
    ("2,3,3 (8 gods)", "docs/leaderboard/upper/gods_2_3_3.toml", "docs/leaderboard/upper/gods_2_3_3_strategy.json"),
    ("2,4,3 (9 gods)", "docs/leaderboard/nine/gods_2_4_3.toml", "docs/leaderboard/nine/gods_2_4_3_strategy.json"),
    ("2,3,4 (9 gods)", "docs/leaderboard/nine/gods_2_3_4.toml", "docs/leaderboard/nine/gods_2_3_4_strategy.json"),
]
JOB = """
import json, resource, sys, time
import smullyan
puzzle = smullyan.load(sys.argv[1])
strategy = smullyan.load_strategy(sys.argv[2], puzzle)
start = time.perf_counter()
v = smullyan.verify(puzzle, strategy)
print(json.dumps({"seconds": time.perf_counter() - start, "ok": v.ok, "worst": v.worst, "expected": str(v.expected),
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "file": smullyan.__file__}))
"""


def run(src: Path, puzzle: str, strategy: str) -> dict:
    """Return one verification's figures, run in a process importing smullyan from src."""
    proc = subprocess.run([sys.executable, "-c", JOB, str(ROOT / puzzle), str(ROOT / strategy)], capture_output=True,
                          text=True, env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"}, timeout=1800)
    if proc.returncode != 0:
        raise SystemExit(f"{puzzle}: {proc.stderr.strip()[-300:]}")
    out = json.loads(proc.stdout)
    if not out["file"].startswith(str(src)):
        raise SystemExit(f"the job imported smullyan from {out['file']}, not from {src}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", default=EARLIER, help="the earlier release's commit")
    ap.add_argument("--only", default=None, help="run only the cases whose name contains this")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        head, new_src, old_src = head_and_snapshots(args.before, Path(tmp))
        for name, puzzle, strategy in CASES:
            if args.only and args.only not in name:
                continue
            new, old = run(new_src, puzzle, strategy), run(old_src, puzzle, strategy)
            same = [new[k] for k in ("ok", "worst", "expected")] == [old[k] for k in ("ok", "worst", "expected")]
            if not same:
                raise SystemExit(f"{name}: the releases disagree: {new} against {old}")
            rows.append(f"| {name} | {new['expected']} | {new['seconds']:.2f} | {new['peak_mb']:,.0f} | "
                        f"{old['seconds']:.2f} | {old['peak_mb']:,.0f} | {old['seconds'] / max(new['seconds'], 1e-3):.1f}× |")
            print(rows[-1], file=sys.stderr, flush=True)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}; this checkout = HEAD {head}, "
          f"earlier release = {args.before}\n")
    print(f"| strategy | average | s | MB | earlier s | MB | ratio |\n|---|---:|---:|---:|---:|---:|---:|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
