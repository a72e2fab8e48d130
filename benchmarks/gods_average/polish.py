"""A better strategy for a liar row on average: compose.py's strategy (the row without liars' tree, then a code
for the liars), with every small subtree replaced by an exact optimum of the count model where that is cheaper.

Run: python benchmarks/gods_average/polish.py TREE PUZZLE.toml [--nodes 40] [--cap 8] [--limit 60]
                                                [--engine c|python] [--save-tree FILE] [--out FILE]

TREE is what `run.py --tree` wrote for the row with f + t truthful gods and r random ones; PUZZLE is the row
with f liars, t truthful and r random gods (README.md beside this file, "Polishing the composed strategy").
The composed strategy keeps the k = C(f+t, f) worlds of a set of random gods together until the tree has
found the set, then separates them by an optimal code. In the count model (copies.py) a node is how many of
each set's k worlds it holds and the masses its random gods' answers left them; below the root, every node
holding at most --nodes worlds is solved exactly within --cap more questions (a branch and bound: Huffman's
code of the masses bounds a node, and each node's value is memoised; polish.c, or --engine python, the same
search in Python, slower, kept as a cross-check), bottom up, and its subtree is replaced
when the optimum is cheaper. A node whose search passes --limit seconds keeps its subtree. The result is a
count tree (--save-tree writes it as copies.c's lines), worded and verified by smullyan against every world
and hidden state; its average is an upper bound, not an optimum. Exit 0 with a verified strategy, 1
verification failed, 2 bad input, 70 internal error, 130 interrupted.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import math
import sys
import tempfile
import time

from children import run_child
from copies import Row, load_row, word_and_verify
from run import compile_solver, fail

# a count tree: ("L",) or ("Q", g, {set mask: worlds sent to the first child}, first, second)
# a node: {set mask: (worlds held, questions put to gods random in the set)}; a world's mass is 2^-exponent


def read_tree(path: str) -> tuple[list[int], tuple]:
    """Return run.py's tree file as the random sets of its worlds and its tree over sets (a leaf names its
    set), or exit 2 naming the file and line."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().rstrip().split("\n")
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(f"{path}: cannot read ({exc})", 2) from None
    pos = 0

    def bad(message: str) -> SystemExit:
        return fail(f"{path}: line {pos + 1}: {message}", 2)

    try:
        head = [int(x) for x in lines[0].split()]
        sets = head[1:]
        if not head or len(sets) != head[0] or head[0] < 2:
            raise ValueError
    except ValueError:
        raise bad("not the first line of a tree written by run.py --tree (W and W random sets)") from None
    pos = 1

    gods = max(sets).bit_length()

    def node(held: int, depth: int):
        nonlocal pos
        if depth > 64:
            raise bad("the tree is deeper than 64 questions")
        if pos >= len(lines):
            raise fail(f"{path}: the tree ends early", 2)
        parts = lines[pos].split()
        try:
            if parts[:1] == ["L"] and len(parts) == 2 and 0 <= int(parts[1]) < len(sets):
                if held != 1 << int(parts[1]):
                    holds = f"world {held.bit_length() - 1}" if held.bit_count() == 1 else f"{held.bit_count()} worlds"
                    raise bad(f"the leaf names world {parts[1]} but the node holds {holds}")
                pos += 1
                return ("L", sets[int(parts[1])])
            if parts[:1] != ["A"] or len(parts) != 4:
                raise ValueError
            g, yes, no = int(parts[1]), int(parts[2]), int(parts[3])
        except ValueError:
            raise bad(f"not a node (\"A g yes no\" or \"L w\"): {lines[pos]}") from None
        random = sum(1 << w for w, m in enumerate(sets) if m >> g & 1) if 0 <= g < gods else -1
        if random < 0 or yes | no != held or yes & no != held & random or not yes or not no:
            raise bad(f"not a division of the node's worlds by a question to god {g}: {lines[pos]}")
        pos += 1
        first = node(yes, depth + 1)
        second = node(no, depth + 1)
        return ("A", g, {sets[w] for w in range(len(sets)) if yes >> w & 1}, first, second)

    tree = node((1 << len(sets)) - 1, 0)
    if pos < len(lines):
        raise bad("lines after the tree")
    return sets, tree


def children(node: dict, g: int, first: dict) -> tuple[dict, dict]:
    """Return the two children of a node for a question to g sending first[set] of each set's worlds to the
    first child (every world of a set containing g goes to both, its mass halved)."""
    a: dict = {}
    b: dict = {}
    for m, (c, e) in node.items():
        if m >> g & 1:
            a[m] = b[m] = (c, e + 1)
            continue
        x = first.get(m, 0)
        if not 0 <= x <= c:
            raise fail(f"internal error: {x} of {c} worlds sent to the first child", 70)
        if x:
            a[m] = (x, e)
        if c - x:
            b[m] = (c - x, e)
    return a, b


def mass(node: dict) -> float:
    """Return a node's mass (dyadic, exact in a float)."""
    return sum(c * 2.0 ** -e for c, e in node.values())


def cost(tree: tuple, node: dict) -> float:
    """Return the sum over a count tree's leaves of mass x depth below the node; a leaf must hold one world."""
    if tree[0] == "L":
        if sum(c for c, _ in node.values()) > 1:
            raise fail("internal error: a leaf of the count tree holds more than one world", 70)
        return 0.0
    _, g, first, a, b = tree
    na, nb = children(node, g, first)
    return mass(node) + cost(a, na) + cost(b, nb)


def composed(base: tuple, sets: list[int], k: int, gods: int) -> tuple:
    """Return compose.py's strategy as a count tree: the base tree with all k worlds of each set together,
    then at each leaf the k worlds halved, again and again, by questions to a god not random in the set."""

    def code(m: int, c: int) -> tuple:
        if c <= 1:
            return ("L",)
        g = next(g for g in range(gods) if not m >> g & 1)
        half = (c + 1) // 2
        return ("Q", g, {m: half}, code(m, half), code(m, c - half))

    def walk(t: tuple, held: set[int]) -> tuple:
        if t[0] == "L":
            return code(t[1], k)
        _, g, yes, a, b = t
        first = {m: k for m in held if m in yes and not m >> g & 1}
        return ("Q", g, first, walk(a, {m for m in held if m in yes or m >> g & 1}),
                walk(b, {m for m in held if m not in yes or m >> g & 1}))

    return walk(base, set(sets))


def huffman(items: tuple) -> float:
    """Return the optimal prefix code's cost of a node's worlds (items: (set, count, exponent)), a lower
    bound on every strategy from it (each world's shallowest leaf is a codeword)."""
    masses = [2.0 ** -e for _, c, e in items for _ in range(c)]
    if len(masses) <= 1:
        return 0.0
    heapq.heapify(masses)
    total = 0.0
    while len(masses) > 1:
        x = heapq.heappop(masses) + heapq.heappop(masses)
        total += x
        heapq.heappush(masses, x)
    return total


class Exact:
    """The least cost of a count node within a number of questions, by branch and bound with a memo."""

    def __init__(self, gods: int, deadline: float) -> None:
        self.gods = gods
        self.deadline = deadline
        self.memo: dict = {}
        self.calls = 0

    def solve(self, items: tuple, cap: int, bound: float) -> tuple[float, object]:
        """Return (value, split) with value < bound, the node's optimum within cap questions, or (v, None)
        with v >= bound a lower bound. items: sorted (set, count, exponent); raises TimeoutError."""
        if sum(c for _, c, _ in items) <= 1:
            return 0.0, "leaf"
        if cap == 0:
            return math.inf, None
        low = min(e for _, _, e in items)
        own = tuple((m, c, e - low) for m, c, e in items)
        scale = 2.0 ** -low
        limit = bound / scale
        key = (own, cap)
        hit = self.memo.get(key)
        if hit is not None:
            value, exact, split = hit
            if exact or value >= limit:
                return value * scale, split if value < limit else None
        lower = max(huffman(own), hit[0] if hit else 0.0)
        if lower >= limit:
            self.memo[key] = (lower, False, None)
            return lower * scale, None
        self.calls += 1
        if self.calls % 4096 == 0 and time.monotonic() > self.deadline:
            raise TimeoutError
        here = sum(c * 2.0 ** -e for _, c, e in own)
        best, split = limit, None
        for g in range(self.gods):
            kept = [(m, c, e + 1) for m, c, e in own if m >> g & 1]
            free = [(m, c, e) for m, c, e in own if not m >> g & 1]
            if not free:
                continue
            options = []
            for first in itertools.product(*(range(c + 1) for _, c, _ in free)):
                rest = tuple(c - x for x, (_, c, _) in zip(first, free))
                if first > rest or (not kept and not any(first)):
                    continue   # the branches swapped, or a question that separates nothing
                gap = sum((x - y) * 2.0 ** -e for x, y, (_, _, e) in zip(first, rest, free))
                options.append((abs(gap), first, rest))
            options.sort()
            for _, first, rest in options:
                a = tuple(sorted(kept + [(m, x, e) for x, (m, _, e) in zip(first, free) if x]))
                b = tuple(sorted(kept + [(m, y, e) for y, (m, _, e) in zip(rest, free) if y]))
                if a == own or b == own:
                    continue
                room = best - here
                if room <= 0:
                    break
                va, _ = self.solve(a, cap - 1, room)
                if va >= room:
                    continue
                vb, _ = self.solve(b, cap - 1, room - va)
                if va + vb < room:
                    best, split = here + va + vb, (g, {m: x for x, (m, _, _) in zip(first, free)}, a, b)
        self.memo[key] = (best, split is not None, split)
        return best * scale, split

    def tree(self, items: tuple, cap: int) -> tuple:
        """Return the optimal count tree of a node the search has solved."""
        _, split = self.solve(items, cap, math.inf)
        if split == "leaf":
            return ("L",)
        g, first, a, b = split
        return ("Q", g, first, self.tree(a, cap - 1), self.tree(b, cap - 1))


class Native:
    """The same search in C (polish.c), one process per node: larger nodes in the same time."""

    def __init__(self, exe: str, masks: list[int], gods: int, memo: int) -> None:
        self.exe, self.masks, self.gods, self.memo = exe, masks, gods, memo

    def improve(self, node: dict, cap: int, bound: float, seconds: float) -> tuple | None:
        """Return the node's optimal count tree within cap questions if it costs less than bound, else None;
        raises TimeoutError when the search passes `seconds`."""
        counts = [node[m][0] if m in node else 0 for m in self.masks]
        exps = [node[m][1] if m in node else 0 for m in self.masks]
        text = " ".join(map(str, [self.gods, len(self.masks), cap, repr(bound), seconds, self.memo,
                                  *self.masks, *counts, *exps]))
        run = run_child([self.exe], input=text, capture_output=True, text=True)
        lines = run.stdout.split("\n")
        if run.returncode == 3:
            raise TimeoutError
        if run.returncode == 1 and lines[0] == "none":
            return None
        if run.returncode != 0 or not lines[0].startswith("value "):
            raise fail(f"internal error: polish.c exited {run.returncode}: {run.stderr.strip()[-300:]}", 70)
        pos = 1

        def walk(held: dict) -> tuple:
            nonlocal pos
            parts = lines[pos].split()
            pos += 1
            if parts == ["L"]:
                return ("L",)
            g, row = int(parts[1]), [int(x) for x in parts[2:]]
            first = {m: row[i] for i, m in enumerate(self.masks) if m in held and not m >> g & 1}
            a, b = children(held, g, first)
            return ("Q", g, first, walk(a), walk(b))

        return walk(node)


def polish(tree: tuple, node: dict, gods: int, args: argparse.Namespace, tally: dict) -> tuple:
    """Return the tree with each subtree of a node of at most args.nodes worlds replaced by the node's exact
    optimum within args.cap questions where that is cheaper, children first."""
    if tree[0] == "L":
        return tree
    _, g, first, a, b = tree
    na, nb = children(node, g, first)
    tree = ("Q", g, first, polish(a, na, gods, args, tally), polish(b, nb, gods, args, tally))
    if sum(c for c, _ in node.values()) > args.nodes:
        return tree
    now = cost(tree, node)
    tally["tried"] += 1
    try:
        if args.native:
            better = args.native.improve(node, args.cap, now, args.limit)
        else:
            items = tuple(sorted((m, c, e) for m, (c, e) in node.items()))
            exact = Exact(gods, time.monotonic() + args.limit)
            _, split = exact.solve(items, args.cap, now)
            better = exact.tree(items, args.cap) if split is not None else None
    except TimeoutError:
        tally["stopped"] += 1
        print(f"a node of {sum(c for c, _ in node.values())} worlds stopped at --limit", file=sys.stderr, flush=True)
        return tree
    if better is None:
        return tree
    value = cost(better, node)
    if value >= now:
        raise fail("internal error: the exact subtree is not cheaper than the one it replaces", 70)
    tally["improved"] += 1
    tally["gain"] += now - value
    print(f"a node of {sum(c for c, _ in node.values())} worlds: {now:g} -> {value:g}", file=sys.stderr, flush=True)
    return better


def count_lines(tree: tuple, row: Row, masks: list[int]) -> tuple[list[int], list[str], int]:
    """Return a count tree as copies.c's preorder lines (worlds numbered by increasing set mask) and its depth."""
    out: list[str] = []
    deepest = 0

    def walk(t: tuple, node: dict, depth: int) -> None:
        nonlocal deepest
        deepest = max(deepest, depth)
        if t[0] == "L":
            out.append("L")
            return
        _, g, first, a, b = t
        counts = [node[m][0] if m in node and m >> g & 1 else first.get(m, 0) for m in masks]
        out.append(" ".join(["Q", str(g), *map(str, counts)]))
        na, nb = children(node, g, first)
        walk(a, na, depth + 1)
        walk(b, nb, depth + 1)

    walk(tree, {m: (row.k, 0) for m in masks}, 0)
    return out, deepest


def positive(kind):
    """Return an argparse type for a positive number of `kind`."""

    def convert(text: str):
        value = kind(text)
        if not value > 0:
            raise argparse.ArgumentTypeError(f"{text} is not positive")
        return value

    return convert


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tree")
    ap.add_argument("puzzle")
    ap.add_argument("--nodes", type=positive(int), default=40, help="solve nodes of at most this many worlds")
    ap.add_argument("--cap", type=positive(int), default=8, help="questions below a node solved exactly")
    ap.add_argument("--limit", type=positive(float), default=60.0, help="seconds per node")
    ap.add_argument("--engine", choices=("c", "python"), default="c",
                    help="the exact search: polish.c (needs gcc; the default) or the same search in Python")
    ap.add_argument("--memo", type=int, default=19, help="log2 of polish.c's memo entries (400 bytes each)")
    ap.add_argument("--save-tree", help="write the count tree (copies.c's lines) here")
    ap.add_argument("--out", help="write the verified strategy here (JSON)")
    args = ap.parse_args()
    sets, base = read_tree(args.tree)
    row = load_row(args.puzzle)
    masks = sorted(row.by_mask)
    if sorted(sets) != masks:
        raise fail(f"{args.puzzle}: its sets of random gods are not those of {args.tree}", 2)
    if not 10 <= args.memo <= 28:
        raise fail("--memo must be 10 to 28 (log2 of the entries)", 2)
    with tempfile.TemporaryDirectory() as tmp:
        args.native = Native(compile_solver(tmp, "polish"), masks, row.n, args.memo) if args.engine == "c" else None
        run_polish(args, row, base, sets, masks)


def run_polish(args: argparse.Namespace, row: Row, base: tuple, sets: list[int], masks: list[int]) -> None:
    """Polish the composed strategy, print what changed, then word, verify and write the result."""
    start = time.monotonic()
    root = {m: (row.k, 0) for m in masks}
    tree = composed(base, sets, row.k, row.n)
    before = cost(tree, root)
    tally = {"tried": 0, "improved": 0, "stopped": 0, "gain": 0.0}
    tree = polish(tree, root, row.n, args, tally)
    after = cost(tree, root)
    worlds = row.k * len(masks)
    print(f"composed {before / worlds:.6f}, polished {after / worlds:.6f}: {tally['tried']} nodes solved, "
          f"{tally['improved']} cheaper, {tally['stopped']} stopped at --limit ({time.monotonic() - start:.1f} s)")
    lines, depth = count_lines(tree, row, masks)
    if args.save_tree:
        with open(args.save_tree, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
    word_and_verify(row, lines, depth, args.out)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
