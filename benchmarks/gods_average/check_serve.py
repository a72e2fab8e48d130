"""Cross-check avg.c's `serve` (many queries, one memo) against `query` (one process per query).

Run: python benchmarks/gods_average/check_serve.py [--cases 40] [--seed 5]

Random nodes of 0,4,3 (7 gods, 3 random; 6 to 16 worlds, each god asked 0 or 1 times) are asked three
limits each: a quarter below, just above and half above the node's relaxed value. `serve` answers them all
in one process, in order, so later answers rest on what the memo kept from earlier ones; each must give the
same verdict as a fresh `query` ("value" or "at-least"), the same value, and an "at least" not below its
limit. Exit 0 when all agree, 1 otherwise.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile

from children import run_child
from layers import model_text
from run import compile_solver

N, R, WORLDS = 7, 3, 35


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=40)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    text = model_text(N, R)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_solver(tmp)

        def query(node: str, limit: float) -> list[str]:
            """Return a fresh process's answer to one query, split in words."""
            return run_child([exe, "14", "30", "20", "query", f"limit={limit!r}"], input=text + node + "\n",
                             capture_output=True, text=True, check=False).stdout.split()

        asked, fresh = [], []
        for _ in range(args.cases):
            worlds = sum(1 << w for w in rng.sample(range(WORLDS), rng.randint(6, 16)))
            node = f"{worlds} {' '.join(str(rng.randint(0, 1)) for _ in range(N))}"
            value = float(query(node, 1e9)[1])
            for limit in (value - 0.25, value + 1e-6, value + 0.5):
                if limit > 0:
                    asked.append((node, limit))
                    fresh.append(query(node, limit))
        lines = "".join(f"{node} {limit!r} 30\n" for node, limit in asked)
        served = run_child([exe, "14", "1", "20", "serve"], input=text + lines, capture_output=True, text=True,
                           check=False).stdout.splitlines()
    bad = 0
    for (node, limit), a, line in zip(asked, fresh, served + [""] * (len(asked) - len(served))):
        b = line.split()
        same = (bool(a) and bool(b) and a[0] == b[0] and (a[0] != "value" or float(a[1]) == float(b[1]))
                and (a[0] != "at-least" or float(b[1]) >= limit))
        if not same:
            bad += 1
            print(f"differ: {node} limit {limit!r}: query {' '.join(a[:4])}; serve {' '.join(b[:4])}")
    print(f"{len(asked)} queries, {bad} differ")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
