"""An upper bound on the average of a puzzle the exact search does not finish: the ranked search's strategy.

Run: python benchmarks/average_upper.py PUZZLE.toml [--widths 6,3,2,1] [--depth N] [--pairs yes|no]
     [--triples] [--limit SECONDS] [--out FILE]

The ranked search (smullyan/interrogate/ranked.py, design note 38) solves the best-ranked `widths[d]`
splits at depth d (the last width below); wider searches take longer and often do better. Its tree is
worded and verified against every world and hidden state before anything is printed or written; the
file is a strategy document for `smullyan verify PUZZLE.toml FILE`. A result proves nothing about the
optimum: only that a strategy with this average exists.
"""

from __future__ import annotations

import argparse
import time

import smullyan
from smullyan.api.results import Strategy
from smullyan.interrogate.ranked import ranked_strategy
from smullyan.interrogate.search import Budget, Limits


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzle")
    ap.add_argument("--widths", default="6,3,2,1")
    ap.add_argument("--depth", type=int)
    ap.add_argument("--pairs", choices=("yes", "no"), help="two-god seeds (default: up to 300 representatives)")
    ap.add_argument("--triples", action="store_true", help="three-god and unimproved seeds too (ranked.py notes)")
    ap.add_argument("--limit", type=float, default=3600.0)
    ap.add_argument("--out")
    args = ap.parse_args()
    document = smullyan.load(args.puzzle)
    widths = tuple(int(x) for x in args.widths.split(","))
    pairs = None if args.pairs is None else args.pairs == "yes"
    start = time.perf_counter()
    try:
        found = ranked_strategy(document.model, Budget(Limits(seconds=args.limit)), widths=widths, depth=args.depth,
                                pair_seeds=pairs, triple_seeds=args.triples)
    except smullyan.errors.LimitReached as stopped:
        print(f"{args.puzzle}: widths {args.widths}: {stopped}")
        raise SystemExit(3) from None
    if found is None:
        print(f"{args.puzzle}: no strategy found (the ranked search does not apply, or its depth is too small)")
        return
    print(f"{args.puzzle}: widths {args.widths}: verified, average {found.expected} = {float(found.expected):.6f}, "
          f"worst case {found.worst}; {found.nodes:,} nodes, {time.perf_counter() - start:.1f} s with wording "
          f"and verifying")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(Strategy(found.strategy, document).to_json() + "\n")


if __name__ == "__main__":
    main()
