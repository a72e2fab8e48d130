"""Reading many authors' wordings: time and success per family. Run: python benchmarks/bench_reading.py [--n 200]

The texts come from tests/textgen (knights and knaves, grids, framing noise and texts that must be
rejected; answers by its own brute force). Each text is read with `smullyan.read` and, when read,
solved; per family the table gives the count, the share read (`read` accepted a good text, or a text
that must be rejected was rejected), the share answered correctly, the number of wrong answers, and the median, 90th
percentile and maximum milliseconds of reading alone and of reading plus solving.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT  # noqa: E402

sys.path.insert(0, str(ROOT / "tests"))
import smullyan  # noqa: E402
from textgen import FAMILIES, corpus, judge  # noqa: E402


def run_one(item: dict) -> tuple[float, float, bool, str, str]:
    """Return (read ms, read+solve ms, whether `read` accepted the text, outcome, detail) of one text."""
    t = time.perf_counter()
    try:
        puzzle = smullyan.read(item["text"])
    except Exception as e:  # noqa: BLE001 - judged below
        ms = (time.perf_counter() - t) * 1000
        return ms, ms, False, *judge(item, None, e)
    read_ms = (time.perf_counter() - t) * 1000
    try:
        result = puzzle.solve().to_dict()
        error = None
    except Exception as e:  # noqa: BLE001 - judged below
        result, error = None, e
    total_ms = (time.perf_counter() - t) * 1000
    return read_ms, total_ms, True, *judge(item, result, error)


def quantiles(values: list[float]) -> tuple[float, float, float]:
    """Return (median, 90th percentile, maximum)."""
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], ordered[-1]


def family_row(family: str, n: int, seed: int) -> tuple[dict, list[tuple[dict, str, str]]]:
    """Return (the row of a family's figures, its failing items with outcome and detail)."""
    items = corpus(family, seed, n)
    runs = [run_one(it) for it in items]
    read_ok = sum(1 for it, (_, _, read, o, _) in zip(items, runs)
                  if (read and not it.get("error")) or (it.get("error") and o == "correct"))
    correct = sum(1 for r in runs if r[3] == "correct")
    row = {"family": family, "count": len(items), "read_pct": 100 * read_ok / len(items),
           "correct_pct": 100 * correct / len(items), "wrong": sum(1 for r in runs if r[3] == "wrong"),
           "read_ms": quantiles([r[0] for r in runs]), "solve_ms": quantiles([r[1] for r in runs])}
    failing = [(it, o, d) for it, (_, _, _, o, d) in zip(items, runs) if o != "correct"]
    return row, failing


def warm_up() -> None:
    """Read one text first, so that importing the reader is not timed."""
    try:
        smullyan.read("Knights always tell the truth and knaves always lie. A says: 'I am a knight.' Who is a knight?")
    except smullyan.SmullyanError:
        pass


def main() -> None:
    """Print the table of reading success and times per family."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=200, help="texts per family (default 200)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--family", choices=FAMILIES, action="append", help="only these families")
    ap.add_argument("--show", type=int, default=0, help="print this many failing texts per family")
    ap.add_argument("--json", action="store_true", help="also print the rows as JSON")
    args = ap.parse_args()
    warm_up()
    rows = []
    print(f"{'family':<9} {'count':>6} {'read':>6} {'correct':>8} {'wrong':>6}   "
          f"{'read ms: median':>15} {'p90':>7} {'max':>8}   {'read+solve ms: median':>21} {'p90':>7} {'max':>8}")
    for family in args.family or FAMILIES:
        row, failing = family_row(family, args.n, args.seed)
        rows.append(row)
        (rm, rp, rx), (sm, sp, sx) = row["read_ms"], row["solve_ms"]
        print(f"{family:<9} {row['count']:6d} {row['read_pct']:5.1f}% {row['correct_pct']:7.1f}% {row['wrong']:6d}   "
              f"{rm:15.2f} {rp:7.2f} {rx:8.2f}   {sm:21.2f} {sp:7.2f} {sx:8.2f}")
        for it, outcome, detail in failing[: args.show]:
            print(f"\n--- {outcome} ({it['subfamily']}): {detail}\n{it['text']}\n")
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
