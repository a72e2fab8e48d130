"""Benchmarks for interrogation puzzles (issue 2). Run: python benchmarks/bench_gods.py

Prints one table: what was measured, our time, the reference time where one runs here, the ratio.
The reference for the classic puzzle is the complete-question-language search of seed 001 (every
subset of worlds as a question, recursive, no memo), re-implemented below in a few lines and run
in this same process. The seed's Prolog solver (1.57 s reported) is not run here.
"""

from __future__ import annotations

import itertools
import platform
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, print_table, timed  # noqa: E402

from smullyan.formats.puzzle_toml import load_puzzle  # noqa: E402
from smullyan.interrogate.closure import closure_levels  # noqa: E402
from smullyan.interrogate.grammar import Grammar  # noqa: E402
from smullyan.interrogate.puzzle import Interrogation  # noqa: E402
from smullyan.interrogate.solve import solve  # noqa: E402
from smullyan.logic.worlds import assignments_from_permutation, build_space  # noqa: E402




def powerset_reference() -> bool:
    """Seed 001's method: ask 'is the world one of these?' for every subset, recurse, first success."""
    worlds = [(perm, yes) for perm in itertools.permutations("TFR") for yes in (0, 1)]  # god types of A, B, C; ja=yes?

    def ask(god: int, subset: frozenset, states: frozenset) -> list[frozenset]:
        ja, da = set(), set()
        for s in states:
            kind = s[0][god]
            truth = s in subset
            says_ja = truth == bool(s[1])
            if kind in "TR":
                (ja if says_ja else da).add(s)
            if kind in "FR":
                (da if says_ja else ja).add(s)
        return [frozenset(ja), frozenset(da)]

    def search(states: frozenset, count: int) -> bool:
        types = {s[0] for s in states}
        if len(types) == 1:
            return True
        if count == 0 or len(types) > 2 ** count:
            return False
        ordered = sorted(states)
        for god in range(3):
            for r in range(len(ordered) + 1):
                for subset in itertools.combinations(ordered, r):
                    if all(search(g, count - 1) for g in ask(god, frozenset(subset), states)):
                        return True
        return False

    return search(frozenset(worlds), 3)


def main() -> None:
    rows = []
    hardest = ROOT / "examples" / "hardest.toml"
    ours, sol = timed(lambda: solve(load_puzzle(hardest)))
    ref, ok = timed(powerset_reference, repeat=3)
    assert sol.questions == 3 and ok
    rows.append(("classic puzzle, in-process (grammar, verified)", ours, ref, "seed 001 powerset search"))

    smullyan = Path(sys.executable).with_name("smullyan")
    cmd = [str(smullyan)] if smullyan.exists() else [sys.executable, "-m", "smullyan.cli"]
    cli, _ = timed(lambda: subprocess.run(cmd + ["solve", str(hardest)], check=True, capture_output=True), repeat=5)
    rows.append(("classic puzzle, whole CLI run", cli, None, ""))

    space = build_space("ABCD", assignments_from_permutation(["truthful", "liar", "liar", "random"]), ["ja", "da"])
    t4, s4 = timed(lambda: solve(Interrogation(space, max_questions=5, language="any")), repeat=3)
    assert s4.questions == 4
    rows.append(("4 gods T,L,L,R: 4 questions, proof 3 fail", t4, None, ""))
    space = build_space("ABCD", assignments_from_permutation(["truthful", "liar", "random", "random"]), ["ja", "da"])
    t5, s5 = timed(lambda: solve(Interrogation(space, language="any")), repeat=3)
    assert not s5.solvable
    rows.append(("4 gods T,L,R,R: proof of no strategy at all", t5, None, ""))

    puzzle = load_puzzle(hardest)
    ctx = puzzle.contexts()
    for c in range(4):
        tc, levels = timed(lambda c=c: closure_levels(ctx, Grammar(ctx), c), repeat=1 if c == 3 else 3)
        last = levels[-1]
        rows.append((f"grammar closure to complexity {c}: {last.tables:,} tables, {last.signatures:,} signatures", tc, None, ""))

    print(f"machine: {platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}")
    print_table(rows)


if __name__ == "__main__":
    main()
