"""Complete a relaxed tree: solve each node it charges on its own, put the subtree in its place, and have
smullyan word and verify the whole strategy.

Run: python benchmarks/gods_average/stitch.py TREE PUZZLE.toml [--cap 14] [--limit SECONDS] [--out FILE]

TREE is avg.c's output with `charged-tree` (for instance `avg.c 2 ... roots=FILE limit=X charged-tree`): a line
"value V ...", a line "tree", then the tree in preorder, where a line "C S c0 .. c(n-1) B" is a node the
relaxation charged its lower bound B instead of searching it. The input model (avg.c's stdin) must be the
one `layers.model_text(n, r)` writes: world i is the i-th set of r gods in lexicographic order.

Each charged node is solved by avg.c on its own (its relaxed search with the given cap; a node whose own
tree still charges a leaf is an error that names it, raise --cap). The stitched tree is a real strategy:
its cost is the relaxed value plus, for each charged node, its exact value less the bound it was charged
(both in the node's own units, times the node's least mass). The tree's cost is also summed exactly from
the tree itself (each question costs the mass of the worlds it is put to) and checked against smullyan's
verified average. When every charged node's value equals its bound, the relaxed value was the optimum
among strategies that begin with the tree's first division.
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
from fractions import Fraction

from layers import model_text
from run import compile_solver, fail, load_gods, model

from smullyan.api.results import Strategy
from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.grammar import Grammar
from smullyan.interrogate.realise import AnyRealiser
from smullyan.interrogate.search import Ask, Budget, Leaf, Split
from smullyan.interrogate.verify import verify
from children import run_child


def least_exponent(worlds: int, asked: list[int], random: list[int]) -> int:
    """Return the fewest questions to gods random in one of the node's worlds: its heaviest world has mass 2^-that."""
    return min(
        sum(c for g, c in enumerate(asked) if random[w] >> g & 1)
        for w in range(len(random))
        if worlds >> w & 1
    )


def tree_cost(lines: list[str], random: list[int]) -> Fraction:
    """Return the exact cost of a complete tree in avg.c's preorder (sum over its questions of the mass asked)."""
    pos = 0

    def walk(worlds: int, exps: dict[int, int]) -> Fraction:
        nonlocal pos
        parts = lines[pos].split()
        pos += 1
        if parts[0] == "L":
            return Fraction(0)
        g, yes, no = int(parts[1]), int(parts[2]), int(parts[3])
        if yes | no != worlds:
            raise fail(
                f"the tree's question {' '.join(parts)} does not divide its node's worlds",
                2,
            )
        here = sum(Fraction(1, 2 ** exps[w]) for w in exps)
        child = {w: e + (random[w] >> g & 1) for w, e in exps.items()}
        return here + sum(
            walk(part, {w: child[w] for w in child if part >> w & 1})
            for part in (yes, no)
        )

    everyone = (1 << len(random)) - 1
    return walk(everyone, {w: 0 for w in range(len(random))})


def solve_node(
    exe: str, text: str, node: str, cap: int, limit: float
) -> tuple[Fraction, list[str]]:
    """Return a charged node's exact value (own units) and its tree lines, solved by avg.c on its own."""
    run = run_child(
        [exe, str(cap), str(limit), "22"],
        input=text + node + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    out = run.stdout.splitlines()
    if (
        run.returncode != 0
        or not out
        or not out[0].startswith("value")
        or any(x.startswith("X") for x in out)
    ):
        raise fail(
            f"the charged node {node} was not solved exactly at cap {cap}: {' '.join(out[:1]) or run.stderr[-300:]}",
            3,
        )
    head = out[0].split()
    if head[head.index("charged") + 1] != "0":
        raise fail(
            f"the charged node {node} still charges a leaf at cap {cap}; raise --cap", 3
        )
    return Fraction(head[1]), out[out.index("tree") + 1 :]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tree")
    ap.add_argument("puzzle")
    ap.add_argument(
        "--cap",
        type=int,
        default=14,
        help="the relaxation's depth for each charged node",
    )
    ap.add_argument(
        "--limit", type=float, default=600.0, help="seconds for each charged node"
    )
    ap.add_argument("--out")
    args = ap.parse_args()
    document = load_gods(args.puzzle, "stitching")
    puzzle = document.model
    ctx = puzzle.contexts()
    anyl = AnyLanguage(ctx, puzzle.goal, Budget())
    n = len(ctx.space.agents)
    rep_text, _ = model(anyl)
    rep_random = [int(x) for x in rep_text.splitlines()[1:]]
    try:
        with open(args.tree, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
        head = lines[0].split()
        relaxed = Fraction(head[1])
        body = lines[lines.index("tree") + 1 :]
    except (OSError, ValueError, IndexError) as exc:
        raise fail(f"{args.tree}: not avg.c's output with a tree ({exc})", 2) from None
    r = rep_random[0].bit_count()
    text = model_text(n, r)
    random = [sum(1 << g for g in w) for w in itertools.combinations(range(n), r)]
    rep_of = [
        rep_random.index(m) for m in random
    ]  # solver world -> the puzzle's representative

    def lift(worlds: int) -> int:
        return sum(1 << rep_of[w] for w in range(len(random)) if worlds >> w & 1)

    total = relaxed
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp)
        stitched: list[str] = []
        for line in body:
            parts = line.split()
            if parts[0] != "C":
                stitched.append(line)
                continue
            node = " ".join(parts[1:-1])
            bound = Fraction(parts[-1])
            value, sub = solve_node(exe, text, node, args.cap, args.limit)
            scale = Fraction(
                1,
                2
                ** least_exponent(int(parts[1]), [int(x) for x in parts[2:-1]], random),
            )
            print(
                f"charged node {node}: bound {bound}, exact {value} (own units; its heaviest world's mass {scale})"
            )
            total += (value - bound) * scale
            stitched += sub
    pos = 0

    def tree():
        nonlocal pos
        parts = stitched[pos].split()
        pos += 1
        if parts[0] == "L":
            return Leaf(1 << rep_of[int(parts[1])])
        if parts[0] != "A":
            raise fail(f"unexpected line in the tree: {stitched[pos - 1]}", 2)
        g, yes, no = int(parts[1]), lift(int(parts[2])), lift(int(parts[3]))
        payload = {
            rep: 1 << side
            for side, part in enumerate((yes, no))
            for rep in range(anyl.n_reps)
            if part >> rep & 1 and not rep_random[rep] >> g & 1
        }
        a, b = tree(), tree()
        return Ask(yes | no, Split(g, ((0, yes), (1, no)), payload), ((0, a), (1, b)))

    realiser = AnyRealiser(
        ctx, anyl, puzzle.goal, Grammar(ctx, budget=Budget()), 0, same_odds=True
    )
    strategy = realiser.realise(tree(), puzzle.space.all_worlds)
    verdict = verify(puzzle, strategy)
    if not verdict.ok:
        raise fail(f"verification failed: {verdict.failure}", 1)
    claimed = tree_cost(stitched, random) / len(random)
    print(
        f"{args.puzzle}: relaxed value {float(relaxed / len(random)):.9f}, expected from the charges "
        f"{float(total / len(random)):.9f}; stitched tree {claimed} = {float(claimed):.9f}; "
        f"verified average {verdict.expected}, worst case {verdict.worst}"
    )
    if verdict.expected != claimed:
        raise fail("the verified average differs from the stitched tree's cost", 1)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(Strategy(strategy, document).to_json() + "\n")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
