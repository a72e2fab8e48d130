"""avg5.c beside the earlier Python search (run_root.py), both searching the brewery's root for the
fewest questions on average within 5, for the same number of seconds, in the same run.

Run: python benchmarks/brewery_average/bench.py [--limit 120]

Each search runs in its own process in an empty temporary folder (run_root.py writes its files there)
and stops at the limit. Prints, per search, the best average it found, when it found it, and its peak
resident memory. Neither proves anything at a limit: this measures how fast each finds strategies.
"""

from __future__ import annotations

import argparse
import platform
import re
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
RECORD = Fraction(6148, 1296)  # BoolosBrewery's table, entry habub
UNITS = 72 * 3 ** 8  # avg5's total for one question per world

MEASURE = r"""
import resource, subprocess, sys, time
t = time.perf_counter()
run = subprocess.run(sys.argv[1:], capture_output=True, text=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(run.returncode, round(time.perf_counter() - t, 1), round(peak), sep="\t")
print(run.stdout)
"""


def measure(cmd: list[str], cwd: str) -> tuple[float, int, str]:
    """Return (seconds, peak MB, stdout) of a command run in a fresh process in cwd."""
    out = subprocess.run([sys.executable, "-c", MEASURE, *cmd], capture_output=True, text=True, check=True,
                         cwd=cwd).stdout
    head, _, rest = out.partition("\n")
    _, seconds, peak = head.split("\t")
    return float(seconds), int(peak), rest


def best_c(stdout: str) -> tuple[Fraction | None, str]:
    """Return avg5's last improvement (per world) and when it came."""
    found = re.findall(r"improved (\d+) t=(\d+)", stdout)
    return (Fraction(int(found[-1][0]), UNITS), found[-1][1]) if found else (None, "")


def best_python(stdout: str) -> tuple[Fraction | None, str]:
    """Return run_root.py's last root improvement (per world) and when it came."""
    found = re.findall(r"ROOT improved: \d+ = (\d+/\d+|\d+) = [\d.]+ t=(\d+)", stdout)
    return (Fraction(found[-1][0]), found[-1][1]) if found else (None, "")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=120, help="seconds per search")
    args = ap.parse_args()
    if args.limit < 1:
        print("bad --limit: at least 1 second", file=sys.stderr)
        return 2
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        exe = str(Path(tmp) / "avg5")
        subprocess.run(["gcc", "-O2", "-march=native", "-o", exe, str(HERE / "avg5.c")], check=True)
        secs, peak, out = measure([exe, "root", "5", "6148", "1296", str(args.limit), "23"], tmp)
        rows.append(("avg5.c (C)", *best_c(out), secs, peak))
        secs, peak, out = measure([sys.executable, str(HERE / "run_root.py"), str(args.limit)], tmp)
        rows.append(("run_root.py (Python)", *best_python(out), secs, peak))
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, limit {args.limit} s")
    print("| search | best average found | found at (s) | s | peak MB |")
    print("|---|---|---:|---:|---:|")
    for name, best, at, secs, peak in rows:
        txt = f"{best} = {float(best):.6f}" if best is not None else "nothing"
        mark = " (below the record)" if best is not None and best < RECORD else ""
        print(f"| {name} | {txt}{mark} | {at} | {secs} | {peak:,} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
