"""Run the heuristic search on one row and turn its tree into a smullyan strategy, worded and verified.

Run (from this folder): python to_strategy.py PUZZLE.toml DEPTH [WIDTHS] [--pairs] [--out OUT.json]

PUZZLE.toml is an n-god row as in docs/leaderboard (ja/da, any question, goal: the types). Each split
over the search's worlds becomes a split over the puzzle's representatives (the AnyLanguage classes:
one per assignment of types), worded by the realiser and verified by `smullyan.verify` against every
world and hidden state; the verified worst case and exact average are printed. Nothing is written
unless verification passes; the file is a strategy document (`smullyan verify PUZZLE.toml OUT.json`).
"""

from __future__ import annotations

import argparse
import time

from search import R, Search

import smullyan
from smullyan.api.results import Strategy
from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.grammar import Grammar
from smullyan.interrogate.realise import AnyRealiser
from smullyan.interrogate.search import Ask, Leaf, Split

CODE = {"truthful": 0, "liar": 1, "random": R}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzle")
    ap.add_argument("depth", type=int)
    ap.add_argument("widths", nargs="?", default="6,3,2,1")
    ap.add_argument("--pairs", action="store_true", help="also seed splits with two-god predicates")
    ap.add_argument("--out")
    args = ap.parse_args()
    document = smullyan.load(args.puzzle)
    puzzle = document.model
    types = [w.types for w in puzzle.space.worlds][0]
    f, t, r = (sum(x == name for x in types) for name in ("liar", "truthful", "random"))
    assert f + t + r == len(types), types
    s = Search(f, t, r, args.depth, tuple(int(x) for x in args.widths.split(",")), pair_seeds=args.pairs)
    root = tuple((w, 0) for w in range(len(s.types)))
    start = time.perf_counter()
    v = s.solve(root, args.depth)
    found = time.perf_counter() - start
    print(f"search: {v / len(s.types):.6f} in {found:.1f} s ({s.nodes} nodes)", flush=True)

    ctx = puzzle.contexts()
    anyl = AnyLanguage(ctx, puzzle.goal)
    rep_of = {}
    for rep, members in enumerate(anyl.members):
        keys = {tuple(CODE[x] for x in puzzle.space.worlds[i].types) for i in members}
        assert len(keys) == 1, keys
        rep_of[s.index[keys.pop()]] = rep
    assert len(rep_of) == len(s.types) == anyl.n_reps

    def mask(node) -> int:
        out = 0
        for w, _ in node:
            out |= 1 << rep_of[w]
        return out

    def convert(node, d):
        if len(node) <= 1:
            return Leaf(mask(node))
        g, na, _, nb, _ = s.best_split[(node, d)]
        payload = {}
        for o, part in enumerate((na, nb)):
            for w, _ in part:
                if s.types[w][g] != R:
                    rep = rep_of[w]
                    assert rep not in payload
                    assert any(opt.outcomes == 1 << o for opt in anyl.rep_options[rep][g])
                    payload[rep] = 1 << o
        split = Split(g, ((0, mask(na)), (1, mask(nb))), payload)
        return Ask(mask(node), split, ((0, convert(na, d - 1)), (1, convert(nb, d - 1))))

    tree = convert(root, args.depth)
    realiser = AnyRealiser(ctx, anyl, puzzle.goal, Grammar(ctx), 0, same_odds=True)
    strategy = realiser.realise(tree, puzzle.space.all_worlds)
    result = Strategy(strategy, document)
    verdict = smullyan.verify(document, result)
    print(f"verify: ok={verdict.ok} worst={verdict.worst} average={verdict.expected} = "
          f"{float(verdict.expected) if verdict.expected is not None else None} failure={verdict.failure}; "
          f"{time.perf_counter() - start:.1f} s in all", flush=True)
    if verdict.ok and args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(result.to_json())
        print("wrote", args.out)


if __name__ == "__main__":
    main()
