"""A lower bound on every strategy that begins with one root division, raised where the relaxation is loose.

Run: python benchmarks/gods_average/lazy_division.py DIVISION.g6 N R [--target 729/2] [--margin 0.25]
     [--limit 1500] [--query-cap 14] [--query-limit 300] [--solver AVG]

DIVISION.g6 holds one line of genbg's divisions (the root's question goes to god 0; `worst_bound.divisions`),
N and R the gods and random gods (the row with no liars), --target a cost in avg.c's units (worlds x
questions; 0,5,3's 729/112 is 729/2 over its 56 worlds).

avg.c's relaxed search one question below the root's children (cap 2) charges each grandchild its lower
bound. Where that leaves the division below the target (without --target: its relaxed value + --margin) by
D <= --margin, every split of a child whose relaxed value is below the child's value + --margin is listed
(`near=D near-list`): only those can hold the child below that. The child with fewer listed splits is asked
for its value + its share of D (--first-share, half by default: on 0,5,3 each child's relaxation is loose by
about an eighth, not one by a quarter), the other for what is still missing: for each listed split below
that, the two grandchildren are asked, deeper (one avg.c `serve` process, relaxed searches with cap
--query-cap, one query per grandchild limited at what the split needs of it), whether together they reach
it; the child's lower bound is the least over those splits of what they reach, and never more than what it
was asked for. Every number used is a lower bound on every strategy from its node, of any length (avg.c's relaxation), so the
division's bound is the root's mass plus its children's bounds. Arithmetic is exact: avg.c's bounds are sums
of powers of two and its one quotient (the Kraft relaxation's last stage) is rounded down onto a grid of
2^-40, so every number it prints is a double holding a true lower bound exactly, and the sums here (of such
numbers, under 2^9) are exact too. So "reaches" means every strategy from the division, of any length,
costs at least the target, with no margin (SLACK is 0; it was 10^-9 while avg.c's bounds sat 10^-12 of
themselves below the truth, and then covered only strategies of at most 28 questions exactly).
"""

from __future__ import annotations

import argparse
import itertools
import math
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

from children import popen_child, run_child
from layers import model_text
from run import compile_solver, fail
from stitch import least_exponent

SLACK = (
    0.0  # exact arithmetic (above); a positive SLACK would weaken every verdict by it
)


def double_at_least(x: Fraction) -> float:
    """Return the least double at or above x (a target rounded down would weaken "reaches")."""
    near = float(x)
    return near if Fraction(near) >= x else math.nextafter(near, math.inf)


class Grandchildren:
    """Lower bounds of nodes from one avg.c `serve` process, whose memo every query shares."""

    def __init__(
        self, exe: str, text: str, random: list[int], cap: int, limit: float
    ) -> None:
        self.random, self.limit = random, limit
        self.proc = popen_child(
            [exe, str(cap), "1", "22", "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.proc.stdin.write(text)
        self.known: dict[
            tuple[int, tuple[int, ...]], tuple[float, bool]
        ] = {}  # node -> (lower bound, exact)
        self.queries = 0
        self.timeouts = 0
        self.seconds = 0.0

    def close(self) -> None:
        """End the serve process."""
        self.proc.stdin.close()
        self.proc.wait()

    def _ask(self, node: str, limit: float, seconds: float) -> list[str]:
        """Return avg.c's answer to one query (the node, a limit in its own units, seconds), split in words."""
        self.proc.stdin.write(f"{node} {limit!r} {seconds!r}\n")
        self.proc.stdin.flush()
        out = self.proc.stdout.readline().split()
        if not out or out[0] not in ("value", "at-least", "timeout"):
            raise fail(f"avg.c serve gave no answer for the node {node}", 3)
        return out

    def at_least(
        self, worlds: int, asked: list[int], want: float, known: float = 0.0
    ) -> float:
        """Return a lower bound on the node's cost (absolute units), at least `want` when the node reaches it.

        One query, limited at `want` (less SLACK): avg.c answers "at-least" once the node's relaxed value
        reaches it, else with that value itself (exact when nothing in its tree was charged), or, when
        --query-limit runs out, with the bound its memo has raised the node to (kept). Climbing instead, each
        query just above what was proved, took two queries of the same few seconds each where a node rises
        by 1/8 (measured on 0,5,3: 69.875 -> 70 in 5.7 + 5.9 s, or 5.7 s asked at 70 at once).
        `known`: a bound already proved (the listing's)."""
        key = (worlds, tuple(asked))
        bound, exact = self.known.get(key, (known, False))
        if exact or bound >= want - SLACK:
            return bound
        scale = 2.0 ** -least_exponent(worlds, asked, self.random)
        node = f"{worlds} {' '.join(map(str, asked))}"
        start = time.monotonic()
        out = self._ask(node, (want - SLACK) / scale, self.limit)
        self.queries += 1
        print(  # a log line per query on stderr: where a long run is
            f"query {self.queries}: {node} above {bound:.6f} for {want:.6f}: {' '.join(out[:2])} "
            f"({time.monotonic() - start:.1f} s)",
            file=sys.stderr,
            flush=True,
        )
        if (
            out[0] == "timeout"
        ):  # the node's bound, raised by what the memo knows: still a bound
            bound = max(bound, float(out[2]) * scale)
            self.timeouts += 1
        else:
            bound = max(bound, float(out[1]) * scale)
            # a value: the relaxed value itself (exact when nothing in its tree was charged)
            exact = out[0] == "value" and out[out.index("charged") + 1] == "0"
        self.seconds += time.monotonic() - start
        self.known[key] = (bound, exact)
        return bound


def lazy_bounds(
    args: argparse.Namespace,
    listed: list[list[tuple[int, int, int, float, float, float]]],
    child_value: list[float],
    children: tuple[int, int],
    asked: list[int],
    random: list[int],
    root_mass: float,
    goal: float,
    grand: Grandchildren,
) -> list[float]:
    """Return lower bounds on the two root children, raised where their listed splits allow."""
    bounds = list(child_value)
    # the child with fewer listed splits first, asked for its share of the shortfall (--first-share); the
    # other is asked only for what is still missing
    order = sorted((0, 1), key=lambda i: len(listed[i]))
    shortfall = goal - root_mass - child_value[0] - child_value[1]
    for step, i in enumerate(order):
        if step == 0:
            want = child_value[i] + min(args.margin, args.first_share * shortfall)
        else:
            want = min(
                child_value[i] + args.margin, goal - root_mass - bounds[order[0]]
            )
        if want <= child_value[i]:
            print(f"child {i}: relaxed {child_value[i]:.9f}, nothing more needed")
            continue
        child_asked = asked  # the path's questions: absolute masses (avg.c's own units are relative to the heaviest)
        scale = 2.0 ** -least_exponent(children[i], child_asked, random)
        least = want
        # below `enough` this child's bound sinks the division whatever the other child reaches
        # (at most its relaxed value + --margin: its unlisted splits stay there)
        reach_other = (
            child_value[order[1]] + args.margin if step == 0 else bounds[order[0]]
        )
        enough = goal - root_mass - reach_other - SLACK
        # the splits least raised by the relaxation first: a division that fails, fails early
        splits = sorted(listed[i], key=lambda x: x[3] + x[4] + x[5])
        for k, (g, a, b, mass, ba, bb) in enumerate(splits):
            if least < enough:
                # a lower bound still: the splits not asked keep their relaxed values
                least = min(least, sum(splits[k][3:6]) * scale)
                break
            mass, ba, bb = mass * scale, ba * scale, bb * scale
            if mass + ba + bb >= want - SLACK:
                continue
            below = [x + (1 if h == g else 0) for h, x in enumerate(child_asked)]
            la = grand.at_least(a, below, want - mass - bb, ba)
            lb = (
                bb
                if mass + la + bb >= want - SLACK
                else grand.at_least(b, below, want - mass - la, bb)
            )
            least = min(least, mass + la + lb)
        bounds[i] = least
        print(
            f"child {i}: relaxed {child_value[i]:.9f}, {len(listed[i])} splits below it + {args.margin}; "
            f"asked for {want:.9f}, at least {least:.9f}"
            + (
                " (stopped: the division cannot reach the target)"
                if least < enough
                else ""
            ),
            flush=True,
        )
        if least < enough:
            break
    return bounds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("division")
    ap.add_argument("n", type=int)
    ap.add_argument("r", type=int)
    ap.add_argument(
        "--target",
        type=Fraction,
        help="cost units (average x worlds); default: the relaxed value + --margin",
    )
    ap.add_argument(
        "--margin",
        type=float,
        default=0.25,
        help="the most a root child is asked to rise (cost units; its splits within that are listed); "
        "without --target, the shortfall to make up",
    )
    ap.add_argument(
        "--limit", type=float, default=1500.0, help="seconds for the cap-2 search"
    )
    ap.add_argument(
        "--first-share",
        type=float,
        default=0.5,
        help="the part of the shortfall the first child is asked for (the other is asked for the rest)",
    )
    ap.add_argument("--query-cap", type=int, default=14)
    ap.add_argument(
        "--solver",
        help="an avg.c already compiled (by run.compile_solver; default: compiled here)",
    )
    ap.add_argument(
        "--query-limit",
        type=float,
        default=300.0,
        help="seconds for each grandchild's query",
    )
    args = ap.parse_args()
    if not 0 <= args.first_share <= 1:
        raise fail("--first-share is a fraction from 0 to 1", 2)
    try:
        with open(args.division, encoding="utf-8") as fh:
            lines = [line for line in fh.read().splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(f"cannot read {args.division}: {exc}", 2) from None
    if len(lines) != 1:
        raise fail(
            f"{args.division}: one division (one graph6 line) is needed, found {len(lines)}",
            2,
        )
    text = model_text(args.n, args.r)
    random = [
        sum(1 << g for g in w) for w in itertools.combinations(range(args.n), args.r)
    ]
    target = None if args.target is None else double_at_least(args.target)
    with tempfile.TemporaryDirectory() as tmp:
        exe = args.solver or compile_solver(tmp)
        start = time.monotonic()
        run = run_child(
            [
                exe,
                "2",
                str(args.limit),
                "22",
                f"roots={args.division}",
                f"limit={1e9 if target is None else target + SLACK!r}",
                "charged-tree",
                f"near={args.margin!r}",
                "near-list",
            ],
            input=text,
            capture_output=True,
            text=True,
            check=False,
        )
        searched = time.monotonic() - start
        out = run.stdout.splitlines()
        if run.returncode == 0 and out and out[0].startswith("at-least"):
            print(
                f"{args.division}: at least {out[0].split()[1]} at cap 2 ({searched:.0f} s): reaches {target}"
            )
            return
        if not out or not out[0].startswith("value"):
            raise fail(
                f"the cap-2 search gave no value: {' '.join(out[:2]) or run.stderr[-300:]}",
                3,
            )
        value = float(out[0].split()[1])
        share = max(args.first_share, 1 - args.first_share)
        if target is not None and share * (target - value) > args.margin + SLACK:
            raise fail(
                f"the relaxed value {value} is below the target by more than --margin / "
                f"max(--first-share, 1 - --first-share) = {args.margin / share}: raise --margin",
                2,
            )
        tree = out[out.index("tree") + 1 :]
        _, god, left, right = tree[0].split()
        children = (int(left), int(right))
        asked = [0] * args.n
        asked[int(god)] = 1
        listed: list[list[tuple[int, int, int, float, float, float]]] = [[], []]
        child_value = [0.0, 0.0]
        i = 0
        for line in out[1 : out.index("tree")]:
            parts = line.split()
            if parts[0] == "N":
                listed[i].append(
                    (
                        int(parts[1]),
                        int(parts[2]),
                        int(parts[3]),
                        *map(float, parts[4:7]),
                    )
                )
            elif parts[0] == "near":
                child_value[i] = float(parts[8])
                i += 1
        root_mass = sum(
            2.0 ** -least_exponent(1 << w, [0] * args.n, random)
            for w in range(len(random))
        )
        goal = value + args.margin if target is None else target
        grand = Grandchildren(exe, text, random, args.query_cap, args.query_limit)
        try:
            bounds = lazy_bounds(
                args,
                listed,
                child_value,
                children,
                asked,
                random,
                root_mass,
                goal,
                grand,
            )
        finally:
            grand.close()
        total = root_mass + bounds[0] + bounds[1]
        verdict = "reaches" if total >= goal - SLACK else "does not reach"
        print(
            f"{args.division}: relaxed {value:.9f} at cap 2 ({searched:.0f} s); with {grand.queries} grandchildren asked "
            f"deeper ({grand.seconds:.0f} s, {grand.timeouts} stopped by --query-limit) at least {total:.9f}: {verdict} {goal:.9f}"
        )
        if total < goal - SLACK:
            raise SystemExit(1)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except BrokenPipeError:
        sys.exit(1)
