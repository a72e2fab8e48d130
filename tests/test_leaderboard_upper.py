"""docs/leaderboard/upper: strategies for the n-god leaderboard's rows with three random gods, below its
upper bounds but not proved optimal: 0, 4, 3's (for 1, 3, 3 and 2, 2, 3) or 0, 5, 3's (for 1, 4, 3 and 2, 3, 3)
optimal strategy followed by a code for the liars (benchmarks/gods_average/compose.py), with its small subtrees
replaced by exact optima of the count model (polish.py).

Each is checked against every world and hidden state; its average must be at most the leaderboard's
figure and at least the root's lower bound for strategies of any length (a sanity check: no verified
strategy can beat a proof)."""

from fractions import Fraction
from pathlib import Path

import pytest

import smullyan
from smullyan.interrogate.solve import average_lower_bound

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "leaderboard" / "upper"
ROWS = {  # file stem: (average, worst case of the strategy, the leaderboard's figure)
    "gods_1_3_3": (Fraction(1121, 140), 12, 8.303850),  # composed from 0, 4, 3, then polished (benchmarks/gods_average)
    "gods_2_2_3": (Fraction(517, 60), 12, 8.927679),  # composed from 0, 4, 3, then polished
    "gods_1_4_3": (Fraction(19759, 2240), 12, 9.041964),  # composed from 0, 5, 3, then polished
    "gods_2_3_3": (Fraction(44109, 4480), 13, 10.075670),
}


def test_every_file_is_listed():
    assert {p.stem for p in FOLDER.glob("*.toml")} == set(ROWS)


@pytest.mark.parametrize("stem", sorted(ROWS))
def test_each_strategy_verifies_below_the_leaderboard(stem):
    average, worst, board = ROWS[stem]
    puzzle = smullyan.load(FOLDER / f"{stem}.toml")
    verdict = smullyan.verify(puzzle, smullyan.load_strategy(FOLDER / f"{stem}_strategy.json", puzzle))
    assert (verdict.ok, verdict.expected, verdict.worst) == (True, average, worst)
    assert float(average) < board
    assert average_lower_bound(puzzle.model) < average
    assert f"{average} = {float(average):.6f}" in puzzle.description


WORST = Path(__file__).resolve().parent.parent / "docs" / "leaderboard" / "worst"
WORST_ROWS = {  # file stem: (worst case, average of the strategy); one question fewer is refuted for all
    # (design note 44: counting leaves); 2,2,3's strategy tells pairs apart first (design note 58)
    "gods_1_3_3": (9, Fraction(1149, 140)),
    "gods_2_2_3": (9, Fraction(9)),
    "gods_1_4_3": (10, Fraction(11449, 1280)),
    "gods_2_3_3": (11, Fraction(45247, 4480)),
}


@pytest.mark.parametrize("stem", sorted(WORST_ROWS))
def test_each_worst_case_strategy_verifies(stem):
    """docs/leaderboard/worst: the fewest-questions strategies for rows the exact search does not finish,
    found by the depth-capped ranked search or (2,2,3) the pair model; 1,3,3's 9, 2,2,3's 9, 1,4,3's 10 and
    2,3,3's 11 meet the counting floor's refutation of one fewer: optimal."""
    worst, average = WORST_ROWS[stem]
    puzzle = smullyan.load(WORST / f"{stem}.toml")
    verdict = smullyan.verify(puzzle, smullyan.load_strategy(WORST / f"{stem}_strategy.json", puzzle))
    assert (verdict.ok, verdict.worst, verdict.expected) == (True, worst, average)
    assert f"needs {worst} questions at worst" in puzzle.description
    assert {p.stem for p in WORST.glob("*.toml")} == set(WORST_ROWS)


def test_two_two_three_needs_nine_questions_and_no_fewer():
    """2,2,3's worst case is 9: the pair model's strategy needs 9 (verified above), and the certificate that 8
    cannot do (the root's leaf load: six layers of T,T,T,T,R,R,R, 6 x 78 > 2**8) passes the separate checker."""
    puzzle = smullyan.load(WORST / "gods_2_2_3.toml")
    document = smullyan.certify(puzzle, questions=8).to_dict()
    checked = smullyan.check_certificate(puzzle, document)
    assert (checked.ok, checked.lemmas, checked.splits) == (True, 1, 0)
    document["claim"]["questions"] = document["lemmas"][0]["questions"] = 9  # 6 x 78 <= 2**9: must fail
    failure = smullyan.check_certificate(puzzle, document).failure
    assert failure.startswith("lemma 1: a question to A leaves no child known to be unsolvable in 8: ja: worlds [0, 2,")
