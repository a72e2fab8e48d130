"""Drawing strategy trees as SVG (render.svg). Run: python benchmarks/bench_svg.py

Times `strategy_svg` (median of 7 runs, after one warm-up) on the stored expected-case strategies of
five and six gods, and prints one table: what was drawn, its leaves and depth, the time, the size of
the SVG. No reference runs here (the package draws its own pictures; there is no Graphviz to compare).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, print_table, timed  # noqa: E402

from smullyan.formats.puzzle_toml import load_puzzle  # noqa: E402
from smullyan.interrogate.strategy import Identified, depth  # noqa: E402
from smullyan.render.svg import strategy_svg  # noqa: E402

try:
    from smullyan.formats.strategy_json import strategy_from_json as from_json  # noqa: E402
except ImportError:  # before the move out of interrogate.strategy
    from smullyan.interrogate.strategy import from_json  # noqa: E402

CASES = (("five gods, expected", "five_gods_expected"), ("six gods, expected", "six_gods_expected"))


def leaves(node) -> int:
    """Return the number of leaves of a strategy tree."""
    return 1 if isinstance(node, Identified) else sum(leaves(n) for _, n in node.branches)


def main() -> None:
    rows = []
    for name, stem in CASES:
        puzzle = load_puzzle(ROOT / "examples" / f"{stem}.toml")
        tree = from_json(json.loads((ROOT / "examples" / f"{stem}_strategy.json").read_text()))
        strategy_svg(puzzle, tree, title=puzzle.title)  # warm-up
        t, doc = timed(lambda: strategy_svg(puzzle, tree, title=puzzle.title), repeat=7)
        n = leaves(tree)
        rows.append((f"strategy_svg, {name}: {n} leaves, depth {depth(tree)} (median of 7)", t, None,
                     f"{len(doc) / 1024:.0f} KiB"))
    print_table(rows)


if __name__ == "__main__":
    main()
