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


def kk_reference(names: list[str], statements: str) -> list[tuple[bool, ...]]:
    """Return the K&K benchmark's solutions by its authors' method: every one of the 2^n assignments,
    each statement (a nested tuple) evaluated, statement i said by person i (True = knight)."""
    import ast
    from itertools import product

    said = ast.literal_eval(statements)

    def value(s, w):
        op = s[0]
        if op == "telling-truth":
            return w[s[1]]
        if op == "lying":
            return not w[s[1]]
        if op == "not":
            return not value(s[1], w)
        if op == "and":
            return all(value(x, w) for x in s[1:])
        if op == "or":
            return any(value(x, w) for x in s[1:])
        if op == "->":
            return not value(s[1], w) or value(s[2], w)
        return value(s[1], w) == value(s[2], w)  # "<=>"
    return [w for w in product((True, False), repeat=len(names))
            if all(w[i] == value(st, w) for i, st in enumerate(said))]


def external_rows(per_size: int) -> None:
    """Print reading figures on the external sets: the K&K test split (read, solve and answer vs the
    published solution_text; the authors' brute force timed beside it) and the 216 ZebraLogic texts."""
    data = ROOT.parent / "shared" / "data"
    kk = data / "knights_knaves" / "kk_clean.jsonl"
    if kk.exists():
        rows = [json.loads(x) for x in kk.read_text().splitlines()]
        rows = [r for r in rows if r["split"] == "test"]
        by_size: dict[int, list] = {}
        for r in rows:
            by_size.setdefault(r["n_people"], []).append(r)
        print(f"\nK&K test split ({per_size} per size): read, solve and answer vs solution_text; "
              "reference = the authors' 2^n brute force over the structured statements")
        print(f"{'people':>6} {'count':>6} {'correct':>8} {'read ms':>8} {'read+solve ms':>14} {'reference ms':>13} {'ratio':>6}")
        for n in sorted(by_size):
            items = by_size[n][:per_size]
            ok, reads, totals, refs = 0, [], [], []
            for r in items:
                t = time.perf_counter()
                puzzle = smullyan.read(r["quiz"])
                reads.append(time.perf_counter() - t)
                answers = puzzle.solve().answers
                totals.append(time.perf_counter() - t)
                t = time.perf_counter()
                kk_reference(r["names"], r["statements"])
                refs.append(time.perf_counter() - t)
                ok += len(answers) == 1 and answers[0].answer == r["solution_text"].rstrip(".")
            m = statistics.median
            print(f"{n:6d} {len(items):6d} {100 * ok / len(items):7.1f}% {1000 * m(reads):8.2f} "
                  f"{1000 * m(totals):14.2f} {1000 * m(refs):13.2f} {m(refs) / m(totals):5.2f}x")
    zl = data / "zebra" / "zebralogic_final_with_solutions.jsonl"
    if zl.exists():
        rows = [json.loads(x) for x in zl.read_text().splitlines()]
        reads, totals, unique = [], [], 0
        for r in rows:
            t = time.perf_counter()
            puzzle = smullyan.read(r["puzzle"])
            reads.append(time.perf_counter() - t)
            unique += puzzle.solve().unique
            totals.append(time.perf_counter() - t)
        (rm, rp, rx), (sm, sp, sx) = quantiles([1000 * x for x in reads]), quantiles([1000 * x for x in totals])
        print(f"\nZebraLogic ({len(rows)} texts with solutions): {unique} unique; read ms median {rm:.2f}, p90 {rp:.2f}, "
              f"max {rx:.2f}; read+solve ms median {sm:.2f}, p90 {sp:.2f}, max {sx:.2f}")


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
    ap.add_argument("--external", type=int, default=0, metavar="N",
                    help="also read the external sets in ../shared/data (N K&K test texts per size, all ZebraLogic)")
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
    if args.external:
        external_rows(args.external)


if __name__ == "__main__":
    main()
