"""Every bundled example, solved with its exact answer."""

from fractions import Fraction

import pytest

from smullyan.deduce.solve import solve_deduction
from smullyan.formats.puzzle_toml import load_puzzle
from smullyan.interrogate.solve import solve

from conftest import EXAMPLES

EXPECTED = {
    "hardest.toml": (True, 3, 1),
    "boolos.toml": (True, 3, 1),
    "knight_or_knave.toml": (True, 1, 0),
    "truthful_or_random.toml": (False, None, None),
    "exploding_heads.toml": (True, 2, 2),
    "four_gods.toml": (True, 4, None),
    "five_gods_expected.toml": (True, 5, None),
    "six_gods.toml": (True, 8, None),
    "six_gods_expected.toml": (True, 8, None),
    "four_gods_three_words.toml": (True, 4, None),
    "five_gods_any_length.toml": (True, 9, None),
}
BOUNDED = {"brewery_hard.toml": 4}  # solved with this budget: no strategy of that many questions exists
AVERAGES = {"five_gods_expected.toml": Fraction(163, 40), "six_gods_expected.toml": Fraction(317, 45),
            "five_gods_any_length.toml": Fraction(1337, 240)}


DEDUCTIONS = {  # consistent worlds, and the types of the first (or the grid's first house)
    "smullyan_at_least_one_knave.toml": (1, ("truthful", "liar")),
    "smullyan_both_knaves.toml": (1, ("liar", "truthful")),
    "smullyan_said_knave.toml": (2, ("truthful", "liar", "truthful")),
    "islanders_ages.toml": (1717, ("liar", "liar", "truthful", "truthful", "liar")),
    "einstein.toml": (1, ()),
    "zebra.toml": (1, ()),
}


TEXTS = {"smullyan_truth_tellers.txt": [("truthful", "liar", "liar")], "zebralogic_3x3.txt": [()],
         "three_houses.txt": [()], "four_gods.txt": 4}


def test_every_example_is_listed():
    assert {p.name for p in EXAMPLES.glob("*.toml")} == set(EXPECTED) | set(DEDUCTIONS) | set(BOUNDED)
    assert {p.name for p in EXAMPLES.glob("*.txt")} == set(TEXTS)


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_text_example(name):
    from smullyan.english.read import parse_text
    puzzle = parse_text((EXAMPLES / name).read_text())
    if isinstance(TEXTS[name], int):  # a gods puzzle: the fewest questions
        assert solve(puzzle).questions == TEXTS[name]
        return
    res = solve_deduction(puzzle)
    assert [w.types for w in res.worlds] == TEXTS[name]


@pytest.mark.parametrize("name", sorted(DEDUCTIONS))
def test_deduction_example(name):
    res = solve_deduction(load_puzzle(EXAMPLES / name))
    assert (res.consistent, res.worlds[0].types) == DEDUCTIONS[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example(name):
    sol = solve(load_puzzle(EXAMPLES / name))
    assert (sol.solvable, sol.questions, sol.complexity) == EXPECTED[name]
    if name in AVERAGES:
        assert sol.expected == AVERAGES[name]


@pytest.mark.parametrize("name", sorted(BOUNDED))
def test_bounded_example(name):
    import dataclasses

    puzzle = load_puzzle(EXAMPLES / name)
    sol = solve(dataclasses.replace(puzzle, max_questions=BOUNDED[name]))
    assert not sol.solvable
    assert sol.proof["statement"] == (f"no strategy of at most {BOUNDED[name]} questions identifies the goal, "
                                      "even with every possible question")
