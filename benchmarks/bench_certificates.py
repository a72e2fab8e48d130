"""Certificates (issue 18, deliver 3): the search's own proof beside writing and checking a certificate.

Run: python benchmarks/bench_certificates.py [--worst]   (--worst: the first table only)

For each claim "no strategy of K questions", in one fresh process each: the search's proof (the fast
search of `solve`, limited to K questions: the reference), writing the certificate (`certify`), and
the separate checker (`check_certificate`). Prints time, peak resident memory, lemmas and the splits
the checker enumerated, and the ratio checker / search.

Then averages at their lower bound: the search (`solve`, objective "expected": the fit, wording with
the survey's complexity 0, verification) beside checking the average certificate of the same strategy
(`certify(..., objective="expected")` then `check_certificate`, the check timed alone). The two largest
8-god rows are checked from their strategies in docs/leaderboard; their searches (162 s and 830 s,
design note 33) are not rerun here.

Last, averages above that bound: the search beside writing the certificate (the branch and bound that
proves the lemmas about nodes) and checking it (the strategy, then every lemma split by split).
"""

from __future__ import annotations

import json
import platform
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT  # noqa: E402

JOB = r"""
import json, resource, sys, time
import smullyan
from smullyan.errors import LimitReached
what, spec, k = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
if "file" in spec:
    puzzle = smullyan.load(spec["file"])
else:
    puzzle = smullyan.gods(list("ABCDEFGH")[:len(spec["types"])], language="any", **spec)
t = time.perf_counter()
out = {}
try:
    if what == "search":
        res = puzzle.with_options(max_questions=k, language="any").solve(limit="600s")
        out["result"] = "refuted" if res.strategy is None else "solved"
    else:
        cert = smullyan.certify(puzzle, questions=k, limit="600s")
        out["lemmas"] = len(cert.lemmas)
        if what == "check":
            doc = cert.to_json()
            t = time.perf_counter()
            checked = smullyan.check_certificate(puzzle, doc)
            out["result"] = "checked" if checked.ok else "rejected"
            out["splits"] = checked.splits
        else:
            out["result"] = "written"
except LimitReached:
    out["result"] = "limit"
out["seconds"] = time.perf_counter() - t
out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(out))
"""

T, L, R, N = "truthful", "liar", "random", "constant:neither"
CASES = [
    ("Hardest Logic Puzzle Ever: not 2", {"file": "examples/hardest.toml"}, 2),
    ("5 gods R,R,L,L,L: not 4", {"file": "examples/five_gods_expected.toml"}, 4),
    ("4 gods each truthful or liar, foo/bar/baz: not 3", {"file": "examples/four_gods_three_words.toml"}, 3),
    ("4 gods always-neither, truthful, always-neither, always-neither; foo/bar/baz; types and language: not 3",
     {"types": [N, T, N, N], "words": ["foo", "bar", "baz"], "goal": "types+language"}, 3),
    ("7 gods T,T,T,T,L,R,R: not 7", {"types": [T, T, T, T, L, R, R]}, 7),
    ("BoolosBrewery hard variant: not 4", {"file": "examples/brewery_hard.toml"}, 4),
    ("6 gods T,T,L,L,R,R: not 7 (six layers, five of them copies)", {"types": [T, T, L, L, R, R]}, 7),
    ("7 gods T,T,T,L,R,R,R: not 8 (four layers, three of them copies)",
     {"file": "docs/leaderboard/worst/gods_1_3_3.toml"}, 8),
]


AVERAGE_JOB = r"""
import json, resource, sys, time
import smullyan
what, spec = sys.argv[1], json.loads(sys.argv[2])
if "file" in spec:
    puzzle = smullyan.load(spec["file"])
else:
    puzzle = smullyan.gods(list("ABCDEFGH")[:len(spec["types"])], spec["types"], random="coin", language="any",
                           max_complexity=0)
t = time.perf_counter()
out = {}
if what == "search":
    out["result"] = str(puzzle.with_options(objective="expected").solve(limit="900s").expected)
else:
    strategy = smullyan.load_strategy(spec["strategy"]) if "strategy" in spec else None
    doc = smullyan.certify(puzzle, objective="expected", strategy=strategy, limit="900s").to_json()
    out["written_seconds"] = time.perf_counter() - t
    t = time.perf_counter()
    checked = smullyan.check_certificate(puzzle, doc)
    out["result"] = str(checked.average) if checked.ok else "rejected: " + str(checked.failure)
    out["lemmas"], out["splits"] = checked.lemmas, checked.splits
out["seconds"] = time.perf_counter() - t
out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(out))
"""

BOARD = "docs/leaderboard/gods_"
AVERAGES = [
    ("6 gods T,T,L,L,R,R: 317/45", {"file": "examples/six_gods_expected.toml"}, True),
    ("7 gods T,T,T,T,L,R,R: 752/105", {"types": [T, T, T, T, L, R, R]}, True),
    ("7 gods T,T,T,L,L,R,R: 857/105", {"types": [T, T, T, L, L, R, R]}, True),
    ("8 gods (0,6,2): 145/28", {"file": BOARD + "0_6_2.toml", "strategy": BOARD + "0_6_2_strategy.json"}, True),
    ("8 gods (1,5,2): 655/84", {"file": BOARD + "1_5_2.toml", "strategy": BOARD + "1_5_2_strategy.json"}, True),
    ("8 gods (2,4,2): 3823/420", {"file": BOARD + "2_4_2.toml", "strategy": BOARD + "2_4_2_strategy.json"}, False),
    ("8 gods (3,3,2): 1329/140", {"file": BOARD + "3_3_2.toml", "strategy": BOARD + "3_3_2_strategy.json"}, False),
]

ABOVE = [  # averages above the lower bound: the certificate carries lemmas about nodes
    ("5 gods R,R,L,L,L: 163/40 (bound 4)", {"file": "examples/five_gods_expected.toml",
                                            "strategy": "examples/five_gods_expected_strategy.json"}),
    ("5 gods T,T,L,R,R: 1337/240 (bound 83/15)", {"file": "examples/five_gods_any_length.toml",
                                                  "strategy": "examples/five_gods_any_length_strategy.json"}),
]


def run(what: str, spec: dict, k: int | None, job: str = JOB) -> dict:
    """Return what one job printed."""
    spec = {key: str(ROOT / v) if key in ("file", "strategy") else v for key, v in spec.items()}
    args = [] if k is None else [str(k)]
    proc = subprocess.run([sys.executable, "-c", job, what, json.dumps(spec), *args], capture_output=True,
                          text=True, timeout=1800)
    if proc.returncode != 0:
        return {"result": "error: " + (proc.stderr.strip().splitlines() or ["?"])[-1], "seconds": 0.0, "peak_mb": 0.0}
    return json.loads(proc.stdout)


def main() -> None:
    worst_only = sys.argv[1:] == ["--worst"]
    if sys.argv[1:] and not worst_only:
        raise SystemExit("usage: bench_certificates.py [--worst]  (--worst: the first table only)")
    print(f"machine: {platform.machine()}, Python {platform.python_version()}")
    print("| claim | search proof | certificate written | checked | lemmas | checker splits | check / search |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, spec, k in CASES:
        search, written, checked = (run(w, spec, k) for w in ("search", "write", "check"))
        assert search["result"] == "refuted" and checked["result"] == "checked", (label, search, checked)
        ratio = checked["seconds"] / max(search["seconds"], 1e-6)
        print(f"| {label} | {search['seconds']:.2f} s, {search['peak_mb']:,.0f} MB "
              f"| {written['seconds']:.2f} s, {written['peak_mb']:,.0f} MB "
              f"| {checked['seconds']:.2f} s, {checked['peak_mb']:,.0f} MB | {checked['lemmas']} "
              f"| {checked['splits']:,} | {ratio:.1f}× |")
    if worst_only:
        return
    print("\n| average at its lower bound | search (solve) | certificate checked | check / search |")
    print("|---|---:|---:|---:|")
    for label, spec, searched in AVERAGES:
        checked = run("check", spec, None, AVERAGE_JOB)
        assert not checked["result"].startswith(("rejected", "error")), (label, checked)
        if searched:
            search = run("search", spec, None, AVERAGE_JOB)
            assert search["result"] == checked["result"], (label, search, checked)
            shown = f"{search['seconds']:.2f} s, {search['peak_mb']:,.0f} MB"
            ratio = f"{checked['seconds'] / max(search['seconds'], 1e-6):.2f}×"
        else:
            shown, ratio = "not rerun", ""
        print(f"| {label} | {shown} | {checked['seconds']:.2f} s, {checked['peak_mb']:,.0f} MB | {ratio} |")
    print("\n| average above its lower bound | search (solve) | certificate written | checked | lemmas "
          "| checker splits | check / search |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, spec in ABOVE:
        checked = run("check", spec, None, AVERAGE_JOB)
        search = run("search", spec, None, AVERAGE_JOB)
        assert search["result"] == checked["result"], (label, search, checked)
        print(f"| {label} | {search['seconds']:.2f} s, {search['peak_mb']:,.0f} MB "
              f"| {checked['written_seconds']:.2f} s | {checked['seconds']:.2f} s, {checked['peak_mb']:,.0f} MB "
              f"| {checked['lemmas']} | {checked['splits']:,} | {checked['seconds'] / max(search['seconds'], 1e-6):.2f}× |")


if __name__ == "__main__":
    main()
