"""Gods puzzles written by other hands (tests/data/gods_texts*.json), read by this checkout and by the release
before the prose reader, side by side. Run: python benchmarks/bench_gods_prose.py

Each corpus file is read text by text with `smullyan.read` in a process of its own per release (its src/
unpacked from git, as the other side-by-side benchmarks do). Per file and release: texts, read right (the
stated meaning: gods, type assignments, words, random reading, budget, goal; or refused where the text must
be refused), refused with an error where a reading was due, misread (read, but to another meaning: the
figure that must stay 0), and the median and largest milliseconds per text.
"""

from __future__ import annotations

import platform
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_frontier import head_and_snapshots, run  # noqa: E402
from common import ROOT  # noqa: E402

EARLIER = "fdd1068"  # the last commit before english/gods_prose.py
FILES = ["gods_texts", "gods_texts_heldout", "gods_texts_third", "gods_texts_fourth", "gods_texts_fifth", "gods_texts_sixth",
         "gods_texts_seventh", "gods_texts_eighth", "gods_texts_ninth", "gods_texts_tenth",
         "gods_texts_eleventh", "gods_texts_twelfth", "gods_texts_thirteenth"]

JOB = r"""
import json, statistics, sys, time
import smullyan
from smullyan.logic.worlds import assignments_from_allowed, assignments_from_permutation, with_counts
texts = json.load(open(sys.argv[1]))
def meaning(p):
    sp = p.model.space
    randoms = any("random" in w.types for w in sp.worlds)
    return (list(sp.agents), {w.types for w in sp.worlds}, None if tuple(sp.words) == ("yes", "no") else [x.lower() for x in sp.words],
            sp.random_mode if randoms else None, p.model.max_questions, p.model.goal)
def wanted(e):
    w = e["expect"]
    a = (set(assignments_from_permutation(w["types"])) if "types" in w else
         set(with_counts(assignments_from_allowed(w["agents"], w["allowed"]), w.get("counts", {}))))
    return (w["agents"], a, w["words"] and [x.lower() for x in w["words"]], w["random"], w["max_questions"], w["goal"])
right = refused = misread = 0
times = []
for e in texts:
    t = time.perf_counter()
    try:
        p = smullyan.read(e["text"])
        got = meaning(p)
    except Exception:
        got = None
    times.append((time.perf_counter() - t) * 1000)
    if "refuse" in e:
        right += got is None
        misread += got is not None
    elif got is None:
        refused += 1
    elif got == wanted(e):
        right += 1
    else:
        misread += 1
print(json.dumps({"result": "done", "seconds": sum(times) / 1000, "file": smullyan.__file__, "peak_mb": 0,
                  "texts": len(texts), "right": right, "refused": refused, "misread": misread,
                  "median_ms": statistics.median(times), "max_ms": max(times)}))
"""


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        head, new_src, old_src = head_and_snapshots(EARLIER, Path(tmp))
        for name in FILES:
            path = str(ROOT / "tests" / "data" / f"{name}.json")
            new, old = run(new_src, JOB, [path], 300.0), run(old_src, JOB, [path], 300.0)
            rows.append((name, new, old))
    print(f"machine: {platform.machine()}, Python {platform.python_version()}; this checkout = HEAD {head}, "
          f"earlier = {EARLIER} (before the prose reader)\n")
    print("| corpus | texts | right | refused | misread | median ms | max ms | earlier: right | refused | misread |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, new, old in rows:
        print(f"| {name} | {new['texts']} | {new['right']} | {new['refused']} | {new['misread']} | "
              f"{new['median_ms']:.1f} | {new['max_ms']:.1f} | {old['right']} | {old['refused']} | {old['misread']} |")


if __name__ == "__main__":
    main()
