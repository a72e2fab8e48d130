"""Fewest questions on average: exact optima, checked against the verifier's own count."""

from fractions import Fraction

import pytest

from smullyan.formats.puzzle_toml import load_puzzle
from smullyan.interrogate.solve import solve
from smullyan.interrogate.verify import verify

from conftest import EXAMPLES, allowed, gods


@pytest.mark.parametrize("types, within, expected, worst", [
    (["truthful", "liar", "random"], 3, Fraction(3), 3),
    (["truthful", "liar", "random"], 4, Fraction(3), 3),
    (["truthful", "liar", "liar", "random"], 5, Fraction(47, 12), 4),  # 4 reach the same average
    (["truthful", "truthful", "liar", "liar", "random"], 7, Fraction(77, 15), 6),
    (["random", "random", "liar", "liar", "liar"], 5, Fraction(163, 40), 5),
    (["random", "random", "liar", "liar", "liar"], 6, Fraction(163, 40), 5),
])
def test_expected_optimum(types, within, expected, worst):
    p = gods(types, language="any", max_questions=within, objective="expected")
    sol = solve(p)
    assert (sol.expected, sol.questions) == (expected, worst)
    v = verify(p, sol.strategy)
    assert (v.ok, v.expected) == (True, expected)


def test_five_gods_beat_the_published_average():
    # the published strategy for Random, Random, False, False, False averages 4.15 questions
    sol = solve(load_puzzle(EXAMPLES / "five_gods_expected.toml"))
    assert sol.expected == Fraction(163, 40) and sol.expected < Fraction(415, 100)


def test_same_worst_case_better_average():
    # four gods T, L, L, R: the worst-case search's strategy asks 4 at most and 95/24 on average;
    # the expected objective keeps the worst case at 4 and averages 47/12
    worst = solve(gods(["truthful", "liar", "liar", "random"], language="any", max_questions=4))
    best = solve(gods(["truthful", "liar", "liar", "random"], language="any", max_questions=4, objective="expected"))
    assert (worst.questions, worst.expected) == (4, Fraction(95, 24))
    assert (best.questions, best.expected) == (4, Fraction(47, 12))


def test_two_independent_knights_need_two_questions_even_on_average():
    p = allowed({"A": ["truthful", "liar"], "B": ["truthful", "liar"]}, words=None, language="any",
                max_questions=2, objective="expected")
    assert solve(p).expected == Fraction(2)


def test_five_gods_optimum_strategy_file_verifies():
    # the README's 5-god optimum, as a file anyone can check with `smullyan verify`
    import json

    from smullyan.formats.strategy_json import strategy_from_json as from_json

    p = load_puzzle(EXAMPLES / "five_gods_expected.toml")
    strategy = from_json(json.loads((EXAMPLES / "five_gods_expected_strategy.json").read_text()))
    v = verify(p, strategy)
    assert (v.ok, v.worst, v.expected) == (True, 5, Fraction(163, 40))


def test_six_gods_optimum_strategy_file_verifies():
    # T, T, L, L, R, R: the least average within 8 questions (and within 9), 317/45, as a file `smullyan verify` checks
    import json

    from smullyan.formats.strategy_json import strategy_from_json as from_json

    p = load_puzzle(EXAMPLES / "six_gods_expected.toml")
    strategy = from_json(json.loads((EXAMPLES / "six_gods_expected_strategy.json").read_text()))
    v = verify(p, strategy)
    assert (v.ok, v.worst, v.expected) == (True, 8, Fraction(317, 45))


def test_any_length_optimum_strategy_file_verifies():
    # T, T, L, R, R: 1337/240, proved optimal for strategies of any length (design note 29), as a file
    import json

    from smullyan.formats.strategy_json import strategy_from_json as from_json

    p = load_puzzle(EXAMPLES / "five_gods_any_length.toml")
    strategy = from_json(json.loads((EXAMPLES / "five_gods_any_length_strategy.json").read_text()))
    v = verify(p, strategy)
    assert (v.ok, v.worst, v.expected) == (True, 9, Fraction(1337, 240))
