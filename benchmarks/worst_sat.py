"""One worst-case level of a two-word gods puzzle decided by SAT (research; design notes 39 and 41).

`smullyan solve` gives two-word puzzles to the pattern search and never to SAT (note 41: refuting a level is
the classic hard case for clause learning there). Where a level stays open after both the pattern search and
the ranked witness (2, 2, 3's 9 questions: 8 refuted, 10 found), this states "a strategy of at most K
questions exists" once, as `interrogate/depth_sat.py` does for three words, and hands it to CaDiCaL in a child
process. A model is read back into a tree over representatives, worded and verified against every world and
hidden state like any strategy; "unsatisfiable" is a proof over the complete language.

When every god is interchangeable with every other (a multiset puzzle: the survey's rows), the first
addressee is fixed to the first god: a strategy asking another god first has an image, under the renaming
that swaps the two, asking the first god and solving the puzzle as well.

Run: python benchmarks/worst_sat.py docs/leaderboard/worst/gods_2_2_3.toml 9 --limit 5400 [--out FILE.json]
"""

from __future__ import annotations

import argparse
import itertools
import time

import smullyan
from smullyan.api.results import Strategy
from smullyan.interrogate import depth_sat
from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.grammar import Grammar
from smullyan.interrogate.realise import AnyRealiser
from smullyan.interrogate.search import Budget, Limits, resident_bytes
from smullyan.interrogate.verify import verify


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzle")
    ap.add_argument("k", type=int, help="the number of questions to decide")
    ap.add_argument("--limit", type=float, default=3600.0, help="seconds")
    ap.add_argument("--out", help="write the strategy, if one exists, as JSON for `smullyan verify`")
    args = ap.parse_args()
    document = smullyan.load(args.puzzle)
    puzzle = document.model
    budget = Budget(Limits(seconds=args.limit))
    start = time.perf_counter()
    ctx = puzzle.contexts()
    anyl = AnyLanguage(ctx, puzzle.goal, budget)
    sat = depth_sat.DepthSat(anyl, budget)
    assignments = {w.types for w in puzzle.space.worlds}
    symmetric = assignments == set(itertools.permutations(next(iter(assignments))))
    if symmetric:
        sat._first = [0]  # every god in one orbit: all permutations of one multiset are worlds
    root = (1 << anyl.n_reps) - 1
    depth_sat.MAX_LITERALS = 10 ** 9  # the whole formula, whatever its size (this is a benchmark)
    print(f"{args.puzzle}: {anyl.n_reps} representatives, within {args.k}: about {sat.size(root, args.k):,} "
          f"literals; first addressee {'fixed' if symmetric else 'free'}", flush=True)
    tree = sat.within(root, args.k)
    seconds = time.perf_counter() - start
    if tree is None:
        print(f"no strategy of at most {args.k} questions exists (unsatisfiable; {seconds:.0f} s, "
              f"{resident_bytes() / 2**30:.2f} GB resident)")
        return
    realiser = AnyRealiser(ctx, anyl, puzzle.goal, Grammar(ctx, budget=budget), 0, same_odds=True)
    strategy = realiser.realise(tree, puzzle.space.all_worlds)
    verdict = verify(puzzle, strategy, budget.check_time)
    print(f"a strategy of at most {args.k} questions: found in {seconds:.0f} s; verified: {verdict.ok}, worst case "
          f"{verdict.worst}, average {verdict.expected} = {float(verdict.expected):.6f}")
    if args.out and verdict.ok:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(Strategy(strategy, document).to_json() + "\n")


if __name__ == "__main__":
    main()
