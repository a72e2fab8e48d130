"""benchmarks/gods_average/polish.py: compose.py's strategy for a liar row (the row without liars' tree, then a
code for the liars) with its small subtrees replaced by exact optima of the count model. From the stored tree of
0, 4, 3 it gives 1, 3, 3 a verified 1121/140 (composed: 281/35) and 2, 2, 3 517/60 (composed: 913/105; the
ranked search's was 19331/2240); bad input exits 2 naming the file and line."""

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import smullyan

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "gods_average" / "polish.py"
TREE = ROOT / "docs" / "leaderboard" / "dedicated" / "gods_0_4_3_tree.txt"
UPPER = ROOT / "docs" / "leaderboard" / "upper"


def _polish(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], check=False, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("row, summary, average, worst", [
    ("gods_1_3_3", "composed 8.028571, polished 8.007143: 312 nodes solved, 12 cheaper", Fraction(1121, 140), 12),
    ("gods_2_2_3", "composed 8.695238, polished 8.616667: 462 nodes solved, 36 cheaper", Fraction(517, 60), 12),
])
def test_polishing_the_composed_strategies_of_the_seven_god_rows(tmp_path, row, summary, average, worst):
    out, saved = tmp_path / "s.json", tmp_path / "t.txt"
    r = _polish(TREE, UPPER / f"{row}.toml", "--out", out, "--save-tree", saved)
    assert r.returncode == 0, r.stderr
    first, second = r.stdout.strip().split("\n")
    assert first.startswith(summary + ", 0 stopped at --limit (")
    assert second.endswith(f"a strategy of {worst} questions at worst (average {average} = {float(average):.6f}), "
                           "verified against every world and hidden state")
    puzzle = smullyan.load(UPPER / f"{row}.toml")
    verdict = smullyan.verify(puzzle, smullyan.load_strategy(out, puzzle))
    assert (verdict.ok, verdict.expected, verdict.worst) == (True, average, worst)
    assert saved.read_text().startswith("Q 0 ")


def test_the_c_and_python_searches_polish_alike():
    """polish.c against the same search in Python: the same nodes solved, the same ones cheaper, the same
    average (1, 3, 3, nodes of at most 12 worlds)."""
    runs = [_polish(TREE, UPPER / "gods_1_3_3.toml", "--nodes", 12, "--engine", engine) for engine in ("c", "python")]
    assert [r.returncode for r in runs] == [0, 0]
    heads = [r.stdout.split(" (")[0] for r in runs]
    assert heads == ["composed 8.028571, polished 8.010714: 276 nodes solved, 10 cheaper, 0 stopped at --limit"] * 2
    assert all("(average 2243/280 = 8.010714)" in r.stdout for r in runs)


def test_a_node_cap_of_one_keeps_the_composed_strategy():
    r = _polish(TREE, UPPER / "gods_1_3_3.toml", "--nodes", 1)
    assert r.returncode == 0, r.stderr
    assert "(average 281/35 = 8.028571)" in r.stdout


@pytest.mark.parametrize("edit, message", [
    (lambda lines: ["35 1 2"] + lines[1:], "line 1: not the first line of a tree written by run.py --tree"),
    (lambda lines: lines[:1] + ["B 0 1 2"] + lines[2:], "line 2: not a node (\"A g yes no\" or \"L w\"): B 0 1 2"),
    (lambda lines: lines[:1] + ["L 35"] + lines[2:], "line 2: not a node"),
    (lambda lines: lines[:1] + ["A 0 1 2"] + lines[2:],
     "line 2: not a division of the node's worlds by a question to god 0: A 0 1 2"),
    (lambda lines: lines[:1] + ["A 9" + lines[1][3:]] + lines[2:],
     "line 2: not a division of the node's worlds by a question to god 9"),
    (lambda lines: lines[:6] + ["L 1"] + lines[7:], "line 7: the leaf names world 1 but the node holds world 0"),
    (lambda lines: lines[:1] + ["L 0"] + lines[2:], "line 2: the leaf names world 0 but the node holds 35 worlds"),
    (lambda lines: lines + ["L 0"], "line 161: lines after the tree"),
    (lambda lines: lines[:-2], "the tree ends early"),
])
def test_a_tree_that_is_not_one_exits_two_naming_the_line(tmp_path, edit, message):
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(edit(TREE.read_text().splitlines())) + "\n")
    r = _polish(bad, UPPER / "gods_1_3_3.toml")
    assert r.returncode == 2
    assert r.stderr.startswith(str(bad)) and message in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_a_row_with_other_random_sets_or_bad_options_exits_two(tmp_path):
    r = _polish(TREE, UPPER / "gods_1_4_3.toml")
    expected = f"{UPPER / 'gods_1_4_3.toml'}: its sets of random gods are not those of {TREE}"
    assert (r.returncode, r.stderr.strip()) == (2, expected)
    r = _polish(TREE, UPPER / "gods_1_3_3.toml", "--nodes", 0)
    assert r.returncode == 2 and "--nodes: 0 is not positive" in r.stderr
    r = _polish(tmp_path / "missing.txt", UPPER / "gods_1_3_3.toml")
    assert r.returncode == 2 and r.stderr.startswith(f"{tmp_path / 'missing.txt'}: cannot read")


TREE_OF = ROOT / "benchmarks" / "gods_average" / "tree_of.py"
DEDICATED = ROOT / "docs" / "leaderboard" / "dedicated"


def _tree_of(*args):
    return subprocess.run([sys.executable, str(TREE_OF), *map(str, args)], check=False, capture_output=True,
                          text=True, timeout=300)


def test_tree_of_reads_a_verified_strategy_as_the_tree_polish_starts_from(tmp_path):
    """0, 5, 3's stored tree is tree_of.py's reading of its verified strategy (729/112): the same text again."""
    out = tmp_path / "t.txt"
    r = _tree_of(DEDICATED / "gods_0_5_3.toml", DEDICATED / "gods_0_5_3_strategy.json", "--out", out)
    assert (r.returncode, r.stdout.strip()) == (0, f"{out}: 56 sets of random gods, 103 questions")
    assert out.read_text() == (DEDICATED / "gods_0_5_3_tree.txt").read_text()
    r = _tree_of(DEDICATED / "gods_0_4_3.toml", DEDICATED / "gods_0_4_3_strategy.json", "--out", out)
    assert r.returncode == 0, r.stderr
    r = _polish(out, UPPER / "gods_1_3_3.toml", "--nodes", 1)
    assert r.returncode == 0 and "(average 281/35 = 8.028571)" in r.stdout


def test_tree_of_refuses_a_liar_row_and_a_strategy_of_another_puzzle(tmp_path):
    r = _tree_of(UPPER / "gods_1_3_3.toml", UPPER / "gods_1_3_3_strategy.json", "--out", tmp_path / "t.txt")
    assert (r.returncode, r.stderr.strip()) == (2, (f"{UPPER / 'gods_1_3_3.toml'}: tree_of.py needs a row of truthful "
                                                   "and random gods only"))
    r = _tree_of(DEDICATED / "gods_0_4_3.toml", DEDICATED / "gods_0_5_3_strategy.json", "--out", tmp_path / "t.txt")
    assert (r.returncode, r.stderr.strip()) == (2, (f"{DEDICATED / 'gods_0_5_3_strategy.json'}: unknown agent 'H'; "
                                                   "agents are A, B, C, D, E, F, G"))
    assert not (tmp_path / "t.txt").exists()
