"""docs/leaderboard: 8- and 9-god strategies for the n-god leaderboard, each verified and proved optimal here.

Each file's strategy is checked against every world and hidden state, and its average must equal the
root's lower bound for strategies of any length (no search: the bound is the proof)."""

from fractions import Fraction
from pathlib import Path

import pytest

import smullyan
from smullyan.interrogate.solve import average_lower_bound

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "leaderboard"
ROWS = {  # file stem: (average, worst case of the strategy, the leaderboard's figure)
    "gods_0_6_2": (Fraction(145, 28), 6, 5.178571),
    "gods_1_5_2": (Fraction(655, 84), 9, 7.833333),
    "gods_2_4_2": (Fraction(3823, 420), 10, 9.107143),
    "gods_3_3_2": (Fraction(1329, 140), 11, 9.533929),
    "gods_0_7_2": (Fraction(11, 2), 7, 5.527778),  # nine gods
    "gods_1_6_2": (Fraction(347, 42), 10, 8.273810),
}


def test_every_file_is_listed():
    assert {p.stem for p in FOLDER.glob("*.toml")} == set(ROWS)


@pytest.mark.parametrize("stem", sorted(ROWS))
def test_each_strategy_verifies_and_meets_the_lower_bound(stem):
    average, worst, board = ROWS[stem]
    puzzle = smullyan.load(FOLDER / f"{stem}.toml")
    verdict = smullyan.verify(puzzle, smullyan.load_strategy(FOLDER / f"{stem}_strategy.json", puzzle))
    assert (verdict.ok, verdict.expected, verdict.worst) == (True, average, worst)
    assert average_lower_bound(puzzle.model) == average  # optimal among strategies of any length
    assert float(average) <= board + 5e-7  # equal to or better than the leaderboard's row
    assert f"{average} = {float(average):.6f}" in puzzle.description
