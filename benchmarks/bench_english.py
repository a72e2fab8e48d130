"""Reading English puzzles (issue 4): parse + solve throughput per size. Run: python benchmarks/bench_english.py

K&K quiz texts (../shared/data/knights_knaves) and ZebraLogic puzzles (../shared/data/zebra), each
read by the lark grammars and solved with every consistent world; times are per puzzle.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, print_table  # noqa: E402

from smullyan.deduce.solve import solve_deduction  # noqa: E402
from smullyan.english.knights import parse_knights  # noqa: E402
from smullyan.english.zebralogic import parse_zebralogic  # noqa: E402


def per_size(records, key, read) -> list[tuple]:
    """Return rows (size, parse seconds, solve seconds, count) per size."""
    groups = defaultdict(list)
    for r in records:
        groups[key(r)].append(r)
    rows = []
    for size in sorted(groups):
        parse = solve = 0.0
        for r in groups[size]:
            t = time.perf_counter()
            p = read(r)
            parse += time.perf_counter() - t
            t = time.perf_counter()
            solve_deduction(p)
            solve += time.perf_counter() - t
        n = len(groups[size])
        rows.append((size, parse / n, solve / n, n))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    args = ap.parse_args()
    data = Path(args.data)
    table = []
    kk = [json.loads(x) for x in (data / "knights_knaves" / "kk_clean.jsonl").read_text().splitlines()]
    for size, parse, solve, n in per_size(kk, lambda r: r["n_people"], lambda r: parse_knights(r["quiz"])):
        table.append((f"K&K text, {size} people: parse {parse * 1000:.2f} ms + solve ({n} puzzles)", parse + solve, None, ""))
    zl = [json.loads(x) for x in (data / "zebra" / "zebralogic_final_with_solutions.jsonl").read_text().splitlines()]
    zl += [json.loads(x) for x in (data / "zebra" / "zebralogic_final_puzzles_without_solutions.jsonl").read_text().splitlines()]
    for size, parse, solve, n in per_size(zl, lambda r: r["size"], lambda r: parse_zebralogic(r["puzzle"])):
        table.append((f"ZebraLogic {size}: parse {parse * 1000:.2f} ms + solve ({n} puzzles)", parse + solve, None, ""))
    print_table(table)


if __name__ == "__main__":
    main()
