"""An upper bound on the worst case of an n-god row the exact search does not finish: a verified strategy.

Run: python benchmarks/worst_upper.py LETTERS K [--effort N] [--limit SECONDS] [--out FILE]

LETTERS spells the gods (T truthful, L liar, R random; the survey's reading: ja/da, any question).
The pattern search is asked whether K questions suffice with a long first probe that takes splits as
they come (`--effort`, default 100,000 splits) instead of the default 200, which finds strategies
for a generous K quickly where the exhaustive pass at the smallest open K does not finish. A strategy
found is rebuilt, worded, verified against every world and hidden state and written as JSON; its
worst case and exact average are printed. A "no" from a probe proves nothing: only a found strategy
is reported.
"""

from __future__ import annotations

import argparse
import json
import time

from smullyan.formats.strategy_json import strategy_to_json
from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.grammar import Grammar
from smullyan.interrogate.patterns import PatternSearch
from smullyan.interrogate.realise import AnyRealiser
from smullyan.interrogate.search import Budget, Limits
from smullyan.interrogate.verify import verify
from smullyan.survey.table import Reading, gods_puzzle


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("letters")
    ap.add_argument("k", type=int)
    ap.add_argument("--effort", type=int, default=100_000)
    ap.add_argument("--limit", type=float, default=600.0)
    ap.add_argument("--out")
    args = ap.parse_args()
    types = tuple({"T": "truthful", "L": "liar", "R": "random"}[c] for c in args.letters.upper())
    puzzle = gods_puzzle(types, Reading())
    ctx = puzzle.contexts()
    anyl = AnyLanguage(ctx, puzzle.goal)
    budget = Budget(Limits(seconds=args.limit))
    search = PatternSearch.applicable(anyl, budget)
    search.LAZY_EFFORT = args.effort  # this search only
    root = (1 << anyl.n_reps) - 1
    start = time.perf_counter()
    if not search.within(root, args.k):
        print(f"{args.letters}: no strategy of {args.k} questions exists (the exhaustive pass finished)")
        return
    found = time.perf_counter() - start
    tree = search.tree(root, args.k)
    realiser = AnyRealiser(ctx, anyl, puzzle.goal, Grammar(ctx, budget=budget), 0, same_odds=True)
    strategy = realiser.realise(tree, puzzle.space.all_worlds)
    verdict = verify(puzzle, strategy)
    assert verdict.ok, verdict.failure
    print(f"{args.letters}: a strategy of {verdict.worst} questions, verified, average {verdict.expected} = "
          f"{float(verdict.expected):.6f}; found in {found:.1f} s, {budget.nodes:,} splits; "
          f"{time.perf_counter() - start:.1f} s with rebuilding, wording and verifying")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(strategy_to_json(puzzle, strategy), f, indent=1)


if __name__ == "__main__":
    main()
