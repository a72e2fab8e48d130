"""Every bundled example, solved with its exact answer."""

import pytest

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
}


def test_every_example_is_listed():
    assert {p.name for p in EXAMPLES.glob("*.toml")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example(name):
    sol = solve(load_puzzle(EXAMPLES / name))
    assert (sol.solvable, sol.questions, sol.complexity) == EXPECTED[name]
