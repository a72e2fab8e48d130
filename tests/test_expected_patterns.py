"""Expected questions over counted patterns: agreement with the representative search, code bounds."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smullyan.interrogate.anylang import AnyLanguage
from smullyan.interrogate.expected import ExpectedSearch
from smullyan.interrogate.expected_patterns import PatternExpected, code_lengths, package_merge
from smullyan.interrogate.patterns import PatternSearch
from smullyan.interrogate.search import Budget

from conftest import gods

NAMES = {"T": "truthful", "L": "liar", "R": "random"}


def best_code(weights, limit):
    """Return the least sum of weight x length over all length vectors meeting Kraft (brute force)."""
    best = None
    for lengths in itertools.product(range(1, limit + 1), repeat=len(weights)):
        if sum(Fraction(1, 2 ** l) for l in lengths) <= 1:
            cost = sum(w * l for w, l in zip(weights, lengths))
            best = cost if best is None else min(best, cost)
    return best


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=2, max_size=5), st.integers(1, 4))
def test_package_merge_is_the_best_length_limited_code(weights, limit):
    if len(weights) > 2 ** limit:
        return
    assert package_merge(weights, limit) == best_code(weights, limit)
    lengths = code_lengths(weights, limit)
    assert max(lengths) <= limit and sum(Fraction(1, 2 ** l) for l in lengths) <= 1
    assert sum(w * l for w, l in zip(weights, lengths)) == package_merge(weights, limit)


@pytest.mark.parametrize("spec, within", [("TLR", 3), ("TLR", 4), ("TTLL", 3), ("TLLR", 4), ("TLLR", 5), ("RRLLL", 5)])
def test_counted_search_agrees_with_the_representative_search(spec, within):
    p = gods([NAMES[c] for c in spec], random="coin", language="any")
    budget = Budget()
    anyl = AnyLanguage(p.contexts(), p.goal, budget)
    worst = PatternSearch.applicable(anyl, budget)
    counted = PatternExpected(worst, budget)
    plain = ExpectedSearch(anyl, worst, budget)
    levels = {r: 0 for r in range(anyl.n_reps)}
    masses = {r: Fraction(len(m)) for r, m in enumerate(anyl.members)}
    assert counted.value(counted.state_of(levels), within) == plain.value(masses, within)
