"""docs/leaderboard/nine: nine-god rows of the n-god leaderboard with three or four random gods, below the ranked
search's figures (README, "Beside the n-god leaderboard"). 0, 6, 3's and 0, 5, 4's strategies are the ranked
search's; each liar row's is composed from one of them and polished (benchmarks/gods_average/polish.py, design
note 59). Each is verified against every world and hidden state (under 5 s and 70 MB each; 90 s and 7 GB before
the verifier kept outcome bitmasks)."""

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import smullyan

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "docs" / "leaderboard" / "nine"
ROWS = {  # file stem: (average, worst case, the leaderboard's figure, the ranked search's average)
    "gods_0_6_3": (Fraction(589, 84), 9, 7.059524, Fraction(589, 84)),
    "gods_0_5_4": (Fraction(528665, 64512), 12, 8.456039, Fraction(528665, 64512)),
    "gods_2_4_3": (Fraction(9173, 840), 14, 11.065675, Fraction(442147, 40320)),
    "gods_3_3_3": (Fraction(9529, 840), 14, 11.424702, Fraction(611921, 53760)),
    "gods_1_4_4": (Fraction(3368317, 322560), 17, 11.048462, Fraction(2269033, 215040)),
    "gods_2_3_4": (Fraction(3698057, 322560), 18, 12.119603, Fraction(620957, 53760)),
}


def test_every_file_is_listed():
    assert {p.stem for p in FOLDER.glob("*.toml")} == set(ROWS)


@pytest.mark.parametrize("stem", sorted(ROWS))
def test_each_strategy_verifies_at_or_below_the_ranked_search(stem):
    average, worst, board, ranked = ROWS[stem]
    puzzle = smullyan.load(FOLDER / f"{stem}.toml")
    verdict = smullyan.verify(puzzle, smullyan.load_strategy(FOLDER / f"{stem}_strategy.json", puzzle))
    assert (verdict.ok, verdict.expected, verdict.worst) == (True, average, worst)
    assert average <= ranked and float(average) < board
    assert f"{average} = {float(average):.6f} (worst case {worst})" in puzzle.description


@pytest.mark.parametrize("base", ["gods_0_6_3", "gods_0_5_4"])
def test_each_base_tree_is_tree_of_its_strategy(tmp_path, base):
    out = tmp_path / "t.txt"
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "gods_average" / "tree_of.py"), str(FOLDER / f"{base}.toml"),
                        str(FOLDER / f"{base}_strategy.json"), "--out", str(out)], check=False, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert out.read_text() == (FOLDER / f"{base}_tree.txt").read_text()
