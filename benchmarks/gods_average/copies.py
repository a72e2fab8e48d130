"""The worst case of a liar row of the n-god leaderboard by an exact search in the count model (copies.c):
either no strategy of D questions exists, or one does, and then it is worded and verified by smullyan.

Run: python benchmarks/gods_average/copies.py PUZZLE.toml --depth D [--limit SECONDS] [--memo 24]
     [--orbits] [--out FILE]

The puzzle must be a two-word gods puzzle in the complete language whose gods are truthful, liars or random,
with the goal of every god's type (README.md beside this file, "The count model"). --orbits: the root's
divisions one per orbit (nauty's genbg, as in worst_bound.py --orbits). Exit 0 with the answer (a verified
strategy, or the proof that none exists within D questions), 1 verification failed, 2 bad input, 3 the time
limit stopped the search, 70 internal error, 130 interrupted.
"""

from __future__ import annotations

import argparse
import itertools
import resource
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass

from children import run_child
from run import compile_solver, fail, load_gods

from smullyan.api.results import Strategy
from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.grammar import Grammar
from smullyan.interrogate.patterns import BOTH, FREE
from smullyan.interrogate.realise import AnyRealiser
from smullyan.interrogate.search import Ask, Budget, Leaf, Split
from smullyan.interrogate.verify import verify


def row_of(anyl: AnyLanguage, n: int) -> tuple[int, dict[int, list[int]]]:
    """Return the number of random gods and, per set of random gods (a mask), its representatives."""
    by_mask: dict[int, list[int]] = defaultdict(list)
    for rep, opts in enumerate(anyl.rep_options):
        outcomes = [tuple(o.outcomes for o in opts[a]) for a in range(n)]
        if any(x not in (FREE, BOTH) for x in outcomes):
            raise fail("the count model needs every god to answer either word as asked, or either at random", 2)
        by_mask[sum(1 << a for a in range(n) if outcomes[a] == BOTH)].append(rep)
    sizes = {m.bit_count() for m in by_mask}
    copies = {len(v) for v in by_mask.values()}
    if len(sizes) != 1 or len(copies) != 1:
        raise fail("the count model needs every set of r random gods, each with the same number of worlds", 2)
    r = sizes.pop()
    if len(by_mask) != len(list(itertools.combinations(range(n), r))):
        raise fail("the count model needs every set of r random gods among n as a world", 2)
    return r, by_mask


def read_count_tree(lines: list[str], masks: list[int], by_mask: dict[int, list[int]], depth: int):
    """Return copies.c's count tree as smullyan's Ask/Leaf over representatives, checking every node's counts
    (a question to g keeps every world of a set containing g in both children; a leaf holds one world)."""
    pos = 0

    def node(members: dict[int, list[int]], d: int):
        nonlocal pos
        parts = lines[pos].split()
        pos += 1
        held = [rep for reps in members.values() for rep in reps]
        if parts[0] == "L":
            if len(held) > 1:
                raise fail(f"internal error: a leaf of the count tree holds {len(held)} worlds", 70)
            return Leaf(sum(1 << rep for rep in held))
        if parts[0] != "Q" or d == 0 or len(parts) != 2 + len(masks):
            raise fail(f"internal error: not a node of the count tree within the depth: {lines[pos - 1]}", 70)
        g, counts = int(parts[1]), [int(x) for x in parts[2:]]
        yes: dict[int, list[int]] = {}
        no: dict[int, list[int]] = {}
        payload = {}
        for w, m in enumerate(masks):
            reps = members.get(m, [])
            if m >> g & 1:
                if counts[w] != len(reps):
                    raise fail(f"internal error: a set where god {g} is random is divided: {lines[pos - 1]}", 70)
                yes[m], no[m] = reps, reps
                continue
            if not 0 <= counts[w] <= len(reps):
                raise fail(f"internal error: counts beyond the node's worlds: {lines[pos - 1]}", 70)
            yes[m], no[m] = reps[:counts[w]], reps[counts[w]:]
            payload.update({rep: 1 << 0 for rep in yes[m]})
            payload.update({rep: 1 << 1 for rep in no[m]})
        a = node(yes, d - 1)
        b = node(no, d - 1)
        ym = sum(1 << rep for reps in yes.values() for rep in reps)
        nm = sum(1 << rep for reps in no.values() for rep in reps)
        return Ask(ym | nm, Split(g, ((0, ym), (1, nm)), payload), ((0, a), (1, b)))

    tree = node({m: list(by_mask[m]) for m in masks}, depth)
    if pos != len(lines):
        raise fail("internal error: lines after the count tree", 70)
    return tree


@dataclass(frozen=True)
class Row:
    """A liar row read for the count model: its puzzle document and worlds by set of random gods."""

    name: str
    document: object
    anyl: AnyLanguage
    n: int
    r: int
    f: int
    k: int
    by_mask: dict[int, list[int]]


def add_search_arguments(ap: argparse.ArgumentParser, depth_help: str) -> None:
    """Add the arguments copies.py and pairs.py share (the puzzle, the depth and copies.c's settings)."""
    ap.add_argument("puzzle")
    ap.add_argument("--depth", type=int, required=True, help=depth_help)
    ap.add_argument("--limit", type=float, default=3600.0, help="seconds")
    ap.add_argument("--memo", type=int, default=24, help="log2 of leaves.c's memo entries (16 bytes each)")
    ap.add_argument("--orbits", action="store_true", help="the root's divisions one per orbit (needs nauty's genbg)")
    ap.add_argument("--out", help="write the verified strategy here (JSON)")


def check_search_arguments(args: argparse.Namespace, least_depth: int) -> None:
    """Exit 2 naming the first shared argument out of range."""
    if not least_depth <= args.depth <= 30:
        raise fail(f"--depth must be {least_depth} to 30", 2)
    if not 10 <= args.memo <= 30:
        raise fail("--memo must be 10 to 30 (log2 of the entries)", 2)
    if not args.limit > 0:
        raise fail("--limit must be a positive number of seconds", 2)


def load_row(path: str) -> Row:
    """Return the liar row a puzzle file states, or exit 2 naming what the count model needs."""
    document = load_gods(path, "the count model")
    ctx = document.model.contexts()
    n = len(ctx.space.agents)
    anyl = AnyLanguage(ctx, document.model.goal, Budget())
    r, by_mask = row_of(anyl, n)
    k = len(next(iter(by_mask.values())))
    # the model needs only k = C(f+t, f); the least f with C(n-r, f) = k gives it (f and t may be swapped)
    f = next(f for f in range(n - r + 1) if len(list(itertools.combinations(range(n - r), f))) == k)
    return Row(path, document, anyl, n, r, f, k, by_mask)


def run_copies(row: Row, depth: int, args: argparse.Namespace, *extra: str):
    """Return copies.c's run on the row within `depth` questions (its lines, seconds and peak MB), with its
    tree and, with --orbits, the root's orbits; exit 2 if copies.c cannot take the row."""
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp, "copies")
        options = ["tree", *extra]
        if args.orbits:
            from worst_bound import divisions

            divisions(row.n, row.r, f"{tmp}/divisions.g6")
            options.append(f"roots={tmp}/divisions.g6")
        start = time.perf_counter()
        run = run_child([exe, str(row.f), str(row.n - row.r - row.f), str(row.r), str(depth), str(args.limit),
                         str(args.memo), *options], capture_output=True, text=True)
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if run.returncode == 2:
        raise fail(f"{row.name}: copies.c cannot take this row: {run.stderr.strip()}", 2)
    sys.stderr.write(run.stderr)
    return run, run.stdout.splitlines(), seconds, peak


def stopped(row: Row, run, lines: list[str], seconds: float) -> SystemExit:
    """Return the exit for a copies.c run that neither decided nor failed on input: 3 at its limit, else 70."""
    return fail(f"{row.name}: stopped after {seconds:.1f} s: {' '.join(lines) or run.stderr.strip()}",
                3 if run.returncode == 3 else 70)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_search_arguments(ap, "questions in the worst case to prove or refute")
    args = ap.parse_args()
    check_search_arguments(args, 0)
    row = load_row(args.puzzle)
    run, out, seconds, peak = run_copies(row, args.depth, args)
    if run.returncode == 1 and out and out[0].startswith("infeasible"):
        print(f"{args.puzzle}: no strategy of {args.depth} questions identifies every god (count model, exhaustive; "
              f"{seconds:.1f} s, {peak:.0f} MB peak)")
        return
    if run.returncode != 0 or not out or not out[0].startswith("feasible"):
        raise stopped(row, run, out, seconds)
    word_and_verify(row, out[1:], args.depth, args.out, f"; search {seconds:.1f} s, {peak:.0f} MB peak")


def word_and_verify(row: Row, lines: list[str], depth: int, out: str | None, note: str = "") -> None:
    """Read a count tree, word it, verify it against every world and hidden state, print it (with `note`)
    and write it to `out` when given; exit 1 if it fails verification."""
    name, document, anyl, by_mask = row.name, row.document, row.anyl, row.by_mask
    puzzle = document.model
    ctx = puzzle.contexts()
    tree = read_count_tree(lines, sorted(by_mask), by_mask, depth)  # copies.c numbers the worlds by increasing mask
    realiser = AnyRealiser(ctx, anyl, puzzle.goal, Grammar(ctx, budget=Budget()), 0, same_odds=True)
    strategy = realiser.realise(tree, puzzle.space.all_worlds)
    verdict = verify(puzzle, strategy)
    if not verdict.ok:
        raise fail(f"verification failed: {verdict.failure}", 1)
    print(f"{name}: a strategy of {verdict.worst} questions at worst "
          f"(average {verdict.expected} = {float(verdict.expected):.6f}), verified against every world and hidden "
          f"state{note}")
    if verdict.worst > depth:
        raise fail("internal error: the verified worst case exceeds the search's depth", 70)
    if out:
        with open(out, "w", encoding="utf-8") as fh:
            fh.write(Strategy(strategy, document).to_json() + "\n")

if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
