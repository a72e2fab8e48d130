"""Three-word gods puzzles (issue 18), beside the earlier release. Run: python benchmarks/bench_frontier.py

Each job runs in its own process (time and peak resident memory are that process's), once with this
checkout and once with the release before the profile search (commit EARLIER, unpacked from git into a
temporary directory), under the same time limit. Prints one table with both and the ratio.
"""

from __future__ import annotations

import json
import platform
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT  # noqa: E402

EARLIER = "3b9723b"  # the last commit before interrogate/profiles.py
LIMIT = 120.0  # seconds per job

JOB = r"""
import json, resource, sys, time, dataclasses
from smullyan.formats.puzzle_toml import load_puzzle
from smullyan.interrogate.solve import solve
from smullyan.interrogate.search import Limits
from smullyan.errors import LimitReached
path, budget, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
puzzle = load_puzzle(path)
if budget != "-":
    puzzle = dataclasses.replace(puzzle, max_questions=int(budget))
t = time.perf_counter()
try:
    sol = solve(puzzle, Limits(seconds=limit))
    out = "unsolvable" if not sol.solvable else f"{sol.questions} questions"
except LimitReached as e:
    out = "limit"
seconds = time.perf_counter() - t
print(json.dumps({"result": out, "seconds": seconds,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

CASES = [
    ("4 gods each truthful or liar, foo/bar/baz: 4 questions, 3 fail, strategy worded and verified",
     "examples/four_gods_three_words.toml", "-"),
    ("BoolosBrewery hard variant: no strategy of 4 questions", "examples/brewery_hard.toml", "4"),
    ("BoolosBrewery hard variant: search for a 5-question strategy", "examples/brewery_hard.toml", "5"),
]


def run(src: Path, path: str, budget: str) -> dict:
    """Return what one job printed, run with `src` first on the import path."""
    proc = subprocess.run([sys.executable, "-c", JOB, str(ROOT / path), budget, str(LIMIT)], capture_output=True,
                          text=True, env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"}, timeout=LIMIT * 3)
    if proc.returncode != 0:
        return {"result": "error: " + proc.stderr.strip().splitlines()[-1], "seconds": 0.0, "peak_mb": 0.0}
    return json.loads(proc.stdout)


def earlier_source(tmp: Path) -> Path:
    """Unpack the earlier release's src/ into tmp and return its path."""
    blob = subprocess.run(["git", "-C", str(ROOT), "archive", EARLIER, "src"], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(tmp, filter="data")
    return tmp / "src"


def shown(r: dict) -> str:
    """Return a job's outcome for the table."""
    if r["result"] == "limit":
        return f"> {LIMIT:g} s ({r['peak_mb']:,.0f} MB)"
    return f"{r['seconds']:.2f} s, {r['peak_mb']:,.0f} MB ({r['result']})"


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        old_src = earlier_source(Path(tmp))
        for label, path, budget in CASES:
            new = run(ROOT / "src", path, budget)
            old = run(old_src, path, budget)
            ratio = ""
            if new["result"] != "limit" and old["result"] != "limit" and new["seconds"]:
                ratio = f"{old['seconds'] / new['seconds']:.0f}×"
            elif new["result"] != "limit":
                ratio = f"> {LIMIT / max(new['seconds'], 1e-3):.0f}×"
            rows.append((label, shown(new), shown(old), ratio))
    print(f"machine: {platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}; "
          f"earlier release = {EARLIER}, limit {LIMIT:g} s per job")
    print(f"| benchmark | smullyan | earlier ({EARLIER}) | ratio |\n|---|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
