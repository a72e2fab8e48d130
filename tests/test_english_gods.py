"""The gods puzzle read from English into an interrogation puzzle, then solved."""

import pytest

from smullyan.english.gods import parse_gods
from smullyan.errors import PuzzleError
from smullyan.interrogate.solve import solve

from conftest import EXAMPLES, run

THREE = ("Three gods A, B, and C are called, in no particular order, True, False, and Random. "
         "True always speaks truly, False always speaks falsely, but whether Random speaks truly or falsely "
         "is a completely random matter. Your task is to determine the identities of A, B, and C by asking "
         "three yes-no questions; each question must be put to exactly one god. The gods understand English, "
         "but will answer all questions in their own language, in which the words for yes and no are da and "
         "ja, in some order. You do not know which word means which.")


def test_three_gods_coin_reading():
    p = parse_gods(THREE)
    assert (p.space.agents, p.space.words, p.space.random_mode, p.max_questions) == (("A", "B", "C"), ("da", "ja"), "coin", 3)
    assert p.display == {"truthful": "True", "liar": "False", "random": "Random"}
    sol = solve(p)
    assert (sol.solvable, sol.questions) == (True, 3)


def test_word_reading_and_silence():
    text = THREE.replace("speaks truly or falsely", "answers 'ja' or 'da'") + \
        " A god who cannot answer consistently stays silent."
    p = parse_gods(text.replace("three yes-no questions", "two yes-no questions"))
    assert (p.space.random_mode, p.space.paradox, p.max_questions) == ("word", "silent", 2)
    assert solve(p).questions == 2


@pytest.mark.parametrize("text, message", [
    ("Three gods A, B, and C are called, in some order, True, False, and Wizard.",
     "line 1, column 68: unknown type 'Wizard'"),
    ("Three gods A, B, and C are called, in some order, True, False, and Random.\nThey are very old.",
     "line 2, column 6: unexpected 'are'; expected 'always'"),
    ("Two gods A, B, and C are called, in some order, True, False, and Random.",
     "line 1: 2 gods, 3 names and 3 types do not match"),
])
def test_bad_gods_text(text, message):
    with pytest.raises(PuzzleError) as err:
        parse_gods(text)
    assert err.value.message.startswith(message)


def test_cli_solves_and_verifies_a_text_puzzle(tmp_path):
    r = run("solve", EXAMPLES / "four_gods.txt", "--json")
    assert r.exit_code == 0
    strategy = tmp_path / "s.json"
    strategy.write_text(r.stdout)
    assert '"questions": 4' in r.stdout
    v = run("verify", EXAMPLES / "four_gods.txt", strategy)
    assert v.exit_code == 0 and "identifies the goal in all 24 worlds" in v.stdout
