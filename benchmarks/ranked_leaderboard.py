"""The ranked search beside the n-god leaderboard: verified upper bounds for the rows it lists as open.

Run: python benchmarks/ranked_leaderboard.py [--gods 7,8] [--widths 6,3,2,1] [--limit SECONDS]

For each row of the leaderboard (github.com/DanielVallstrom/hardest, best_known_bounds.csv, figures
copied below with their status) with n gods, the ranked search (design note 38) runs with the given
widths; its strategy is worded and verified against every world and hidden state, and the verified
exact average is printed beside the leaderboard's figure with their ratio. Rows the leaderboard marks
optimal are left out (the exact survey settles them). Nothing here is a proof of optimality.
"""

from __future__ import annotations

import argparse
import time

from smullyan.errors import SearchLimitReached
from smullyan.interrogate.ranked import ranked_strategy
from smullyan.interrogate.search import Budget, Limits
from smullyan.survey.table import Reading, gods_puzzle

# (liars, truthful, random): (expected questions, status), from best_known_bounds.csv
LEADERBOARD = {
    (0, 3, 2): (4.137500, "conjectured"), (1, 2, 2): (5.683333, "conjectured"),
    (0, 4, 2): (4.400000, "conjectured"), (1, 3, 2): (6.400000, "conjectured"),
    (2, 2, 2): (7.055556, "conjectured"),
    (0, 5, 2): (4.904762, "conjectured"), (1, 4, 2): (7.161905, "conjectured"),
    (2, 3, 2): (8.161905, "upper bound"), (0, 4, 3): (6.232143, "upper bound"),
    (1, 3, 3): (8.303850, "upper bound"), (2, 2, 3): (8.927679, "upper bound"),
    (0, 6, 2): (5.178571, "conjectured"), (1, 5, 2): (7.833333, "conjectured"),
    (2, 4, 2): (9.107143, "upper bound"), (3, 3, 2): (9.533929, "upper bound"),
    (0, 5, 3): (6.571429, "upper bound"), (1, 4, 3): (9.041964, "upper bound"),
    (2, 3, 3): (10.075670, "upper bound"),
    (0, 7, 2): (5.527778, "conjectured"), (1, 6, 2): (8.273810, "likely"),
    (2, 5, 2): (9.956349, "upper bound"), (3, 4, 2): (10.691270, "upper bound"),
    (0, 6, 3): (7.059524, "likely"), (1, 5, 3): (9.696429, "upper bound"),
    (2, 4, 3): (11.065675, "upper bound"), (3, 3, 3): (11.424702, "upper bound"),
    (0, 5, 4): (8.456039, "upper bound"), (1, 4, 4): (11.048462, "upper bound"),
    (2, 3, 4): (12.119603, "upper bound"),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gods", default="7")
    ap.add_argument("--widths", default="6,3,2,1")
    ap.add_argument("--limit", type=float, default=600.0)
    args = ap.parse_args()
    sizes = {int(x) for x in args.gods.split(",")}
    widths = tuple(int(x) for x in args.widths.split(","))
    print("| liars, truthful, random | leaderboard (status) | ranked average | worst | seconds | ratio | verdict |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for (f, t, r), (board, status) in LEADERBOARD.items():
        if f + t + r not in sizes:
            continue
        types = ("truthful",) * t + ("liar",) * f + ("random",) * r
        start = time.perf_counter()
        try:
            found = ranked_strategy(gods_puzzle(types, Reading()), Budget(Limits(seconds=args.limit)), widths=widths)
        except SearchLimitReached:
            found = None
        seconds = time.perf_counter() - start
        if found is None:
            print(f"| {f}, {t}, {r} | {board:.6f} ({status}) | not reached | | {seconds:.1f} | | |", flush=True)
            continue
        value = float(found.expected)
        verdict = "better" if value < board - 5e-7 else "equal" if value <= board + 5e-7 else "worse"
        print(f"| {f}, {t}, {r} | {board:.6f} ({status}) | {found.expected} = {value:.6f} | {found.worst} | "
              f"{seconds:.1f} | {value / board:.4f} | {verdict} |", flush=True)


if __name__ == "__main__":
    main()
