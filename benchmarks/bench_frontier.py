"""Issue 18 beside the earlier release: three-word gods puzzles and n-god survey rows.
Run: python benchmarks/bench_frontier.py

Each job runs in its own process (time and peak resident memory are that process's), once with this
checkout's last commit (HEAD) and once with the release before the profile search (commit EARLIER),
each unpacked from git into a temporary directory (so edits in the working tree cannot change a run),
under the same time limit. Prints one table per part with both and the ratio of their times.

Survey rows are the n-god leaderboard's (github.com/DanielVallstrom/hardest: f liars, t truthful,
r random), built as the survey builds them (`gods_puzzle(types, Reading())`: random answers truly or
falsely by a fair coin, word meanings unknown, any question) and solved with `solve`, which both
releases have with the same arguments. The average is asked for three ways: `objective="expected"`
with no cap, which is each release's own default (the earlier one searches strategies of at most the
worst case + 1 questions; this checkout goes on to prove the optimum for any length, so the two do
different work), and, like for like, with the cap the earlier release's survey used (worst case + 1).
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
LIMIT = 120.0  # seconds per three-word job
SURVEY_LIMIT = 300.0  # seconds per survey job (the figure: every 7-god row in under 300 s)

# a job prints one JSON line: result, seconds, peak_mb, and the file smullyan was imported from
JOB_HEAD = r"""
import json, resource, sys, time, dataclasses
import smullyan
from smullyan.interrogate.solve import solve
from smullyan.interrogate.search import Limits
from smullyan.errors import LimitReached
def report(out, t, **more):
    print(json.dumps({"result": out, "seconds": time.perf_counter() - t, "file": smullyan.__file__,
                      "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, **more}))
"""

JOB = JOB_HEAD + r"""
from smullyan.formats.puzzle_toml import load_puzzle
path, budget, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
puzzle = load_puzzle(path)
if budget != "-":
    puzzle = dataclasses.replace(puzzle, max_questions=int(budget))
t = time.perf_counter()
try:
    sol = solve(puzzle, Limits(seconds=limit))
    report("unsolvable" if not sol.solvable else f"{sol.questions} questions", t)
except LimitReached:
    report("limit", t)
"""

# figure: worst (fewest questions in the worst case), expected (fewest on average, solve's default
# cap), capped (fewest on average among strategies of at most the worst case + 1 questions)
SURVEY_JOB = JOB_HEAD + r"""
from smullyan.survey.table import Reading, gods_puzzle
letters, figure, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
types = tuple({"T": "truthful", "L": "liar", "R": "random"}[c] for c in letters)
puzzle = gods_puzzle(types, Reading())
t = time.perf_counter()
try:
    if figure == "worst":
        sol = solve(puzzle, Limits(seconds=limit))
        report(f"{sol.questions}" if sol.solvable else "unsolvable", t)
    else:
        cap = None
        if figure == "capped":
            cap = solve(puzzle, Limits(seconds=limit)).questions + 1
        sol = solve(dataclasses.replace(puzzle, objective="expected", max_questions=cap),
                    Limits(seconds=limit - (time.perf_counter() - t)))
        within = sol.stats.get("expected_within")
        report(f"{sol.expected}", t, within=within, any_length=sol.stats.get("expected_any_length"))
except LimitReached as e:
    report("limit", t, fewer_impossible=(e.proved or {}).get("fewer_impossible"))
"""

CASES = [
    ("4 gods each truthful or liar, foo/bar/baz: 4 questions, 3 fail, strategy worded and verified",
     "examples/four_gods_three_words.toml", "-"),
    ("BoolosBrewery hard variant: no strategy of 4 questions", "examples/brewery_hard.toml", "4"),
    ("BoolosBrewery hard variant: search for a 5-question strategy", "examples/brewery_hard.toml", "5"),
]

ALL = ("worst", "expected", "capped")
SURVEY = [  # multiset as letters, the figures run (the hard row: its average stops at the limit in both)
    ("TTTLRR", ALL),
    ("TTLLRR", ALL),
    ("TTTTTRR", ALL),
    ("TTTTLLR", ALL),
    ("TTTLLLR", ALL),
    ("TTTTLRR", ("worst", "expected")),
    ("TTTTRRR", ("worst",)),  # three random gods: the earlier order spent 300 s refuting one root split
]
FIGURES = {"worst": "worst case", "expected": "average (`solve` default)", "capped": "average within worst + 1"}


def run(src: Path, job: str, args: list[str], limit: float) -> dict:
    """Return what one job printed, run with `src` first on the import path."""
    try:
        proc = subprocess.run([sys.executable, "-c", job, *args, str(limit)], check=False, capture_output=True,
                              text=True, env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"}, timeout=limit * 3)
    except subprocess.TimeoutExpired:
        return {"result": f"killed after {limit * 3:g} s", "seconds": limit * 3, "peak_mb": 0.0}
    if proc.returncode != 0:
        return {"result": "error: " + proc.stderr.strip().splitlines()[-1], "seconds": 0.0, "peak_mb": 0.0}
    out = json.loads(proc.stdout)
    if not out["file"].startswith(str(src)):
        raise SystemExit(f"the job imported smullyan from {out['file']}, not from {src}")
    return out


def snapshot(rev: str, tmp: Path) -> Path:
    """Unpack the src/ of commit `rev` into tmp and return its path."""
    blob = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src"], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(tmp, filter="data")
    return tmp / "src"


def head_and_snapshots(before: str, tmp: Path) -> tuple[str, Path, Path]:
    """Return this checkout's short HEAD and the src/ of HEAD and of commit `before`, unpacked into tmp."""
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()
    return head, snapshot("HEAD", tmp / "head"), snapshot(before, tmp / "before")


def ratio(new: dict, old: dict, limit: float) -> str:
    """Return the earlier release's time over this checkout's (a bound where one stopped at the limit)."""
    def fmt(r: float) -> str:
        return f"{r:.0f}×" if r >= 10 else f"{r:.1f}×"
    if new["result"] == "limit" and old["result"] == "limit":
        return ""
    if new["result"] == "limit":
        return f"< {fmt(old['seconds'] / limit)}"
    if old["result"] == "limit":
        return f"> {fmt(limit / max(new['seconds'], 1e-3))}"
    return fmt(old["seconds"] / max(new["seconds"], 1e-3))


def shown(r: dict, limit: float) -> str:
    """Return a three-word job's outcome for the table."""
    if r["result"] == "limit":
        return f"> {limit:g} s ({r['peak_mb']:,.0f} MB)"
    return f"{r['seconds']:.2f} s, {r['peak_mb']:,.0f} MB ({r['result']})"


def figure(r: dict, kind: str) -> str:
    """Return a survey job's result: the worst case, or the average with what it was proved for."""
    if r["result"] == "limit":
        floor = r.get("fewer_impossible") if kind == "worst" else None
        return "limit" + ("" if floor is None else f" (≥ {floor + 1})")
    if kind == "worst" or "within" not in r:
        return r["result"]
    if r.get("any_length"):
        return f"{r['result']} (any length)"
    return f"{r['result']} (within {r['within']})"


def seconds(r: dict, limit: float) -> str:
    """Return a job's time, or '> limit'."""
    return f"> {limit:g}" if r["result"] == "limit" else f"{r['seconds']:.2f}"


def leaderboard(letters: str) -> str:
    """Return a multiset as the leaderboard counts it: liars, truthful, random."""
    return f"{letters.count('L')}, {letters.count('T')}, {letters.count('R')}"


def main() -> None:
    three, survey = [], []
    with tempfile.TemporaryDirectory() as tmp:
        head, new_src, old_src = head_and_snapshots(EARLIER, Path(tmp))
        for label, path, budget in CASES:
            args = [str(ROOT / path), budget]
            new, old = run(new_src, JOB, args, LIMIT), run(old_src, JOB, args, LIMIT)
            three.append((label, shown(new, LIMIT), shown(old, LIMIT), ratio(new, old, LIMIT)))
            print(" | ".join(three[-1]), file=sys.stderr, flush=True)
        for letters, kinds in SURVEY:
            for kind in kinds:
                new = run(new_src, SURVEY_JOB, [letters, kind], SURVEY_LIMIT)
                old = run(old_src, SURVEY_JOB, [letters, kind], SURVEY_LIMIT)
                survey.append((f"{leaderboard(letters)} ({','.join(letters)})", FIGURES[kind],
                               figure(new, kind), seconds(new, SURVEY_LIMIT), f"{new['peak_mb']:,.0f}",
                               figure(old, kind), seconds(old, SURVEY_LIMIT), f"{old['peak_mb']:,.0f}",
                               ratio(new, old, SURVEY_LIMIT)))
                print(" | ".join(survey[-1]), file=sys.stderr, flush=True)
    print(f"machine: {platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}; "
          f"this checkout = HEAD {head}, earlier release = {EARLIER}")
    print(f"\nThree-word puzzles, limit {LIMIT:g} s per job:\n")
    print(f"| benchmark | smullyan | earlier ({EARLIER}) | ratio |\n|---|---:|---:|---:|")
    for row in three:
        print("| " + " | ".join(row) + " |")
    print(f"\nn-god survey rows, limit {SURVEY_LIMIT:g} s per job:\n")
    print(f"| liars, truthful, random | figure | smullyan | s | MB | earlier ({EARLIER}) | s | MB | ratio |\n"
          "|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for row in survey:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
