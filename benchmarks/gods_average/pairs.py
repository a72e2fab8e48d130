"""A strategy for a liar row from the count model with the worlds of each set of random gods taken in pairs:
if k/2 copies of every set can be told apart in D - 1 questions, k copies can in D (README.md beside this
file, "Pairs").

Run: python benchmarks/gods_average/pairs.py PUZZLE.toml --depth D [--limit SECONDS] [--memo 24] [--orbits]
     [--tree FILE] [--save-tree FILE] [--out FILE]

The k = C(f+t, f) worlds of one set of random gods are interchangeable (copies.c). Group them in pairs and let
each pair travel as one world: a question to a god random in the set sends the pair down both branches, any
other question sends it down one. copies.c with K=k/2 decides whether such pairs can be told apart within
D - 1 questions; if they can, one more question at each leaf holding a pair, to a god who is not random in
its set, sends one world of the pair each way. The tree is then written in the row's own count model
(every count doubled, each pair's leaf replaced by that question) and worded and verified by smullyan
against every world and hidden state, like copies.py's. A pair tree that does not exist proves nothing
about the row (the row may separate its pairs earlier). --tree reads a pair tree copies.c wrote before
("feasible D-1" and its lines) instead of searching; --save-tree keeps the one searched. Exit 0 with a
verified strategy, 1 verification failed, 2 bad input, 3 no pair tree within D - 1 or the time limit,
70 internal error, 130 interrupted.
"""

from __future__ import annotations

import argparse

from copies import (
    add_search_arguments,
    check_search_arguments,
    load_row,
    run_copies,
    stopped,
    word_and_verify,
)
from run import fail


def doubled(lines: list[str], masks: list[int], half: int, depth: int, source: str = "the pair tree") -> list[str]:
    """Return the count tree of `lines` (copies.c's preorder lines for `half` copies of each set within
    `depth` questions, after its "feasible" line) for twice as many copies: every count doubled, and each leaf
    that holds a pair given one more question, to the first god not random in the pair's set, that sends one
    world each way. Bad lines exit 2 naming `source` and the line (counting the "feasible" line as 1)."""
    out: list[str] = []
    pos = 0
    n_worlds = len(masks)

    def bad(message: str) -> SystemExit:
        return fail(f"{source}: line {pos + 1}: {message}", 2)

    def node(counts: list[int], d: int) -> None:
        nonlocal pos
        if pos >= len(lines):
            raise fail(f"{source}: the pair tree ends early", 2)
        parts = lines[pos].split() or ["(empty)"]
        pos += 1
        if parts[0] == "L":
            held = [w for w, c in enumerate(counts) if c]
            if sum(counts) > 1:
                raise bad(f"a leaf of the pair tree holds {sum(counts)} pairs")
            if not held:
                out.append("L")
                return
            (w,) = held
            g = next(g for g in range(masks[-1].bit_length()) if not masks[w] >> g & 1)
            out.append(" ".join(["Q", str(g), *("1" if v == w else "0" for v in range(n_worlds))]))
            out.extend(["L", "L"])
            return
        if parts[0] != "Q" or d == 0 or len(parts) != 2 + n_worlds:
            raise bad(f"not a node of a pair tree within {depth} questions: {lines[pos - 1]}")
        try:
            g, first = int(parts[1]), [int(x) for x in parts[2:]]
        except ValueError:
            raise bad(f"not a node of a pair tree: {lines[pos - 1]}") from None
        if not 0 <= g < masks[-1].bit_length():
            raise bad(f"no god {g}")
        second = []
        for w, (c, a) in enumerate(zip(counts, first)):
            if masks[w] >> g & 1:
                if a != c:
                    raise bad(f"a set where god {g} is random is divided")
                second.append(c)
            elif not 0 <= a <= c:
                raise bad("counts beyond the node's pairs")
            else:
                second.append(c - a)
        out.append(" ".join(["Q", str(g), *(str(2 * a) for a in first)]))
        node(first, d - 1)
        node(second, d - 1)

    node([half] * n_worlds, depth)
    if pos != len(lines):
        pos += 1
        raise bad("lines after the pair tree")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_search_arguments(ap, "questions in the worst case of the strategy sought")
    ap.add_argument("--tree", help="read the pair tree (copies.c's output) from this file instead of searching")
    ap.add_argument("--save-tree", help="write the pair tree found here")
    args = ap.parse_args()
    check_search_arguments(args, 1)
    row = load_row(args.puzzle)
    if row.k % 2:
        raise fail(f"{args.puzzle}: {row.k} worlds per set of random gods cannot be taken in pairs", 2)
    note = ""
    if args.tree:
        try:
            with open(args.tree, encoding="utf-8") as fh:
                found = fh.read().splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise fail(f"{args.tree}: {getattr(exc, 'strerror', None) or exc}", 2) from None
    else:
        run, found, seconds, peak = run_copies(row, args.depth - 1, args, f"K={row.k // 2}")
        if run.returncode == 1 and found and found[0].startswith("infeasible"):
            raise fail(f"{args.puzzle}: pairs cannot be told apart within {args.depth - 1} questions ({seconds:.1f} s); "
                       f"this proves nothing about {args.depth} questions for the row", 3)
        if run.returncode != 0:
            raise stopped(row, run, found, seconds)
        note = f"; pair search {seconds:.1f} s, {peak:.0f} MB peak"
        if args.save_tree:
            with open(args.save_tree, "w", encoding="utf-8") as fh:
                fh.write("\n".join(found) + "\n")
    if not found or found[0] != f"feasible {args.depth - 1}":
        raise fail(f"{args.tree or 'copies.c'}: line 1: expected \"feasible {args.depth - 1}\"", 2)
    lines = doubled(found[1:], sorted(row.by_mask), row.k // 2, args.depth - 1, args.tree or "copies.c's output")
    word_and_verify(row, lines, args.depth, args.out, note + " (pairs)")


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
