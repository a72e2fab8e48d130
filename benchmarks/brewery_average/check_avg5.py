"""Compare avg5.c with brute.py (a naive search sharing no code with it) on random small nodes.

Run (from this folder): python check_avg5.py [SEED] [CASES] [--wide]. Builds avg5 with gcc into a temporary
folder, then for each random node (2-8 worlds on 2-6 role assignments, exponents 0-2, 1-3 questions)
checks that `avg5 node D` equals brute.BF, that with a budget one unit above it says "below" with that
value and with the value as budget "not below" (the pruning's edge), and that `avg5 slice D` (the known-neither-word lower bound)
does not exceed it. Then it rebuilds nothing but sets AVG5_FLOOR_PLUS=1 (a lower bound one unit too
high) and reports how many nodes that wrong bound changes: a checker that misses it proves little.
--wide checks the -DWIDE build (4-bit codes, units 3^-12) instead, on nodes whose exponents reach 5.
"""
import os
import random
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import brute

HERE = Path(__file__).resolve().parent
UNITS = 3 ** 8  # avg5.c's K
WIDE_UNITS = 3 ** 12  # its K with -DWIDE


def run(exe, mode, d, node, env=None, ub=None, units=UNITS):
    """Return avg5's answer for node within d questions, as a Fraction per e=0 world, or brute.INF;
    with ub (a Fraction), ("below", value) or ("not below", lower bound)."""
    text = " ".join(f"{w} {e}" for w, e in node)
    extra = [] if ub is None else [str(int(ub * units))]
    out = subprocess.run([exe, mode, str(d), *extra], input=text, capture_output=True, text=True, check=True,
                         env=env).stdout.strip()
    if out.startswith(">= "):
        return "not below", Fraction(int(out[3:]), units)
    v = brute.INF if out == "inf" else Fraction(int(out), units)
    return v if ub is None else ("below", v)


def agrees(exe, node, d, b, env=None, units=UNITS):
    """Return whether avg5 gives brute's value b, and with a budget just above b and at b, says so."""
    if run(exe, "node", d, node, env, units=units) != b:
        return False
    if b == 0 or b >= brute.INF:
        return True
    above = run(exe, "node", d, node, env, b + Fraction(1, units), units)
    at = run(exe, "node", d, node, env, b, units)
    return above == ("below", b) and at[0] == "not below" and b <= at[1] <= b + 1


def random_node(rng, wide=False):
    """Return a random node (worlds with exponents) and a question budget."""
    pis = rng.sample(range(24), rng.randint(2, 6))
    cand = [3 * i + x for i in pis for x in range(3)]
    n = rng.randint(2, 8)
    exps = [0, 0, 1, 2, 3, 4, 5] if wide else [0, 0, 1, 2]
    node = [(w, rng.choice(exps)) for w in rng.sample(cand, min(n, len(cand)))]
    return node, (rng.randint(1, 2) if n > 6 else rng.randint(1, 3))


def main():
    args = [a for a in sys.argv[1:] if a != "--wide"]
    wide = len(args) < len(sys.argv) - 1
    units = WIDE_UNITS if wide else UNITS
    try:
        seed = int(args[0]) if len(args) > 0 else 0
        cases = int(args[1]) if len(args) > 1 else 300
        if len(args) > 2:
            raise ValueError(args[2])
    except ValueError:
        print("usage: python check_avg5.py [SEED] [CASES] [--wide] (integers)", file=sys.stderr)
        return 2
    if cases < 1:
        print("bad CASES: at least 1", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        exe = str(Path(tmp) / "avg5")
        subprocess.run(["gcc", "-O2", *(["-DWIDE"] if wide else []), "-o", exe, str(HERE / "avg5.c")], check=True)
        rng = random.Random(seed)
        nodes = [random_node(rng, wide) for _ in range(cases)]
        t = time.time()
        truth = [brute.BF(node, d) for node, d in nodes]
        bad = 0
        for (node, d), b in zip(nodes, truth):
            lb = run(exe, "slice", d, node, units=units)
            if not agrees(exe, node, d, b, units=units) or lb > b:
                bad += 1
                print("MISMATCH", node, d, "brute", b, "avg5", run(exe, "node", d, node, units=units), "bound", lb)
        print(f"{cases} nodes: {cases - bad} agree ({time.time() - t:.1f} s)")
        env = dict(os.environ, AVG5_FLOOR_PLUS="1")
        caught = sum(not agrees(exe, node, d, b, env, units) for (node, d), b in zip(nodes, truth))
        print(f"with a lower bound one unit too high, {caught} of {cases} nodes change")
        return 1 if bad or not caught else 0


if __name__ == "__main__":
    sys.exit(main())
