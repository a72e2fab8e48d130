"""Certificates (issue 18, deliver 3): the search's own proof beside writing and checking a certificate.

Run: python benchmarks/bench_certificates.py

For each claim "no strategy of K questions", in one fresh process each: the search's proof (the fast
search of `solve`, limited to K questions: the reference), writing the certificate (`certify`), and
the separate checker (`check_certificate`). Prints time, peak resident memory, lemmas and the splits
the checker enumerated, and the ratio checker / search.
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
]


def run(what: str, spec: dict, k: int) -> dict:
    """Return what one job printed."""
    if "file" in spec:
        spec = {"file": str(ROOT / spec["file"])}
    proc = subprocess.run([sys.executable, "-c", JOB, what, json.dumps(spec), str(k)], capture_output=True,
                          text=True, timeout=1800)
    if proc.returncode != 0:
        return {"result": "error: " + (proc.stderr.strip().splitlines() or ["?"])[-1], "seconds": 0.0, "peak_mb": 0.0}
    return json.loads(proc.stdout)


def main() -> None:
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


if __name__ == "__main__":
    main()
