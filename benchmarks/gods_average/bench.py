"""The dedicated search beside the package's own solve, on the same puzzles in the same run.

Run: python benchmarks/gods_average/bench.py [--limit 300] [PUZZLE.toml ...]

Each job runs in its own process: `smullyan solve PUZZLE --json --limit L` (this checkout's package) and
`run.py PUZZLE --limit L` (avg.c, its tree worded and verified by the package). Prints a table with what
each settled, its seconds and its peak resident memory (the process and its children).
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DEFAULT = [ROOT / "examples" / "five_gods_expected.toml", ROOT / "docs" / "leaderboard" / "dedicated" / "gods_0_4_3.toml"]

MEASURE = r"""
import resource, subprocess, sys, time
t = time.perf_counter()
run = subprocess.run(sys.argv[1:], capture_output=True, text=True)
peak = max(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, 0) / 1024
print(run.returncode, round(time.perf_counter() - t, 2), round(peak), sep="\t")
print(run.stdout)
"""


def measure(cmd: list[str]) -> tuple[int, float, int, str]:
    """Return (exit status, seconds, peak MB, stdout) of a command run in a fresh process."""
    out = subprocess.run([sys.executable, "-c", MEASURE, *cmd], capture_output=True, text=True, check=True).stdout
    head, _, rest = out.partition("\n")
    code, seconds, peak = head.split("\t")
    return int(code), float(seconds), int(peak), rest


def package_result(code: int, stdout: str) -> str:
    """Return what `smullyan solve --json` settled about the average."""
    try:
        doc = json.loads(stdout)
    except ValueError:
        return f"exit {code}"
    if code == 0:
        return f"{doc.get('expected_questions')} (settled)"
    proved = doc.get("proved", {})
    return f"stopped: ≥ {proved.get('expected_at_least')}, ≤ {proved.get('expected_at_most')}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzles", nargs="*", type=Path, default=DEFAULT)
    ap.add_argument("--limit", type=float, default=300.0)
    args = ap.parse_args()
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, limit {args.limit:.0f} s")
    print("| puzzle | package `solve` | s | MB | dedicated search | s | MB | ratio |")
    print("|---|---|---:|---:|---|---:|---:|---:|")
    for puzzle in args.puzzles:
        code, t1, m1, out1 = measure([sys.executable, "-m", "smullyan", "solve", str(puzzle), "--json",
                                      "--limit", f"{args.limit:.0f}s", "--objective", "expected"])
        code2, t2, m2, out2 = measure([sys.executable, str(HERE / "run.py"), str(puzzle), "--limit", str(args.limit)])
        found = out2.strip().splitlines()[-1] if out2.strip() else f"exit {code2}"
        found = found.split("optimum ", 1)[-1].split(" over")[0] if code2 == 0 else f"exit {code2}"
        ratio = f"{t1 / t2:.1f}×" if code == 0 and code2 == 0 else (f"> {t1 / t2:.1f}×" if code2 == 0 else "")
        print(f"| {puzzle.name} | {package_result(code, out1)} | {t1:.1f} | {m1} | {found} | {t2:.1f} | {m2} | {ratio} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
