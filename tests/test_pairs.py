"""benchmarks/gods_average/pairs.py: a liar row's strategy from the count model with each set's worlds taken in
pairs (design note 58). The pair search itself is C (copies.c, 31 minutes for 2,2,3); what is checked here is
its stored result: the pair tree doubles into 2,2,3's 9-question strategy, worded and verified, and a pair tree
that is not one is refused with the file and line."""

import subprocess
import sys
from pathlib import Path

import pytest

import smullyan

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "gods_average" / "pairs.py"
WORST = ROOT / "docs" / "leaderboard" / "worst"


def _pairs(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], check=False, capture_output=True, text=True,
                          timeout=300)


def test_the_stored_pair_tree_doubles_into_a_verified_nine_question_strategy(tmp_path):
    out = tmp_path / "s.json"
    r = _pairs(WORST / "gods_2_2_3.toml", "--depth", 9, "--tree", WORST / "gods_2_2_3_pairs.txt", "--out", out)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith("a strategy of 9 questions at worst (average 9 = 9.000000), verified against "
                                     "every world and hidden state (pairs)")
    puzzle = smullyan.load(WORST / "gods_2_2_3.toml")
    verdict = smullyan.verify(puzzle, smullyan.load_strategy(out, puzzle))
    assert (verdict.ok, verdict.worst) == (True, 9)


@pytest.mark.parametrize("edit, message", [
    (lambda lines: lines[:1] + ["Q 9" + lines[1][3:]] + lines[2:], "line 2: no god 9"),
    (lambda lines: lines[:1] + ["L"], "line 2: a leaf of the pair tree holds 105 pairs"),
    (lambda lines: lines + ["L"], "line 513: lines after the pair tree"),
    (lambda lines: lines[:-1], "the pair tree ends early"),
    (lambda lines: ["feasible 7"] + lines[1:], "line 1: expected \"feasible 8\""),
])
def test_a_wrong_pair_tree_is_bad_input_naming_the_line(tmp_path, edit, message):
    lines = (WORST / "gods_2_2_3_pairs.txt").read_text().splitlines()
    bad = tmp_path / "pairs.txt"
    bad.write_text("\n".join(edit(lines)) + "\n")
    r = _pairs(WORST / "gods_2_2_3.toml", "--depth", 9, "--tree", bad)
    assert (r.returncode, r.stderr) == (2, f"{bad}: {message}\n")
