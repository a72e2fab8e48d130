"""The tree of a verified strategy for a row without liars, in the form `run.py --tree` writes (the worlds' random
gods, then "A g yes no" / "L w" in preorder over sets of random gods), for compose.py and polish.py.

Run: python benchmarks/gods_average/tree_of.py PUZZLE.toml STRATEGY.json --out TREE.txt

PUZZLE is a row with truthful and random gods only (two words, the complete language, the goal of every god's
type); STRATEGY is a strategy for it (as `smullyan solve --json` or run.py --out writes it). The strategy is
verified first; then each question's answers are read off world by world: a god random in a world sends it
down both branches, and a god who is not must send both meanings of the words of a world down one branch, or
the strategy is not one over sets of random gods (exit 2). Exit 0 written, 1 the strategy fails verification,
2 bad input, 130 interrupted.
"""

from __future__ import annotations

import argparse

from run import fail, load_gods

import smullyan
from smullyan.interrogate.strategy import Ask, Identified
from smullyan.interrogate.verify import Verifier, verify


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzle")
    ap.add_argument("strategy")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    document = load_gods(args.puzzle, "tree_of.py")
    puzzle = document.model
    space = puzzle.space
    if any(t not in ("truthful", "random") for w in space.worlds for t in w.types):
        raise fail(f"{args.puzzle}: tree_of.py needs a row of truthful and random gods only", 2)
    try:
        strategy = smullyan.load_strategy(args.strategy, document)
        verdict = verify(puzzle, strategy.root)
    except smullyan.errors.SmullyanError as exc:
        raise fail(f"{args.strategy}: {exc}", 2) from None
    if not verdict.ok:
        raise fail(f"{args.strategy}: verification failed: {verdict.failure}", 1)
    agents = list(space.agents)
    random_of = [sum(1 << a for a, t in enumerate(w.types) if t == "random") for w in space.worlds]
    sets = sorted(set(random_of))
    index = {m: i for i, m in enumerate(sets)}
    verifier = Verifier(puzzle, strategy.root)
    lines = [" ".join(map(str, [len(sets), *sets]))]

    def walk(node, worlds: set[int]) -> None:
        held = {random_of[w] for w in worlds}
        if isinstance(node, Identified):
            if len(held) != 1:
                raise fail(f"{args.strategy}: a leaf holds {len(held)} sets of random gods", 2)
            lines.append(f"L {index[held.pop()]}")
            return
        if not isinstance(node, Ask) or len(node.branches) != 2:
            raise fail(f"{args.strategy}: a question with other than two branches", 2)
        g = agents.index(node.addressee)
        cells = verifier.cell_outcomes(g, node.question)
        side: dict[int, set[int]] = {}
        parts: list[set[int]] = [set(), set()]
        names = [o for o, _ in node.branches]
        for w in worlds:
            outs = {verifier.outcome_names[o] for row in cells[w] for o in row}
            if random_of[w] >> g & 1:
                parts[0].add(w)
                parts[1].add(w)
                continue
            (word,) = outs
            b = names.index(word)
            if side.setdefault(random_of[w], {b}) != {b}:
                raise fail(f"{args.strategy}: a question divides the worlds of one set of random gods", 2)
            parts[b].add(w)
        masks = [sum(1 << i for i in {index[random_of[w]] for w in part}) for part in parts]
        lines.append(f"A {g} {masks[0]} {masks[1]}")
        walk(node.branches[0][1], parts[0])
        walk(node.branches[1][1], parts[1])

    walk(strategy.root, set(range(len(space.worlds))))
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    print(f"{args.out}: {len(sets)} sets of random gods, {sum(line[0] == 'A' for line in lines[1:])} questions")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
