"""The fewest questions on average for a gods puzzle of truthful and random gods, by the dedicated search in
avg.c, with its strategy worded and verified by smullyan.

Run: python benchmarks/gods_average/run.py PUZZLE.toml [--cap 12] [--limit SECONDS] [--memo 22] [--out FILE]
     [--orbits --below FRACTION]

--orbits: the root's first question goes to one god and its divisions are tried one per orbit under
renamings of the other gods (nauty's genbg, as in worst_bound.py --orbits), with the search's limit just
above --below (an average to match or beat, e.g. a verified strategy's): it finds the optimum when it is at
most that average, and otherwise reports that no strategy of any length averages that little.

The puzzle must be a two-word gods puzzle in the complete language whose gods are truthful or random
(the n-god leaderboard's rows with no liars), with the goal of every god's type. avg.c is compiled with
the system's C compiler into a temporary folder. Read README.md beside this file for what a result proves.
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import smullyan
from smullyan.api.results import Strategy
from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.grammar import Grammar
from smullyan.interrogate.patterns import BOTH, FREE
from smullyan.interrogate.realise import AnyRealiser
from smullyan.interrogate.search import Ask, Budget, Leaf, Split
from smullyan.interrogate.verify import verify
from children import run_child

HERE = Path(__file__).resolve().parent


def fail(message: str, status: int) -> SystemExit:
    """Return the exit for a message on stderr with smullyan's exit contract (1 verification failed, 2 bad
    input, 3 a limit or an incomplete answer, 70 internal error)."""
    print(message, file=sys.stderr)
    return SystemExit(status)


def compile_solver(folder: str, name: str = "avg") -> str:
    """Return the path of `name`.c (beside this file) compiled into `folder`."""
    exe = os.path.join(folder, name)
    try:
        subprocess.run(["gcc", "-O2", "-march=native", "-o", exe, str(HERE / f"{name}.c"), "-lm"], check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise fail(f"cannot compile {name}.c with gcc ({exc}); install a C compiler (Debian: apt-get install gcc)", 2)
    return exe


def load_gods(path: str, search: str):
    """Return the document of a two-word gods puzzle in the complete language whose goal is every god's type,
    or exit 2 naming the file and what `search` needs."""
    try:
        document = smullyan.load(path)
    except smullyan.errors.SmullyanError as exc:
        raise fail(f"{exc}", 2) from None
    puzzle = document.model
    if (not hasattr(puzzle, "contexts") or puzzle.goal != "types" or puzzle.language != "any"
            or len(puzzle.space.words) != 2):
        raise fail(f"{path}: {search} needs a two-word gods puzzle in the complete language whose goal is every "
                   "god's type", 2)
    return document


def model(anyl: AnyLanguage) -> tuple[str, list[int]]:
    """Return avg.c's input for a puzzle's representatives and, per solver world, its representative."""
    n = len(anyl.ctx.space.agents)
    masks = []
    for opts in anyl.rep_options:
        outcomes = [tuple(o.outcomes for o in opts[a]) for a in range(n)]
        if any(x not in (FREE, BOTH) for x in outcomes):  # e.g. silence: a third answer this model lacks
            raise fail("the dedicated search needs every god to answer either word as asked, or either at random", 2)
        masks.append(sum(1 << a for a in range(n) if outcomes[a] == BOTH))
    if len(set(masks)) != len(masks) or len(masks) > 64:
        raise fail("the dedicated search needs one representative per set of random gods, at most 64", 2)
    sizes = {m.bit_count() for m in masks}
    if len(sizes) != 1 or len(masks) != len(list(itertools.combinations(range(n), sizes.pop()))):
        raise fail("the dedicated search needs every set of r random gods among n as a world", 2)
    lines = [f"{n} {len(masks)}"] + [str(m) for m in masks]
    return "\n".join(lines) + "\n", list(range(len(masks)))


def read_tree(lines: list[str], random: list[int]):
    """Return the solver's preorder tree as smullyan's Ask/Leaf over representatives."""
    pos = 0

    def node():
        nonlocal pos
        parts = lines[pos].split()
        pos += 1
        if parts[0] == "L":
            return Leaf(1 << int(parts[1]))
        if parts[0] != "A":
            raise fail(f"the search's tree charges a node its bound (a lower bound, not a strategy): {lines[pos - 1]}; "
                       "raise --cap", 3)
        g, yes, no = int(parts[1]), int(parts[2]), int(parts[3])
        payload = {r: 1 << side for side, part in enumerate((yes, no)) for r in range(64)
                   if part >> r & 1 and not random[r] >> g & 1}
        a, b = node(), node()
        return Ask(yes | no, Split(g, ((0, yes), (1, no)), payload), ((0, a), (1, b)))

    tree = node()
    return tree


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("puzzle")
    ap.add_argument("--cap", type=int, default=12, help="questions on a path before a node is charged its bound")
    ap.add_argument("--within", type=int, help="strategies of at most this many questions (default: the puzzle's "
                    "max_questions, else any length)")
    ap.add_argument("--limit", type=float, default=3600.0, help="seconds")
    ap.add_argument("--memo", type=int, default=22, help="log2 of the memo's entries (32 bytes each)")
    ap.add_argument("--out")
    ap.add_argument("--tree", help="also write the solver's own tree (random sets of the worlds, then the tree)")
    ap.add_argument("--orbits", action="store_true", help="the root's divisions one per orbit (needs nauty's genbg)")
    ap.add_argument("--below", type=Fraction, help="with --orbits: the average to match or beat")
    ap.add_argument("--roots", help="with --orbits: only these root divisions (genbg lines, e.g. some of avg.c's "
                    "`below` list) instead of every orbit")
    args = ap.parse_args()
    document = load_gods(args.puzzle, "the dedicated search")
    puzzle = document.model
    ctx = puzzle.contexts()
    anyl = AnyLanguage(ctx, puzzle.goal, Budget())
    text, _ = model(anyl)
    random = [int(line.split()[0]) for line in text.splitlines()[1:1 + anyl.n_reps]]
    if args.orbits != (args.below is not None):
        raise fail("--orbits and --below go together", 2)
    if args.roots is not None and not args.orbits:
        raise fail("--roots needs --orbits", 2)
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp)
        start = time.perf_counter()
        within = args.within if args.within is not None else puzzle.max_questions
        extra = [] if within is None else ["capped"]
        if args.orbits:
            from worst_bound import divisions

            n, r = len(ctx.space.agents), random[0].bit_count()
            roots = args.roots
            if roots is None:
                roots = f"{tmp}/divisions.g6"
                divisions(n, r, roots)
            # cost units are worlds x questions; costs are dyadic, so 1/1024 above admits exactly `below`
            extra += [f"roots={roots}", f"limit={float(args.below * anyl.n_reps) + 1 / 1024!r}"]
        run = run_child([exe, str(args.cap if within is None else within), str(args.limit), str(args.memo), *extra],
                             input=text, capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # MB (the largest child: avg)
    sys.stderr.write(run.stderr)
    out = run.stdout.splitlines()
    if out and out[0].startswith("none"):
        print(f"{args.puzzle}: no strategy of at most {within} questions identifies every god")
        raise SystemExit(1)
    if args.orbits and run.returncode == 0 and out and out[0].startswith("at-least"):
        scope = "" if args.roots is None else f" whose first division is one of {args.roots}'s"
        print(f"{args.puzzle}: no strategy of any length{scope} averages {args.below} = {float(args.below):.6f} or less "
              f"(the root's divisions one per orbit; {' '.join(out[0].split()[4:])}; {seconds:.1f} s, {peak:.0f} MB peak)")
        return
    if run.returncode == 3 or not out or not out[0].startswith("value"):
        print(f"{args.puzzle}: stopped after {seconds:.1f} s: {' '.join(out)}")
        raise SystemExit(3)
    head = out[0].split()
    value = Fraction(head[1])
    claimed = value / anyl.n_reps
    tree = read_tree(out[out.index("tree") + 1:], random)
    realiser = AnyRealiser(ctx, anyl, puzzle.goal, Grammar(ctx, budget=Budget()), 0, same_odds=True)
    strategy = realiser.realise(tree, puzzle.space.all_worlds)
    verdict = verify(puzzle, strategy)
    if not verdict.ok:
        raise fail(f"verification failed: {verdict.failure}", 1)
    scope = "any length" if within is None else f"at most {within} questions"
    print(f"{args.puzzle}: optimum {claimed} = {float(claimed):.6f} over strategies of {scope} "
          f"({' '.join(head[6:])}); verified average {verdict.expected}, worst case {verdict.worst}; "
          f"search {seconds:.1f} s, {peak:.0f} MB peak")
    if verdict.expected != claimed:
        raise fail("internal error: the verified average differs from the search's value", 70)
    if args.tree:
        with open(args.tree, "w", encoding="utf-8") as fh:
            fh.write(f"{len(random)} {' '.join(map(str, random))}\n" + "\n".join(out[out.index("tree") + 1:]) + "\n")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(Strategy(strategy, document).to_json() + "\n")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
