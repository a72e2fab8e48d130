"""A strategy for a row with liars from the optimal one of the row without: find the random gods first, then
the liars among the others.

Run: python benchmarks/gods_average/compose.py TREE PUZZLE.toml [--out FILE]

TREE is what `run.py --tree` wrote for the row with f + t truthful gods and r random ones; PUZZLE is the row
with f liars, t truthful and r random gods (the same gods, the complete language, two words). Every
question of the tree goes to a god who is random in some worlds and not in others; a god who is not
random can be made to answer either word in every world, liar or not, so the tree identifies the
random gods of the liars' puzzle too. At each of its leaves the random gods are known, and an optimal
code over the C(f + t, f) placements of the liars, asked of a god known not to be random, finishes:
the average is the tree's plus that code's. The strategy is worded and verified by smullyan; an upper
bound, not an optimum.
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from smullyan.api.results import Strategy
from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.expected_patterns import canonical_code, code_lengths, code_tree
from smullyan.interrogate.grammar import Grammar
from smullyan.interrogate.patterns import BOTH
from smullyan.interrogate.realise import AnyRealiser
from smullyan.interrogate.search import Ask, Budget, Leaf, Split
from smullyan.interrogate.verify import verify

from run import fail, load_gods


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tree")
    ap.add_argument("puzzle")
    ap.add_argument("--out")
    args = ap.parse_args()
    try:
        lines = open(args.tree, encoding="utf-8").read().split("\n")
        head = [int(x) for x in lines[0].split()]
        base_random = head[1:1 + head[0]]  # solver world -> its random gods
    except (OSError, ValueError, IndexError) as exc:
        raise fail(f"{args.tree}: not a tree written by run.py --tree ({exc})", 2) from None
    document = load_gods(args.puzzle, "composing with the tree")
    puzzle = document.model
    ctx = puzzle.contexts()
    anyl = AnyLanguage(ctx, puzzle.goal, Budget())
    n = len(ctx.space.agents)
    random = [sum(1 << a for a in range(n) if tuple(o.outcomes for o in opts[a]) == BOTH) for opts in anyl.rep_options]
    by_random: dict[int, list[int]] = {}
    for rep, mask in enumerate(random):
        by_random.setdefault(mask, []).append(rep)
    if set(by_random) != set(base_random):
        raise fail("the puzzle's sets of random gods are not the tree's", 2)
    reps_of = [sum(1 << r for r in by_random[m]) for m in base_random]  # solver world -> the puzzle's representatives
    pos = 1

    def lift(worlds: int) -> int:
        return sum(reps_of[w] for w in range(len(base_random)) if worlds >> w & 1)

    def node():
        nonlocal pos
        parts = lines[pos].split()
        pos += 1
        if parts[0] == "L":
            w = int(parts[1])
            members = by_random[base_random[w]]
            free = next(a for a in range(n) if not base_random[w] >> a & 1)  # a god not random here
            if len(members) == 1:
                return Leaf(1 << members[0])
            return code_tree(free, canonical_code(members, code_lengths([1] * len(members), len(members))))
        g, yes, no = int(parts[1]), lift(int(parts[2])), lift(int(parts[3]))
        payload = {r: 1 << side for side, part in enumerate((yes, no)) for r in range(anyl.n_reps)
                   if part >> r & 1 and not random[r] >> g & 1}
        a, b = node(), node()
        return Ask(yes | no, Split(g, ((0, yes), (1, no)), payload), ((0, a), (1, b)))

    tree = node()
    realiser = AnyRealiser(ctx, anyl, puzzle.goal, Grammar(ctx, budget=Budget()), 0, same_odds=True)
    strategy = realiser.realise(tree, puzzle.space.all_worlds)
    verdict = verify(puzzle, strategy)
    if not verdict.ok:
        raise fail(f"verification failed: {verdict.failure}", 1)
    print(f"{args.puzzle}: verified average {verdict.expected} = {float(Fraction(verdict.expected)):.6f}, "
          f"worst case {verdict.worst}")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(Strategy(strategy, document).to_json() + "\n")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
