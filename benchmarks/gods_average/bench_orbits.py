"""The root's divisions one per orbit (roots mode) beside the plain search over every division, in one run.

Run: python benchmarks/gods_average/bench_orbits.py [--limit 300] [--memo 26]

Jobs: leaves.c proving M_9(8,3) >= 103 (1,4,3: no strategy of 9 questions) and M_10(8,3) >= 103 (2,3,3: none
of 10), and avg.c proving 0,4,3's optimum 211/35; each once over every division of the root (the plain
search, stopped at --limit seconds) and once with the root's divisions one per orbit (nauty's genbg, whose
time is printed apart). Each job is its own process; its time and peak memory are measured from outside
(os.wait4). Prints a Markdown table with the ratio of times.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import tempfile
import time

from run import compile_solver
from worst_bound import divisions, model
from children import popen_child


def job(argv: list[str], text: str) -> tuple[str, float, float, int]:
    """Return (first line of output, seconds, peak MB, exit status) of one solver process."""
    t0 = time.monotonic()
    proc = popen_child(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    proc.stdin.write(text)
    proc.stdin.close()
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return (out.splitlines() or [""])[0], time.monotonic() - t0, usage.ru_maxrss / 1024, proc.returncode


def shown(line: str, code: int, limit: float) -> str:
    """Return what a job proved, in a few words."""
    if code == 3:
        return f"stopped at {limit:g} s"
    words = line.split()
    if words[:1] == ["at-least"]:
        return f"≥ {words[1]}"
    if words[:1] == ["value"]:
        return f"{words[1]} (avg {float(words[3]):.6f})"
    return line


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=float, default=300.0)
    ap.add_argument("--memo", type=int, default=26)
    a = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        leaves, avg = compile_solver(tmp, "leaves"), compile_solver(tmp, "avg")
        files = {}
        for n, r in [(8, 3), (7, 3)]:
            t0 = time.monotonic()
            files[n, r] = f"{tmp}/divisions_{n}_{r}.g6"
            divisions(n, r, files[n, r])
            print(f"genbg {n},{r}: {sum(1 for _ in open(files[n, r], encoding='ascii')):,} divisions in "
                  f"{time.monotonic() - t0:.1f} s", flush=True)
        jobs = [
            ("M_9(8,3) ≥ 103: 1,4,3 not in 9", (8, 3), [leaves, "9", str(a.limit), str(a.memo), "limit=103"]),
            ("M_10(8,3) ≥ 103: 2,3,3 not in 10", (8, 3), [leaves, "10", str(a.limit), str(a.memo), "limit=103"]),
            ("0,4,3's average 211/35", (7, 3), [avg, "12", str(a.limit), "22", f"limit={211 + 1 / 1024!r}"]),
        ]
        for name, (n, r), argv in jobs:
            text = model(n, r)
            orbit = job(argv + [f"roots={files[n, r]}"], text)
            plain = job(argv, text)
            ratio = plain[1] / orbit[1]
            rows.append((name, shown(orbit[0], orbit[3], a.limit), f"{orbit[1]:.1f}", f"{orbit[2]:,.0f}",
                         shown(plain[0], plain[3], a.limit), f"{plain[1]:.1f}", f"{plain[2]:,.0f}",
                         f"{'> ' if plain[3] == 3 else ''}{ratio:.1f}×"))
            print(" | ".join(rows[-1]), flush=True)
    print(f"\nmachine: {platform.machine()}, {os.cpu_count()} cores; limit {a.limit:g} s per job\n")
    print("| job | orbits | s | MB | every division | s | MB | ratio |\n|---|---|---:|---:|---|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
