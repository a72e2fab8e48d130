"""docs/leaderboard/dedicated: rows of the n-god leaderboard settled by the dedicated search of
benchmarks/gods_average (a C branch and bound over the same model; its README says what it proves).

The package cannot repeat that search here (3 minutes of C); what is checked is what anyone can check:
the strategy against every world and hidden state, its exact average, and that it lies between the
package's own proved lower bound and the leaderboard's figure."""

from fractions import Fraction
from pathlib import Path

import pytest

import smullyan
from smullyan.interrogate.solve import average_lower_bound

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "leaderboard" / "dedicated"
ROWS = {  # file stem: (optimal average, worst case of the strategy, the leaderboard's figure)
    "gods_0_4_3": (Fraction(211, 35), 8, 6.232143),
    "gods_0_5_3": (Fraction(729, 112), 8, 6.571429),  # proved division by division (lazy_division.py)
}


def test_every_file_is_listed():
    assert {p.stem for p in FOLDER.glob("*.toml")} == set(ROWS)


@pytest.mark.parametrize("stem", sorted(ROWS))
def test_each_strategy_verifies_with_its_optimal_average(stem):
    average, worst, board = ROWS[stem]
    puzzle = smullyan.load(FOLDER / f"{stem}.toml")
    verdict = smullyan.verify(puzzle, smullyan.load_strategy(FOLDER / f"{stem}_strategy.json", puzzle))
    assert (verdict.ok, verdict.expected, verdict.worst) == (True, average, worst)
    assert float(average) < board
    assert average_lower_bound(puzzle.model) < average  # above the root's cheap bound: a search was needed
    assert f"{average} = {float(average):.6f}" in puzzle.description
